import type { PaymentGateway } from '../payments/payment-gateways';

/** An order's life (issue 8): reserved before any charge, then paid or failed; refunded later by support. */
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'refunded';

/** Order numbers as shoppers see them: the store's letters and a zero-padded sequence. */
export function formatOrderNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError('An order sequence is a positive whole number');
  return `AFS-${String(sequence).padStart(8, '0')}`;
}

export const ORDER_NUMBER_PATTERN = /^AFS-\d{8,}$/;

export function isOrderNumber(value: unknown): value is string {
  return typeof value === 'string' && ORDER_NUMBER_PATTERN.test(value);
}

/**
 * The idempotency key of a charge: one per order and payment attempt. A retry of the same attempt
 * (the answer was lost) reuses it, so the gateway charges once; a new attempt after a definite
 * refusal (a declined card) gets a new one.
 */
export function chargeIdempotencyKey(orderNumber: string, attempt: number): string {
  return `${orderNumber}-${attempt}`;
}

/** Whether an order through this gateway is paid by the shopper at all. */
export function needsPayment(gateway: PaymentGateway): boolean {
  return gateway !== 'complimentary';
}

/** Product keys: five groups of five from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B). */
export const PRODUCT_KEY_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';

export function formatProductKey(randomBytes: Uint8Array): string {
  if (randomBytes.length < 25) throw new RangeError('A product key needs 25 random bytes');
  const characters = [...randomBytes.slice(0, 25)].map((byte) => PRODUCT_KEY_ALPHABET[byte % PRODUCT_KEY_ALPHABET.length]);
  return [0, 5, 10, 15, 20].map((start) => characters.slice(start, start + 5).join('')).join('-');
}

export const PRODUCT_KEY_PATTERN = new RegExp(`^([${PRODUCT_KEY_ALPHABET}]{5}-){4}[${PRODUCT_KEY_ALPHABET}]{5}$`);
