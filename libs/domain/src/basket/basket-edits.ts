import type { ProductSuite } from '../catalogue/product';
import { DomainError } from '../errors/error-catalogue';
import { err, ok, type Result } from '../shared/result';
import type { Basket, BasketLine } from './basket';
import { canEditQuantity, isQuantityValid } from './quantity';

/** Each edit returns the next basket (version + 1) or a catalogued refusal; the input is never changed. */
type Edit = Result<Basket, DomainError>;

function findLine(basket: Basket, lineReference: string): BasketLine | null {
  return basket.lines.find((line) => line.reference === lineReference) ?? null;
}

function withLines(basket: Basket, lines: readonly BasketLine[]): Basket {
  return { ...basket, lines, version: basket.version + 1 };
}

/** CHANGE_CHOICE: another platform or edition of the same suite. */
export function changeChoice(basket: Basket, lineReference: string, choice: string, suite: ProductSuite): Edit {
  const line = findLine(basket, lineReference);
  if (!line) return err(new DomainError('BASKET_LINE_NOT_FOUND'));
  const product = suite.products.find((candidate) => candidate.choice.synonym === choice);
  if (!product || suite.reference !== line.suiteReference) return err(new DomainError('PRODUCT_NOT_FOUND'));
  if (product.reference === line.productReference) return ok(basket);
  return ok(withLines(basket, basket.lines.map((candidate) => (candidate === line ? { ...line, productReference: product.reference } : candidate))));
}

/** CHANGE_QUANTITY: within the suite's limits, and only where quantity may be edited (spec 1 §6). */
export function changeQuantity(basket: Basket, lineReference: string, quantity: number, suite: ProductSuite): Edit {
  const line = findLine(basket, lineReference);
  if (!line) return err(new DomainError('BASKET_LINE_NOT_FOUND'));
  if (!canEditQuantity(line.quantityLocked, suite.quantityMaximum) || !isQuantityValid(quantity, suite.quantityMinimum, suite.quantityMaximum)) {
    return err(new DomainError('QUANTITY_NOT_VALID'));
  }
  if (quantity === line.quantity) return ok(basket);
  return ok(withLines(basket, basket.lines.map((candidate) => (candidate === line ? { ...line, quantity } : candidate))));
}

/** REMOVE_LINE: only where the basket allows line removal. */
export function removeLine(basket: Basket, lineReference: string, allowLineRemoval = true): Edit {
  if (!allowLineRemoval) return err(new DomainError('FORBIDDEN', { message: 'Items cannot be removed from this basket' }));
  if (!findLine(basket, lineReference)) return err(new DomainError('BASKET_LINE_NOT_FOUND'));
  const lines = basket.lines.filter((line) => line.reference !== lineReference);
  // An empty basket keeps no discount: there is nothing left for it to apply to.
  return ok({ ...withLines(basket, lines), discountCode: lines.length === 0 ? null : basket.discountCode });
}

export function setDiscountCode(basket: Basket, code: string | null): Basket {
  return basket.discountCode === code ? basket : { ...basket, discountCode: code, version: basket.version + 1 };
}

export function setShippingCountry(basket: Basket, country: string): Basket {
  return basket.shippingCountry === country ? basket : { ...basket, shippingCountry: country, version: basket.version + 1 };
}

export interface BasketCorrection {
  readonly basket: Basket;
  /** Lines dropped because their product can no longer be bought here (spec 2 §8, code 300). */
  readonly removedLines: readonly BasketLine[];
  /** Lines whose quantity was brought back within the product's limits (code 210). */
  readonly adjustedLines: readonly BasketLine[];
}

/**
 * Brings a stored basket in line with today's catalogue: lines whose product is gone are removed,
 * quantities outside the product's limits are brought within them. Unchanged when nothing is wrong.
 */
export function correctBasket(basket: Basket, suites: ReadonlyMap<string, ProductSuite>): BasketCorrection {
  const removedLines: BasketLine[] = [];
  const adjustedLines: BasketLine[] = [];
  const lines: BasketLine[] = [];
  for (const line of basket.lines) {
    const suite = suites.get(line.suiteReference);
    if (!suite || !suite.products.some((product) => product.reference === line.productReference)) {
      removedLines.push(line);
      continue;
    }
    const quantity = Math.min(Math.max(line.quantity, suite.quantityMinimum), suite.quantityMaximum);
    if (quantity !== line.quantity) {
      const adjusted = { ...line, quantity };
      adjustedLines.push(adjusted);
      lines.push(adjusted);
    } else lines.push(line);
  }
  if (removedLines.length === 0 && adjustedLines.length === 0) return { basket, removedLines, adjustedLines };
  const next = withLines(basket, lines);
  return { basket: { ...next, discountCode: lines.length === 0 ? null : basket.discountCode }, removedLines, adjustedLines };
}
