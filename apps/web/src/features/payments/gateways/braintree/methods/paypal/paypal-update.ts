import type { BasketJson } from '@store/domain';
import { payPalCart, type PayPalCart } from './paypal-cart';

/** What the payer approved at PayPal: the version of the basket createPayment was made from, and its total. */
export interface ApprovedBasket {
  readonly reference: string;
  readonly staleHash: string;
  readonly amountMinor: number;
  readonly currency: string;
}

export const approvedBasket = (basket: BasketJson): ApprovedBasket => ({
  reference: basket.reference,
  staleHash: basket.stale_hash,
  amountMinor: basket.pricing.amount_to_pay.amount_minor,
  currency: basket.pricing.currency_code.toUpperCase(),
});

/** What follows PayPal's approval, once the basket has been read again. */
export type AfterApproval =
  /** The basket is the version the payer approved: it is paid as it is. */
  | { readonly kind: 'as-approved' }
  /** It changed, and costs no more than the payer approved: PayPal's payment is brought up to date, then this version is paid. */
  | { readonly kind: 'update'; readonly basket: BasketJson; readonly cart: PayPalCart }
  /** It changed beyond what the approval covers: nothing is charged, and the payer approves the new total. */
  | { readonly kind: 'approve-again' };

/**
 * The basket may change elsewhere (another tab) while PayPal's window is open. Ours: a basket that
 * now costs the same or less is paid as it now is, once PayPal's payment carries its amount and
 * items (the payer's approval covers a smaller charge, and PayPal's record then matches what is
 * charged); one that costs more, is in another currency, has nothing left to pay by PayPal, or is
 * gone, is not charged at all: the payer approves its new total. The server still charges exactly
 * the version the page names, or refuses it as stale.
 */
export function afterApproval(approved: ApprovedBasket, now: BasketJson | null): AfterApproval {
  if (now && now.reference === approved.reference && now.stale_hash === approved.staleHash) return { kind: 'as-approved' };
  if (!now || now.reference !== approved.reference || now.lines.length === 0) return { kind: 'approve-again' };
  const toPay = now.pricing.amount_to_pay.amount_minor;
  if (now.pricing.currency_code.toUpperCase() !== approved.currency || toPay <= 0 || toPay > approved.amountMinor) return { kind: 'approve-again' };
  return { kind: 'update', basket: now, cart: payPalCart(now) };
}
