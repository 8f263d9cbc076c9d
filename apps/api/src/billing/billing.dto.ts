import { COUNTRIES } from '@store/domain';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';

const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

/** The fields of a postal address: shape and size only, the rules are the domain's. */
class AddressFieldsPayload {
  @IsOptional() @IsString() @MaxLength(1000) line_1?: string;
  @IsOptional() @IsString() @MaxLength(1000) line_2?: string;
  @IsOptional() @IsString() @MaxLength(1000) line_3?: string;
  @IsOptional() @IsString() @MaxLength(1000) city?: string;
  @IsOptional() @IsString() @MaxLength(1000) county?: string;
  /** A region code (the column holds 8): a country without a region list keeps whatever is sent, so it is bounded here. */
  @IsOptional() @IsString() @MaxLength(8) state?: string;
  @IsOptional() @IsString() @MaxLength(1000) postal_code?: string;
  @IsOptional() @IsString() @MaxLength(1000) country?: string;
}

/** A delivery address: the billing address's fields without the Tax ID. */
export class ShippingAddressPayload extends AddressFieldsPayload {}

/**
 * CREATE_CUSTOMER_INVOICE_ADDRESS (spec 1 §7, spec 2 §7). Only shape and size here: the address rules
 * (required fields per country, character blacklists, state lists, the Tax ID) are the domain's and
 * answer with field messages from SaveBillingAddress.
 */
export class InvoiceAddressPayload extends AddressFieldsPayload {
  @IsOptional()
  @Matches(REFERENCE, { message: 'basket_reference is not a basket reference' })
  basket_reference?: string;

  /** The columns that keep a Tax ID (the address's and each check's) hold 64. */
  @IsOptional() @IsString() @MaxLength(64) vat_id?: string;

  /**
   * Ours (spec 2 §3 customer.shipping): where a basket's physical products go, sent with the billing
   * address when the basket requires shipping. True: the billing address; false: shipping_address.
   */
  @IsOptional() @IsBoolean() ship_to_billing_address?: boolean;

  @IsOptional() @IsObject() @ValidateNested() @Type(() => ShippingAddressPayload) shipping_address?: ShippingAddressPayload;
}

/** POST /data/validate-tin/ (multipart, spec 2 §7). */
export class ValidateTinForm {
  @IsString()
  @Matches(/^[A-Za-z0-9 .\-/]{1,64}$/, { message: 'The Tax ID you have entered is not valid' })
  tax_id!: string;

  /** A code of the store's country list: two letters that name no country (ZZ) are refused, not checked as unverified. */
  @IsIn(COUNTRIES.map((country) => country.code), { message: 'country_code is not a country code' })
  country_code!: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  postal_code?: string;

  /** Sent by the browser with every multipart call (spec 1 §7). */
  @IsOptional()
  @IsString()
  @MaxLength(40)
  __timestamp__?: string;
}

/** POST /data/determine-gateway/: the basket to decide for (our choice: the spec shows no payload). */
export class DetermineGatewayDto {
  @Matches(REFERENCE, { message: 'basket_ref is not a basket reference' })
  basket_ref!: string;
}
