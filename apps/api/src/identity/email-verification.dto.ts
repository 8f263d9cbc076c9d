import { ApiPropertyOptional } from '@nestjs/swagger';
import { SUPPORTED_LOCALES } from '@store/domain';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { SatisfiesRule } from '../http/domain-rule.decorator';
import { emailField } from './email-field';

export class SendEmailVerificationDto {
  @ApiPropertyOptional({ example: 'en-gb', description: 'The storefront the mailed link opens' })
  @IsOptional()
  @IsIn(SUPPORTED_LOCALES.map((locale) => locale.urlFriendly), { message: 'locale is not one of the store locales' })
  locale?: string;
}

export class ConfirmEmailDto {
  @IsString()
  @SatisfiesRule(emailField)
  email!: string;

  @IsString()
  @Matches(/^[A-Za-z0-9_-]{20,128}$/, { message: 'token is not a verification token' })
  token!: string;
}
