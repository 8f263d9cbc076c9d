import { randomInt } from 'node:crypto';
import type { SandboxContext } from '../context';
import type { LocalPaymentRecord } from '../store';

/**
 * BLIK one-click aliases. A first one-click payment (a code plus an alias label) registers the shop
 * in the payer's banking app once approved; the provider then names that alias (key and label) in
 * LOCAL_PAYMENT_COMPLETED, and later payments send the key instead of a code.
 *
 * The registration rides on the payment record itself (kept with it in the store's file), so a
 * later payment's alias key is known exactly when an approved payment registered it.
 */

export interface BlikAlias {
  readonly key: string;
  readonly label: string;
}

interface OneClickRegistration {
  readonly consumerReference: string;
  readonly aliasLabel: string;
  alias: BlikAlias | null;
}

type WithOneClick = LocalPaymentRecord & { blikOneClick?: OneClickRegistration };

/** Ours: the key is 20 random digits (BLIK's aliases are `^[0-9]+$`; the provider does not say how long). */
const newAliasKey = () => Array.from({ length: 20 }, (_, index) => randomInt(index === 0 ? 1 : 0, 10)).join('');

/** Remembers that this payment asks to register a one-click alias (first use: code and label). */
export function markOneClickRegistration(payment: LocalPaymentRecord, consumerReference: string, aliasLabel: string): void {
  (payment as WithOneClick).blikOneClick = { consumerReference, aliasLabel, alias: null };
}

/** On approval, a registering payment gets its alias (once; a repeated approval keeps the key). */
export function registerAliasOnApproval(payment: LocalPaymentRecord): void {
  const registration = (payment as WithOneClick).blikOneClick;
  if (registration && registration.alias === null) registration.alias = { key: newAliasKey(), label: registration.aliasLabel };
}

/** The aliases this payment registered, for its completed notification (none for most payments). */
export function aliasesOf(payment: LocalPaymentRecord): BlikAlias[] {
  const alias = (payment as WithOneClick).blikOneClick?.alias;
  return alias ? [alias] : [];
}

/** The alias with this key, registered for this consumer by an approved payment; null when unknown. */
export function findAlias(context: SandboxContext, consumerReference: string, aliasKey: string): BlikAlias | null {
  for (const payment of Object.values(context.store.state.localPayments)) {
    const registration = (payment as WithOneClick).blikOneClick;
    if (registration?.alias?.key === aliasKey && registration.consumerReference === consumerReference) return registration.alias;
  }
  return null;
}
