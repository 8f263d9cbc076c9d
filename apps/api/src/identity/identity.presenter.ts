import type { ContactPreferences } from '@store/application';
import { fullName, type ContactPreferencesJson, type Customer, type CustomerJson } from '@store/domain';

export function customerJson(customer: Customer): CustomerJson {
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
