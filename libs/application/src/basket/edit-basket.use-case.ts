import {
  changeChoice,
  changeQuantity,
  DomainError,
  err,
  normaliseDiscountCode,
  normaliseVoucherCode,
  ok,
  removeLine,
  setDiscountCode,
  setShippingCountry,
  setVoucherCode,
  hashShowsBasket,
  type Basket,
  type Result,
} from '@store/domain';
import type { CatalogueRepository } from '../catalogue/catalogue.ports';
import type { BasketReader, BasketViewer, ReadBasket } from './basket-reader';
import type { BasketRepository } from './basket.ports';

export type BasketEdit =
  | { readonly kind: 'change-choice'; readonly lineReference: string; readonly choice: string }
  | { readonly kind: 'change-quantity'; readonly lineReference: string; readonly quantity: number }
  | { readonly kind: 'remove-line'; readonly lineReference: string }
  | { readonly kind: 'apply-discount'; readonly code: string }
  | { readonly kind: 'remove-discount' }
  | { readonly kind: 'apply-voucher'; readonly code: string }
  | { readonly kind: 'remove-voucher' }
  | { readonly kind: 'shipping-country'; readonly country: string };

export interface EditBasketCommand {
  readonly basketReference: string;
  /** The stale hash the shopper's page shows; when given, an edit of a basket that moved on is refused. */
  readonly staleHash?: string;
  readonly viewer: BasketViewer | null;
  readonly edit: BasketEdit;
}

const MAX_ATTEMPTS = 8;

/**
 * The checkout's basket edits (spec 2 §7). Each is applied to the current stored basket and saved
 * with a version check, so concurrent edits never overwrite each other: a lost race is retried on
 * the fresh basket, or refused when the shopper's page claimed a version that is no longer current.
 */
export class EditBasket {
  constructor(
    private readonly baskets: BasketRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly reader: BasketReader,
  ) {}

  async execute(command: EditBasketCommand): Promise<Result<ReadBasket, DomainError>> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const basket = await this.baskets.find(command.basketReference);
      if (!basket) return err(new DomainError('BASKET_NOT_FOUND'));
      // The order being placed is for this basket as it is: a change now would be lost.
      if (basket.orderInFlight) return err(new DomainError('BASKET_ORDER_IN_PROGRESS'));
      // An edit needs the page to have seen this basket; its answer shows what the basket now costs.
      if (command.staleHash !== undefined && !hashShowsBasket(command.staleHash, basket)) return err(new DomainError('BASKET_STALE'));
      const edited = await this.apply(basket, command.edit, command.viewer);
      if (!edited.ok) return edited;
      if (edited.value === basket) return this.reader.read(basket, command.viewer);
      const owned = command.viewer && edited.value.customerId === null ? { ...edited.value, customerId: command.viewer.id } : edited.value;
      if (await this.baskets.save(owned)) return this.reader.read(owned, command.viewer);
      if (command.staleHash !== undefined) return err(new DomainError('BASKET_STALE'));
    }
    return err(new DomainError('BASKET_STALE'));
  }

  private async apply(basket: Basket, edit: BasketEdit, viewer: BasketViewer | null): Promise<Result<Basket, DomainError>> {
    switch (edit.kind) {
      case 'change-choice':
      case 'change-quantity': {
        const line = basket.lines.find((candidate) => candidate.reference === edit.lineReference);
        if (!line) return err(new DomainError('BASKET_LINE_NOT_FOUND'));
        const [suite] = await this.catalogue.findSuites([line.suiteReference], basket.countryAccount);
        if (!suite) return err(new DomainError('PRODUCT_NOT_FOUND'));
        return edit.kind === 'change-choice'
          ? changeChoice(basket, edit.lineReference, edit.choice, suite)
          : changeQuantity(basket, edit.lineReference, edit.quantity, suite);
      }
      case 'remove-line':
        return removeLine(basket, edit.lineReference);
      case 'remove-discount':
        return ok(setDiscountCode(basket, null));
      case 'shipping-country':
        return ok(setShippingCountry(basket, edit.country));
      case 'remove-voucher':
        return ok(setVoucherCode(basket, null));
      case 'apply-voucher': {
        const account = await this.reader.accountOf(basket);
        if (!account) return err(new DomainError('BASKET_NOT_FOUND'));
        const check = await this.reader.checkVoucher(normaliseVoucherCode(edit.code), basket, account, viewer);
        return check.ok ? ok(setVoucherCode(basket, check.value.code)) : check;
      }
      case 'apply-discount': {
        const current = await this.reader.read({ ...basket, discountCode: null }, viewer);
        if (!current.ok) return current;
        const check = await this.reader.checkDiscount(edit.code, basket, viewer, current.value.view.total.gross.amountMinor);
        if (!check.ok) return check;
        return ok(setDiscountCode(basket, normaliseDiscountCode(check.value.code)));
      }
    }
  }
}
