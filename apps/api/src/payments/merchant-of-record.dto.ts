import { SUPPORTED_LOCALES } from '@store/domain';
import { IsIn, IsOptional, Matches } from 'class-validator';

const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;
/** The provider's ids: letters, digits and a few separators. */
const PROVIDER_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const LOCALES = SUPPORTED_LOCALES.map((locale) => locale.urlFriendly);

/** MERCHANT_OF_RECORD_CREATE_CHECKOUT (spec 2 §7). The billing address and basket are the stored ones; the page's copies are only checked for being there. */
export class MorCreateCheckoutDto {
  @Matches(REFERENCE, { message: 'basketReference is not a basket reference' })
  basketReference!: string;

  @IsOptional()
  @IsIn(LOCALES, { message: 'locale is not one of the store locales' })
  locale?: string;

  @IsOptional() billingAddress?: unknown;
  @IsOptional() basket?: unknown;
}

/** create-and-attach tax id (spec 2 §7). */
export class MorAttachTaxIdDto {
  @Matches(REFERENCE, { message: 'basketReference is not a basket reference' })
  basketReference!: string;

  @Matches(PROVIDER_ID, { message: 'checkoutId is not a checkout id' })
  checkoutId!: string;

  @Matches(/^[a-z]{2}(_[a-z]{2,12})?$/, { message: 'type is not a tax identifier type' })
  type!: string;

  @Matches(/^[A-Za-z0-9 .\-/]{2,32}$/, { message: 'The tax identifier you have entered is not valid.' })
  taxId!: string;
}

/** attach payment source (spec 2 §7). */
export class MorAttachSourceDto {
  @Matches(REFERENCE, { message: 'basketReference is not a basket reference' })
  basketReference!: string;

  @Matches(PROVIDER_ID, { message: 'checkoutId is not a checkout id' })
  checkoutId!: string;

  @Matches(PROVIDER_ID, { message: 'sourceId is not a source id' })
  sourceId!: string;
}
