import { createNonce } from '../client-api/payment-methods';
import { PAYPAL_PLACEHOLDER_CARD } from '../client-api/wallet-nonces';
import { BANK_PLACEHOLDER_CARD } from '../bank-debits/placeholder';
import { SandboxStore, type BankAccountDetails, type CardRecord, type CustomerRecord, type NonceRecord, type PaymentMethodRecord, type PayPalDetails, type VaultedPayPalAccount, type VaultedVenmoAccount, type VenmoDetails } from '../store';
import { withoutCvv } from './cards';
import { fakeNonce, isFakeNonce } from './fake-nonces';

/**
 * The vault: customers and their saved cards and PayPal accounts, shared by the customer, payment
 * method and sale routes and the client API's vault manager.
 */

export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

function freshId(taken: Readonly<Record<string, unknown>>): string {
  let id = SandboxStore.id();
  while (Object.hasOwn(taken, id)) id = SandboxStore.id();
  return id;
}

export interface CustomerFields {
  readonly id?: string | null;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly email?: string | null;
}

export function createCustomer(store: SandboxStore, fields: CustomerFields, now = new Date()): CustomerRecord {
  const customer: CustomerRecord = {
    id: fields.id ?? freshId(store.state.customers),
    firstName: fields.firstName ?? null,
    lastName: fields.lastName ?? null,
    email: fields.email ?? null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  store.state.customers[customer.id] = customer;
  return customer;
}

/** What a saved payment method is (older state files saved cards only). */
export const methodKind = (method: PaymentMethodRecord): NonNullable<PaymentMethodRecord['kind']> => method.kind ?? 'CreditCard';

/** Card rules (expiry, duplicate numbers, the expire control) apply to saved cards, never to a PayPal account's placeholder. */
export const isCard = (method: PaymentMethodRecord): boolean => methodKind(method) === 'CreditCard';

/** A customer's saved payment methods, the default first, then oldest first (the gateway's order). */
export function methodsOf(store: SandboxStore, customerId: string): PaymentMethodRecord[] {
  return Object.values(store.state.paymentMethods)
    .filter((method) => method.customerId === customerId)
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.createdAt.localeCompare(b.createdAt));
}

export function makeDefault(store: SandboxStore, method: PaymentMethodRecord): void {
  for (const other of methodsOf(store, method.customerId)) other.isDefault = other.token === method.token;
}

export interface SaveOptions {
  readonly makeDefault?: boolean;
  readonly token?: string | null;
}

/** Saves a payment method for a customer; the customer's first payment method becomes the default. */
function save(store: SandboxStore, customerId: string, what: Pick<PaymentMethodRecord, 'kind' | 'card' | 'paypal' | 'venmo' | 'bankAccount'>, options: SaveOptions, now: Date): PaymentMethodRecord {
  const first = methodsOf(store, customerId).length === 0;
  const method: PaymentMethodRecord = {
    token: options.token ?? freshId(store.state.paymentMethods),
    customerId,
    ...what,
    isDefault: first,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  store.state.paymentMethods[method.token] = method;
  if (options.makeDefault && !first) makeDefault(store, method);
  return method;
}

export function vaultCard(store: SandboxStore, customerId: string, card: CardRecord, options: SaveOptions = {}, now = new Date()): PaymentMethodRecord {
  return save(store, customerId, { kind: 'CreditCard', card: withoutCvv(card) }, options, now);
}

export function vaultPayPalAccount(store: SandboxStore, customerId: string, account: VaultedPayPalAccount, options: SaveOptions = {}, now = new Date()): PaymentMethodRecord {
  return save(store, customerId, { kind: 'PayPalAccount', card: PAYPAL_PLACEHOLDER_CARD, paypal: account }, options, now);
}

export function vaultVenmoAccount(store: SandboxStore, customerId: string, account: VaultedVenmoAccount, options: SaveOptions = {}, now = new Date()): PaymentMethodRecord {
  return save(store, customerId, { kind: 'VenmoAccount', card: PAYPAL_PLACEHOLDER_CARD, venmo: account }, options, now);
}

/**
 * The account a Venmo nonce would save: only one approved for MULTI_USE (the provider: a SINGLE_USE
 * Venmo payment is authorized once and cannot be vaulted). Ours: as PayPal's one-time payment, the
 * sale still goes through, unsaved.
 */
export function vaultableVenmoAccount(nonce: NonceRecord): VaultedVenmoAccount | null {
  const venmo = nonce.kind === 'VenmoAccount' && nonce.paymentMethodToken === null ? nonce.venmo : undefined;
  if (!venmo?.multiUse) return null;
  return { username: venmo.username, venmoUserId: venmo.venmoUserId };
}

/** Saves a SEPA or US bank account (a US account as verified or not by the caller's verification). */
export function vaultBankAccount(store: SandboxStore, customerId: string, account: BankAccountDetails, options: SaveOptions = {}, now = new Date()): PaymentMethodRecord {
  return save(store, customerId, { kind: account.kind, card: BANK_PLACEHOLDER_CARD, bankAccount: account }, options, now);
}

/** The account a PayPal nonce would save: only one with a billing agreement may be saved (a one-time payment is the provider's 82902). */
export function vaultablePayPalAccount(nonce: NonceRecord): VaultedPayPalAccount | null {
  const paypal = nonce.kind === 'PayPalAccount' ? nonce.paypal : undefined;
  if (!paypal?.billingAgreementId) return null;
  const { payerEmail, payerId, payerFirstName, payerLastName, payerCountryCode, billingAgreementId } = paypal;
  return { payerEmail, payerId, payerFirstName, payerLastName, payerCountryCode, billingAgreementId };
}

/** A saved account's payer as its nonces and sales carry them: no checkout payment id, the billing agreement pays. */
export const paypalDetailsOf = (account: VaultedPayPalAccount): PayPalDetails => ({ ...account, paymentId: null });

/** A saved Venmo account's payer as its nonces and sales carry them (no payment context: the vault pays). */
export const venmoDetailsOf = (account: VaultedVenmoAccount): VenmoDetails => ({ ...account, paymentContextId: '', multiUse: true });

/** A fresh single-use nonce for a saved payment method (the vault manager's list, `paymentMethodNonce.create`). */
export function nonceForMethod(store: SandboxStore, method: PaymentMethodRecord): NonceRecord {
  return createNonce(store, method.card, {
    customerId: method.customerId,
    paymentMethodToken: method.token,
    kind: methodKind(method),
    paypal: method.paypal ? paypalDetailsOf(method.paypal) : undefined,
    bankAccount: method.bankAccount,
    venmo: method.venmo ? venmoDetailsOf(method.venmo) : undefined,
  });
}

export function deletePaymentMethod(store: SandboxStore, token: string): void {
  const method = store.state.paymentMethods[token];
  if (!method) return;
  delete store.state.paymentMethods[token];
  // Ours: the nonces handed out for it go with it, so none of them pays with a removed payment method.
  for (const nonce of Object.values(store.state.nonces)) if (nonce.paymentMethodToken === token) delete store.state.nonces[nonce.nonce];
  // The gateway promotes another payment method when the default one goes.
  const [next] = methodsOf(store, method.customerId);
  if (method.isDefault && next) next.isDefault = true;
}

export type NonceLookup = { readonly nonce: NonceRecord } | { readonly problem: 'unknown' | 'consumed' };

/** A nonce by value: a static test nonce, or one the client API (or the vault) handed out. */
export function findNonce(store: SandboxStore, value: string): NonceLookup {
  const nonce = fakeNonce(value) ?? store.state.nonces[value];
  if (!nonce) return { problem: 'unknown' };
  if (nonce.consumed) return { problem: 'consumed' };
  return { nonce };
}

/** Nonces are single use; the documented static ones are not. */
export function consumeNonce(store: SandboxStore, nonce: NonceRecord): void {
  if (isFakeNonce(nonce.nonce)) return;
  const stored = store.state.nonces[nonce.nonce];
  if (stored) stored.consumed = true;
}
