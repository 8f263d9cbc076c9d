import type { ProductSuite } from '../catalogue/product';
import { DomainError } from '../errors/error-catalogue';
import { fingerprint } from '../shared/hash';
import { err, ok, type Result } from '../shared/result';

export interface BasketLine {
  readonly reference: string;
  readonly suiteReference: string;
  /** The product of the active choice. */
  readonly productReference: string;
  readonly quantity: number;
  readonly quantityLocked: boolean;
}

export interface Basket {
  readonly reference: string;
  /** The country account the basket is priced in (GB, US, ...). */
  readonly countryAccount: string;
  readonly lines: readonly BasketLine[];
  readonly discountCode: string | null;
  /** The voucher paying part or all of the amount due (absent: none). */
  readonly voucherCode?: string | null;
  /** Where physical items ship to, when the basket has any (CONFIGURE_BASKET_SHIPPING_COUNTRY). */
  readonly shippingCountry: string | null;
  /** The signed-in customer the basket belongs to, if any. */
  readonly customerId: string | null;
  /** Increases with every change; the stale hash is derived from it and the content. */
  readonly version: number;
  /** Its order is reserved and being paid: the basket is what is being bought and cannot change. */
  readonly orderInFlight?: boolean;
}

export function emptyBasket(reference: string, countryAccount: string): Basket {
  return { reference, countryAccount, lines: [], discountCode: null, shippingCountry: null, customerId: null, version: 0 };
}

/** What the shopper is asked to pay for a basket, as their page shows it. */
export interface ShownAmount {
  readonly currency: string;
  readonly netMinor: number;
  readonly taxMinor: number;
  readonly grossMinor: number;
  /** The discount code that applies to the amount (null: none does, whatever the basket holds). */
  readonly discountCode: string | null;
  /** The voucher that pays part of the amount, and how much it pays (absent: none). */
  readonly voucherCode?: string | null;
  readonly voucherMinor?: number;
}

function basketContent(basket: Basket): string {
  return [
    basket.reference,
    basket.countryAccount,
    basket.version,
    basket.discountCode ?? '',
    basket.shippingCountry ?? '',
    ...basket.lines.map((line) => `${line.reference}:${line.productReference}:${line.quantity}`),
    // Only when there is one: the hashes of baskets without a voucher stay as they were.
    ...(basket.voucherCode ? [`voucher:${basket.voucherCode}`] : []),
  ].join('|');
}

/**
 * The fingerprint a client sends back to prove it saw the current basket and what it costs: the
 * first half fingerprints the basket's content, the second that content with the amount. A price,
 * tax, currency or discount that changes without a basket edit (an operator's change, a code that
 * lapsed) changes the second half, so the shopper is never charged an amount their page did not show.
 */
export function staleHash(basket: Basket, amount: ShownAmount): string {
  const content = basketContent(basket);
  const voucher = amount.voucherCode ? [`${amount.voucherCode}:${amount.voucherMinor ?? 0}`] : [];
  const priced = [amount.currency, amount.netMinor, amount.taxMinor, amount.grossMinor, amount.discountCode ?? '', ...voucher, content].join('|');
  return fingerprint(content).slice(0, 8) + fingerprint(priced).slice(0, 8);
}

/**
 * Whether a stale hash was made from this basket's content, whatever it then cost: enough for an
 * edit, which answers with the new amount, but never for paying.
 */
export function hashShowsBasket(hash: string | null | undefined, basket: Basket): boolean {
  // A client may send anything (null included): only a hash of this basket shows it.
  return typeof hash === 'string' && hash.length === 16 && hash.slice(0, 8) === fingerprint(basketContent(basket)).slice(0, 8);
}

export interface AddToBasketRequest {
  /** The synonym of the wanted choice; the suite's first product when absent. */
  readonly choice?: string;
  /** Reference for the line if a new one is needed. */
  readonly newLineReference: string;
}

/**
 * Adds a suite to the basket. A suite already in the basket gains one more (up to its maximum)
 * rather than a second line; a new line starts at the suite's minimum quantity.
 */
export function addToBasket(
  basket: Basket,
  suite: ProductSuite,
  request: AddToBasketRequest,
): Result<Basket, DomainError> {
  const product = request.choice
    ? suite.products.find((candidate) => candidate.choice.synonym === request.choice)
    : suite.products[0];
  if (!product) return err(new DomainError('PRODUCT_NOT_FOUND'));

  const existing = basket.lines.find((line) => line.suiteReference === suite.reference);
  if (existing) {
    const sameChoice = existing.productReference === product.reference;
    if (sameChoice && (existing.quantityLocked || suite.quantityMaximum <= 1)) {
      return ok(basket);
    }
    if (sameChoice && existing.quantity >= suite.quantityMaximum) {
      return err(new DomainError('QUANTITY_NOT_VALID'));
    }
    const updated: BasketLine = sameChoice
      ? { ...existing, quantity: existing.quantity + 1 }
      : { ...existing, productReference: product.reference };
    return ok({
      ...basket,
      lines: basket.lines.map((line) => (line.reference === existing.reference ? updated : line)),
      version: basket.version + 1,
    });
  }

  const line: BasketLine = {
    reference: request.newLineReference,
    suiteReference: suite.reference,
    productReference: product.reference,
    quantity: suite.quantityMinimum,
    quantityLocked: suite.quantityLocked,
  };
  return ok({ ...basket, lines: [...basket.lines, line], version: basket.version + 1 });
}
