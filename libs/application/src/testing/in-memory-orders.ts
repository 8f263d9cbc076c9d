import type { OutgoingMail } from '../identity/sign-in.ports';
import type { Fulfilment, Order, OrderDraft, OrderRepository, ProductKey, ReservationRefusal } from '../orders/orders.ports';
import type { Clock } from '../shared/ports';
import type { InMemoryBasketRepository } from './in-memory-basket.repository';
import type { InMemoryDiscounts } from './in-memory-catalogue';
import type { InMemoryPaymentStates } from './in-memory-payment-states';
import type { InMemoryVouchers } from './in-memory-vouchers';

/** What the fake stores of an order besides the order itself. */
interface Stored {
  order: Order;
  failure: { readonly code: number; readonly reason: string } | null;
  keys: readonly ProductKey[];
  /** The voucher amount this attempt took, given back if it fails. */
  voucher: { readonly code: string; readonly amountMinor: number } | null;
}

export interface InMemoryOrdersOptions {
  readonly discounts?: InMemoryDiscounts;
  readonly vouchers?: InMemoryVouchers;
  /** Cleared for the basket when its order is paid, as the Postgres completion does. */
  readonly paymentStates?: InMemoryPaymentStates;
  /** Units left of limited products, by product reference (a product not listed is unlimited). */
  readonly unitsLeft?: Map<string, number>;
}

const refusal = (refused: ReservationRefusal) => ({ refused }) as const;

/**
 * Orders in memory with the guarantees PlaceOrder relies on in Postgres: one order per basket;
 * a reservation holds the basket only at the version priced and claims the discount use, the
 * voucher's amount and limited units all or nothing; completion and failure happen only to a
 * pending order. Every method does its work without awaiting in between, so concurrent callers
 * meet as they would on a row lock: one wins, the others see its result.
 */
export class InMemoryOrders implements OrderRepository {
  private readonly stored = new Map<string, Stored>();
  /** Mail queued with an order's change: receipts by completions, notices by failures and revocations (the mail outbox). */
  readonly outbox: OutgoingMail[] = [];
  /** Orders with a charge whose answer was once unknown, and when: what reconciliation looks back at. */
  readonly uncertain = new Map<string, Date>();
  private readonly customerDiscountUses = new Map<string, number>();
  private sequence = 0;

  constructor(
    private readonly baskets: InMemoryBasketRepository,
    private readonly clock: Clock,
    private readonly options: InMemoryOrdersOptions = {},
  ) {}

  async reserve(draft: OrderDraft, basketVersion: number): Promise<{ order: Order; created: boolean } | { refused: ReservationRefusal }> {
    const existing = this.byBasket(draft.basketReference);
    if (existing) return { order: existing.order, created: false };
    const number = `AFS-${String(this.sequence + 1).padStart(8, '0')}`;
    if (!this.baskets.hold(draft.basketReference, basketVersion)) return refusal('BASKET_STALE');
    const refused = this.claim(draft, number);
    if (refused) {
      this.baskets.release(draft.basketReference);
      return refusal(refused);
    }
    this.sequence += 1;
    const order: Order = {
      ...draft,
      voucherCode: draft.voucherCode ?? null,
      voucherMinor: draft.voucherMinor ?? 0,
      number,
      status: 'pending',
      paymentAttempt: 1,
      transactionId: null,
      createdAt: this.clock.now(),
      paidAt: null,
    };
    this.stored.set(number, { order, failure: null, keys: [], voucher: this.voucherOf(draft) });
    return { order: this.withBalance(number), created: true };
  }

  async retry(number: string, draft: OrderDraft, basketVersion: number): Promise<Order | { refused: ReservationRefusal } | null> {
    const stored = this.stored.get(number);
    if (!stored || stored.order.status !== 'failed') return null;
    if (!this.baskets.hold(stored.order.basketReference, basketVersion)) return refusal('BASKET_STALE');
    const refused = this.claim(draft, number);
    if (refused) {
      this.baskets.release(stored.order.basketReference);
      return refusal(refused);
    }
    stored.order = {
      ...stored.order,
      ...draft,
      voucherCode: draft.voucherCode ?? null,
      voucherMinor: draft.voucherMinor ?? 0,
      customerId: stored.order.customerId,
      basketReference: stored.order.basketReference,
      status: 'pending',
      paymentAttempt: stored.order.paymentAttempt + 1,
    };
    stored.failure = null;
    stored.voucher = this.voucherOf(draft);
    return this.withBalance(number);
  }

  async complete(number: string, fulfilment: Fulfilment): Promise<{ paidAt: Date } | null> {
    const stored = this.stored.get(number);
    if (!stored || stored.order.status !== 'pending') return null;
    const paidAt = this.clock.now();
    stored.order = { ...stored.order, status: 'paid', transactionId: fulfilment.transactionId, paidAt };
    stored.keys = fulfilment.productKeys;
    const { basketReference, customerId, discountCode } = stored.order;
    if (discountCode) this.options.discounts?.redemptions.push({ code: discountCode, customerId });
    this.baskets.closed.add(basketReference);
    this.options.paymentStates?.states.delete(basketReference);
    this.outbox.push(fulfilment.receipt);
    return { paidAt };
  }

  async revoke(number: string, reason: string, notice: OutgoingMail | null): Promise<boolean> {
    const stored = this.stored.get(number);
    if (!stored || stored.order.status !== 'paid') return false;
    stored.order = { ...stored.order, status: 'refunded' };
    stored.failure = { code: 0, reason: reason.slice(0, 500) };
    stored.keys = [];
    if (notice) this.outbox.push(notice);
    return true;
  }

  async fail(number: string, code: number, reason: string, notice?: OutgoingMail): Promise<void> {
    const stored = this.stored.get(number);
    if (!stored || stored.order.status !== 'pending') return;
    stored.order = { ...stored.order, status: 'failed' };
    stored.failure = { code, reason: reason.slice(0, 500) };
    this.baskets.release(stored.order.basketReference);
    this.release(stored);
    if (notice) this.outbox.push(notice);
  }

  /** Why the order failed, as stored (null while it has not). */
  failureOf(number: string): { readonly code: number; readonly reason: string } | null {
    return this.stored.get(number)?.failure ?? null;
  }

  async forReconciliation(criteria: { pendingBefore: Date; uncertainSince: Date; limit: number }): Promise<readonly string[]> {
    return [...this.stored.values()]
      .map(({ order }) => order)
      .filter((order) => {
        const uncertainAt = this.uncertain.get(order.number);
        return (order.status === 'pending' && order.createdAt < criteria.pendingBefore) || (uncertainAt !== undefined && uncertainAt >= criteria.uncertainSince);
      })
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.number.localeCompare(b.number))
      .slice(0, criteria.limit)
      .map((order) => order.number);
  }

  async find(number: string): Promise<Order | null> {
    return this.stored.has(number) ? this.withBalance(number) : null;
  }

  async findByBasket(basketReference: string): Promise<Order | null> {
    const stored = this.byBasket(basketReference);
    return stored ? this.withBalance(stored.order.number) : null;
  }

  async listFor(customerId: string): Promise<readonly Order[]> {
    return [...this.stored.values()]
      .filter(({ order }) => order.customerId === customerId)
      .sort((a, b) => b.order.createdAt.getTime() - a.order.createdAt.getTime() || b.order.number.localeCompare(a.order.number))
      .map(({ order }) => this.withBalance(order.number));
  }

  async productKeys(number: string): Promise<readonly ProductKey[]> {
    return [...(this.stored.get(number)?.keys ?? [])];
  }

  private byBasket(basketReference: string): Stored | undefined {
    return [...this.stored.values()].find(({ order }) => order.basketReference === basketReference);
  }

  /** The order as stored, with what its voucher has left (the Postgres read joins the redemption). */
  private withBalance(number: string): Order {
    const { order, voucher } = this.stored.get(number) as Stored;
    if (!voucher) return { ...order, voucherBalanceLeftMinor: null };
    const left = this.options.vouchers?.vouchers.find((candidate) => candidate.code === voucher.code)?.balanceMinor ?? null;
    return { ...order, voucherBalanceLeftMinor: left };
  }

  private voucherOf(draft: OrderDraft): Stored['voucher'] {
    return draft.voucherCode && (draft.voucherMinor ?? 0) > 0 ? { code: draft.voucherCode, amountMinor: draft.voucherMinor ?? 0 } : null;
  }

  /** Claims what the draft needs, all or nothing; the refusal when something is gone. */
  private claim(draft: OrderDraft, number: string): ReservationRefusal | null {
    const { discounts, vouchers, unitsLeft } = this.options;
    const code = draft.discountCode ? discounts?.codes.find((candidate) => candidate.code === draft.discountCode) : undefined;
    const customerKey = `${draft.discountCode}:${draft.customerId}`;
    // As in Postgres, a code or voucher that is not there cannot be claimed.
    if (draft.discountCode && discounts && !code) return 'DISCOUNT_USAGE_LIMIT';
    if (code) {
      if (code.maxUses !== null && code.uses >= code.maxUses) return 'DISCOUNT_USAGE_LIMIT';
      if ((this.customerDiscountUses.get(customerKey) ?? 0) >= (code.maxUsesPerCustomer ?? Infinity)) return 'DISCOUNT_PURCHASE_LIMIT';
    }
    const units = new Map<string, number>();
    for (const line of draft.lines) units.set(line.productReference, (units.get(line.productReference) ?? 0) + line.quantity);
    for (const [product, wanted] of units) if ((unitsLeft?.get(product) ?? Infinity) < wanted) return 'PRODUCT_SOLD_OUT';
    const spend = this.voucherOf(draft);
    const voucher = spend ? vouchers?.vouchers.find((candidate) => candidate.code === spend.code) : undefined;
    if (spend && vouchers && !voucher) return 'BASKET_STALE';
    if (spend && voucher) {
      if (voucher.balanceMinor < spend.amountMinor) return 'BASKET_STALE';
      const used = vouchers?.redemptions.filter((redemption) => redemption.code === spend.code && redemption.customerId === draft.customerId).length ?? 0;
      if (used >= (voucher.maxUsesPerCustomer ?? Infinity)) return 'VOUCHER_PURCHASE_LIMIT';
    }
    // Everything is there: take it.
    if (code && discounts) {
      discounts.codes[discounts.codes.indexOf(code)] = { ...code, uses: code.uses + 1 };
      this.customerDiscountUses.set(customerKey, (this.customerDiscountUses.get(customerKey) ?? 0) + 1);
    }
    for (const [product, wanted] of units) {
      const left = unitsLeft?.get(product);
      if (left !== undefined) unitsLeft?.set(product, left - wanted);
    }
    if (spend && voucher && vouchers) {
      vouchers.vouchers[vouchers.vouchers.indexOf(voucher)] = { ...voucher, balanceMinor: voucher.balanceMinor - spend.amountMinor };
      vouchers.redemptions.push({ code: spend.code, customerId: draft.customerId, orderNumber: number });
    }
    return null;
  }

  /** Gives back what a failed attempt claimed. */
  private release(stored: Stored): void {
    const { discounts, vouchers, unitsLeft } = this.options;
    const { order } = stored;
    const code = order.discountCode ? discounts?.codes.find((candidate) => candidate.code === order.discountCode) : undefined;
    if (code && discounts && code.uses > 0) {
      discounts.codes[discounts.codes.indexOf(code)] = { ...code, uses: code.uses - 1 };
      const customerKey = `${order.discountCode}:${order.customerId}`;
      this.customerDiscountUses.set(customerKey, Math.max(0, (this.customerDiscountUses.get(customerKey) ?? 0) - 1));
    }
    for (const line of order.lines) {
      const left = unitsLeft?.get(line.productReference);
      if (left !== undefined) unitsLeft?.set(line.productReference, left + line.quantity);
    }
    const spend = stored.voucher;
    const voucher = spend ? vouchers?.vouchers.find((candidate) => candidate.code === spend.code) : undefined;
    if (spend && voucher && vouchers) {
      vouchers.vouchers[vouchers.vouchers.indexOf(voucher)] = { ...voucher, balanceMinor: voucher.balanceMinor + spend.amountMinor };
      const index = vouchers.redemptions.findIndex((redemption) => redemption.orderNumber === order.number);
      if (index >= 0) vouchers.redemptions.splice(index, 1);
    }
    stored.voucher = null;
  }
}
