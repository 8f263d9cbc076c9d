import type { SavedMethodView } from '@store/application';
import { describeSavedMethod, type SavedMethodJson, type SavedMethodsJson } from '@store/domain';

/** A saved method as both pages show it: the store's reference, never the vault token. */
export function savedMethodJson(method: SavedMethodView): SavedMethodJson {
  const details = method.details;
  return {
    reference: method.reference,
    kind: details.kind,
    description: describeSavedMethod(details),
    is_default: method.isDefault,
    state: method.state,
    card:
      details.kind === 'card'
        ? { card_type: details.cardType, bin: details.bin, last4: details.last4, expiration_month: details.expirationMonth, expiration_year: details.expirationYear }
        : null,
    account_name: details.kind === 'paypal' ? details.email : details.kind === 'venmo' ? details.username : null,
    bank: details.kind === 'sepa' || details.kind === 'us-bank-account' ? { last4: details.last4, mandate_reference: details.mandateReference, bank_name: details.bankName } : null,
  };
}

export const savedMethodsJson = (methods: readonly SavedMethodView[], canAddPayPal: boolean): SavedMethodsJson => ({
  saved_methods: methods.map(savedMethodJson),
  can_add_paypal: canAddPayPal,
});
