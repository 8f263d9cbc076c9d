import type { LocalPaymentMethod } from '@store/domain';
import type { LocalOrderFields } from '../../method';

/**
 * What the redirect flow keeps in the tab while the shopper is on the provider's page: the order it
 * reserved and the fields PLACE_ORDER will carry, so the return page can finish it. Kept in
 * sessionStorage, so only the tab that started the payment finishes it.
 */
export interface KeptLocalPayment {
  readonly method: LocalPaymentMethod;
  readonly orderNumber: string;
  /** The order's page (START_LOCAL_PAYMENT's redirect). */
  readonly orderPage: string;
  readonly paymentId: string;
  readonly fields: LocalOrderFields;
  /** The storefront's address part (en-pl), for the way back to the checkout. */
  readonly urlLocale: string;
}

const KEY = 'afs-local-payment';

export function keepPayment(kept: KeptLocalPayment): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage refused (a private window's quota): the return page then sends the shopper to their orders.
  }
}

/** The kept payment, once: read and forgotten, so a reload of the return page does not pay twice. */
export function takePayment(): KeptLocalPayment | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<KeptLocalPayment>;
    return typeof kept.orderNumber === 'string' && typeof kept.paymentId === 'string' && kept.fields ? (kept as KeptLocalPayment) : null;
  } catch {
    return null;
  }
}
