import { LOCAL_PAYMENT_METHODS, PAYMENT_GATEWAYS, PAYMENT_METHOD_TYPES, SUPPORTED_LOCALES, type LocalPaymentMethod, type PaymentGateway, type PaymentMethodType } from '@store/domain';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';

const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

/** The refusal of a value outside a closed list names the list, so a new gateway or method words itself. */
const oneOf = (field: string, values: readonly string[]) => ({ message: `${field} must be ${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` });

/** The billing address as the page showed it, in the fields of customer.billing (spec 2 §3). */
export class ShownBillingAddressPayload {
  @IsOptional() @IsString() @MaxLength(1000) line_1?: string | null;
  @IsOptional() @IsString() @MaxLength(1000) line_2?: string | null;
  @IsOptional() @IsString() @MaxLength(1000) line_3?: string | null;
  @IsOptional() @IsString() @MaxLength(1000) city?: string | null;
  @IsOptional() @IsString() @MaxLength(1000) county?: string | null;
  @IsOptional() @IsString() @MaxLength(8) state?: string | null;
  @IsOptional() @IsString() @MaxLength(1000) postal_code?: string | null;
  @IsOptional() @IsString() @MaxLength(2) country?: string | null;
  @IsOptional() @IsString() @MaxLength(64) vat_id?: string | null;
}

/**
 * PLACE_ORDER (spec 2 §7). The order is billed to the customer's stored address; billing_address,
 * when sent, is the one the page showed and must still be it.
 */
export class PlaceOrderPayload {
  @Matches(REFERENCE, { message: 'basket_reference_id is not a basket reference' })
  basket_reference_id!: string;

  @Matches(/^[0-9a-f]{16}$/, { message: 'basket_stale_hash is not a stale hash' })
  basket_stale_hash!: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  customer_public_id?: string;

  @IsIn([...PAYMENT_GATEWAYS], oneOf('gateway', PAYMENT_GATEWAYS))
  gateway!: PaymentGateway;

  @IsOptional() @IsBoolean() vault_payment_method?: boolean;
  /** True: post this order to the billing address, and keep that as the delivery choice (the page sends false). */
  @IsOptional() @IsBoolean() update_shipping_address?: boolean;
  @IsOptional() @IsString() @MaxLength(64) payment_facilitator?: string;
  /** How the shopper paid (spec 2 §4); the card gateway reads the method from the nonce itself. */
  @IsOptional()
  @IsIn([...PAYMENT_METHOD_TYPES], oneOf('payment_method_type', PAYMENT_METHOD_TYPES))
  payment_method_type?: PaymentMethodType;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => ShownBillingAddressPayload) billing_address?: ShownBillingAddressPayload;

  @IsOptional() @IsString() @MaxLength(4096) token?: string;
  /** The customer's saved payment method paying (ours), by the store's reference. */
  @IsOptional()
  @Matches(/^spm_[0-9a-f]{32}$/, { message: 'saved_method is not a saved payment method reference' })
  saved_method?: string;
  /** A saved card's security code typed again, as the CVV-only nonce of the card gateway's fields (ours). */
  @IsOptional() @IsString() @MaxLength(4096) saved_card_cvv_token?: string;
  @IsOptional() @IsString() @MaxLength(8192) bt_device_data?: string;
  @IsOptional() @IsString() @MaxLength(128) checkout_id?: string;
  @IsOptional() @IsString() @MaxLength(128) source_id?: string;

  @IsOptional()
  @Matches(/^AFS-\d{8,}$/, { message: 'existing_order_number is not an order number' })
  existing_order_number?: string;

  /** The amount the page showed and 3-D Secure verified (ours): the order is placed only for that amount. */
  @IsOptional()
  @Matches(/^\d{1,12}(\.\d{1,3})?$/, { message: 'amount is not an amount' })
  amount?: string;

  /** The immediate-supply consent box (EU, EEA and UK paid orders). */
  @IsOptional() @IsBoolean() withdrawal_consent?: boolean;

  @IsOptional()
  @IsIn(SUPPORTED_LOCALES.map((locale) => locale.urlFriendly), { message: 'locale is not one of the store locales' })
  locale?: string;
}

/** The provider's local payment id (PayPal's PAY-… form), as onPaymentStart gives it. */
const PAYMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * START_LOCAL_PAYMENT (ours): PLACE_ORDER's fields, checked alike, for a local payment method and
 * the id its flow was given; the order is reserved and waits for the payer, nothing is charged.
 */
export class StartLocalPaymentPayload extends PlaceOrderPayload {
  @IsIn([...LOCAL_PAYMENT_METHODS], oneOf('payment_method_type', LOCAL_PAYMENT_METHODS))
  declare payment_method_type: LocalPaymentMethod;

  @Matches(PAYMENT_ID, { message: 'payment_id is not a payment id' })
  payment_id!: string;
}

/** Why the shopper's page gives a local payment up: their cancel, the window closed, the provider failed, or it took too long. */
export const LOCAL_PAYMENT_CANCEL_REASONS = ['canceled', 'window-closed', 'failed', 'timeout'] as const;

/** CANCEL_LOCAL_PAYMENT (ours): the shopper gives up a local payment the payer has not approved. */
export class CancelLocalPaymentPayload {
  @Matches(/^AFS-\d{8,}$/, { message: 'order_number is not an order number' })
  order_number!: string;

  @IsIn([...LOCAL_PAYMENT_CANCEL_REASONS], oneOf('reason', LOCAL_PAYMENT_CANCEL_REASONS))
  reason!: (typeof LOCAL_PAYMENT_CANCEL_REASONS)[number];
}
