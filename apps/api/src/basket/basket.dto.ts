import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SUPPORTED_LOCALES } from '@store/domain';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';

const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

export class AddBasketLineDto {
  @ApiProperty({ example: 'photo-2' })
  @IsString()
  @Matches(REFERENCE, { message: 'product_suite_reference is not a product reference' })
  product_suite_reference!: string;

  @ApiPropertyOptional({ example: 'macos' })
  @IsOptional()
  @IsString()
  @Matches(/^[a-z0-9-]{1,32}$/, { message: 'choice is not a product choice' })
  choice?: string;

  @ApiPropertyOptional({ example: 'en-gb', description: 'The storefront locale; picks the country account of a new basket' })
  @IsOptional()
  @IsIn(SUPPORTED_LOCALES.map((locale) => locale.urlFriendly), { message: 'locale is not one of the store locales' })
  locale?: string;
}

export class BasketReferenceParams {
  @Matches(REFERENCE, { message: 'reference is not a basket reference' })
  reference!: string;
}

export class SessionQuery {
  @IsOptional()
  @Matches(REFERENCE, { message: 'basket_ref is not a basket reference' })
  basket_ref?: string;
}

export class BasketReferenceDto {
  @Matches(REFERENCE, { message: 'reference is not a basket reference' })
  reference!: string;
}
