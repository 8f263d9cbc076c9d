import type { BillingAddress, ContactPreferences, CustomerPayment, ShippingChoice } from '@store/application';
import { fullName, type BillingAddressJson, type ContactPreferencesJson, type Customer, type CustomerJson, type CustomerPaymentJson, type ShippingJson } from '@store/domain';

export function customerJson(
  customer: Customer,
  billing: BillingAddress | null = null,
  shipping: ShippingChoice | null = null,
  payment: CustomerPayment | null = null,
): CustomerJson {
  return {
    public_id: customer.publicId,
    email: customer.email,
    email_verified: customer.emailVerified,
    first_name: customer.firstName,
    last_name: customer.lastName,
    full_name: fullName(customer),
    signed_in: true,
    country: customer.country,
    account: {
      type: customer.accountType,
      customer_category: customer.customerCategory,
      account_name: customer.accountName,
      has_confirmed_account_type: customer.hasConfirmedAccountType,
    },
    billing: billing ? billingJson(billing) : null,
    shipping: shipping ? shippingJson(shipping) : null,
    payment: payment ? paymentJson(payment) : null,
    is_vat_id_valid: billing?.vatIdStatus === 'valid',
  };
}

export function paymentJson(payment: CustomerPayment): CustomerPaymentJson {
  return { type: payment.type, card_number: payment.last4, expired: payment.expired };
}

export function shippingJson(choice: ShippingChoice): ShippingJson {
  if (choice.sameAsBilling) return { same_as_billing: true, address: null };
  const a = choice.address;
  return {
    same_as_billing: false,
    address: { line_1: a.line1, line_2: a.line2, line_3: a.line3, city: a.city, county: a.county, state: a.state, postal_code: a.postalCode, country: a.country },
  };
}

export function billingJson(address: BillingAddress): BillingAddressJson {
  return {
    line_1: address.line1,
    line_2: address.line2,
    line_3: address.line3,
    city: address.city,
    county: address.county,
    state: address.state,
    postal_code: address.postalCode,
    country: address.country,
    vat_id: address.vatId,
    vat_id_status: address.vatIdStatus,
  };
}

export function contactPreferencesJson(preferences: ContactPreferences): ContactPreferencesJson {
  return {
    // Our choice: no external mailing provider is connected yet, so preferences live here only.
    available_in_provider: false,
    hash: preferences.hash,
    marketing_opt_in: preferences.marketingOptIn,
    terms_and_conditions_accepted: preferences.termsAccepted,
  };
}
