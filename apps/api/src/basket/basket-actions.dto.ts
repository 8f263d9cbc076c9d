import { SUPPORTED_LOCALES } from '@store/domain';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;
const LOCALES = SUPPORTED_LOCALES.map((locale) => locale.urlFriendly);

/** Every basket action names the basket and may carry the stale hash the page shows (our addition). */
class BasketPayload {
  @IsString()
  @Matches(REFERENCE, { message: 'basketReference is not a basket reference' })
  basketReference!: string;

  @IsOptional()
  @IsString()
  @Matches(/^[0-9a-f]{16}$/, { message: 'basketStaleHash is not a stale hash' })
  basketStaleHash?: string;
}

class LinePayload extends BasketPayload {
  @IsString()
  @Matches(REFERENCE, { message: 'lineReference is not a line reference' })
  lineReference!: string;

  @IsOptional()
  @IsIn(LOCALES, { message: 'locale is not one of the store locales' })
  locale?: string;
}

export class ChangeChoicePayload extends LinePayload {
  @IsString()
  @Matches(/^[a-z0-9-]{1,32}$/, { message: 'choice is not a product choice' })
  choice!: string;
}

export class ChangeQuantityPayload extends LinePayload {
  /** Whole numbers only here; the product's own limits answer 200002 (spec 2 §8). */
  @IsInt({ message: 'quantity must be a whole number' })
  quantity!: number;
}

export class RemoveLinePayload extends LinePayload {}

export class ApplyDiscountPayload extends BasketPayload {
  @IsString()
  @MaxLength(64, { message: 'Enter a valid voucher code' })
  @Matches(/^\s*[A-Za-z0-9-]{1,64}\s*$/, { message: 'Enter a valid voucher code' })
  code!: string;
}

export class RemoveDiscountPayload extends BasketPayload {}

/** The spec 1 §5 validVoucherCode rule, with its message, before the code is looked up. */
export class ApplyVoucherPayload extends BasketPayload {
  @IsString({ message: 'Enter a valid voucher code' })
  @MaxLength(64, { message: 'Enter a valid voucher code' })
  @Matches(/^\s*[A-Za-z0-9](?:[A-Za-z0-9-]{2,30})[A-Za-z0-9]\s*$/, { message: 'Enter a valid voucher code' })
  code!: string;
}

export class RemoveVoucherPayload extends BasketPayload {}

export class ShippingCountryPayload extends BasketPayload {
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'country is not a country code' })
  country!: string;
}
