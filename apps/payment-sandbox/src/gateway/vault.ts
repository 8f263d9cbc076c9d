import { SandboxStore, type CardRecord, type CustomerRecord, type NonceRecord, type PaymentMethodRecord } from '../store';
import { withoutCvv } from './cards';
import { fakeNonce, isFakeNonce } from './fake-nonces';

/** The vault: customers and their saved cards, shared by the customer, payment method and sale routes. */

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

/** A customer's saved cards, the default first, then oldest first (the gateway's order). */
export function methodsOf(store: SandboxStore, customerId: string): PaymentMethodRecord[] {
  return Object.values(store.state.paymentMethods)
    .filter((method) => method.customerId === customerId)
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.createdAt.localeCompare(b.createdAt));
}

export function makeDefault(store: SandboxStore, method: PaymentMethodRecord): void {
  for (const other of methodsOf(store, method.customerId)) other.isDefault = other.token === method.token;
}

/** Saves a card for a customer; the customer's first card becomes the default. */
export function vaultCard(store: SandboxStore, customerId: string, card: CardRecord, options: { makeDefault?: boolean; token?: string | null } = {}, now = new Date()): PaymentMethodRecord {
  const first = methodsOf(store, customerId).length === 0;
  const method: PaymentMethodRecord = {
    token: options.token ?? freshId(store.state.paymentMethods),
    customerId,
    card: withoutCvv(card),
    isDefault: first,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  store.state.paymentMethods[method.token] = method;
  if (options.makeDefault && !first) makeDefault(store, method);
  return method;
}

export function deletePaymentMethod(store: SandboxStore, token: string): void {
  const method = store.state.paymentMethods[token];
  if (!method) return;
  delete store.state.paymentMethods[token];
  // The gateway promotes another card when the default one goes.
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
