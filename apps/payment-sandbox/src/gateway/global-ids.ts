/**
 * The provider's global ids (its GraphQL ids), which the server API returns beside each legacy id
 * as `global-id` (the SDK's `graphQLId`): base64 of the object's kind and its legacy id, without
 * padding, e.g. `dHJhbnNhY3Rpb25fZmJwNGRxeHE` for transaction `fbp4dqxq`. Payment methods carry a
 * kind of their own inside the id (`cc_` for a card, `pp_` PayPal, …).
 */
export type GlobalIdKind = 'transaction' | 'customer' | 'paymentmethod' | 'verification' | 'address';

export function globalId(kind: GlobalIdKind, legacyId: string): string {
  return Buffer.from(`${kind}_${legacyId}`, 'utf8').toString('base64').replace(/=+$/, '');
}

/** The payment method kinds' prefixes inside a payment method's global id. */
const PAYMENT_METHOD_PREFIXES: Readonly<Record<string, string>> = {
  CreditCard: 'cc',
  PayPalAccount: 'pp',
  VenmoAccount: 'venmoaccount',
  SepaDebitAccount: 'sepadebitaccount',
  UsBankAccount: 'usbankaccount',
};

export function paymentMethodGlobalId(kind: string | undefined, token: string): string {
  return globalId('paymentmethod', `${PAYMENT_METHOD_PREFIXES[kind ?? 'CreditCard'] ?? 'pm'}_${token}`);
}
