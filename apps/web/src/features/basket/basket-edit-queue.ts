import type { BasketChangeJson, BasketJson, BasketLineJson, MoneyJson } from '@store/domain';

/** The basket edits the checkout makes (spec 2 §7), as the shopper asked for them. */
export type BasketEdit =
  | { readonly action: 'CHANGE_CHOICE'; readonly lineReference: string; readonly choice: string }
  | { readonly action: 'CHANGE_QUANTITY'; readonly lineReference: string; readonly quantity: number }
  | { readonly action: 'REMOVE_LINE'; readonly lineReference: string }
  | { readonly action: 'APPLY_DISCOUNT_CODE'; readonly code: string }
  | { readonly action: 'REMOVE_DISCOUNT_CODE' }
  | { readonly action: 'APPLY_VOUCHER_CODE'; readonly code: string }
  | { readonly action: 'REMOVE_VOUCHER_CODE' };

export type EditOutcome =
  | { readonly status: 'saved'; readonly change: BasketChangeJson }
  | { readonly status: 'failed'; readonly error: unknown }
  /** A later edit of the same thing replaced this one before it was sent. */
  | { readonly status: 'replaced' };

export type SendEdit = (edit: BasketEdit, basket: { reference: string; staleHash: string }) => Promise<BasketChangeJson>;

export interface BasketEditListener {
  /** What the shopper should see now: the saved basket with every unsaved edit applied on top. */
  display(basket: BasketJson, pending: boolean): void;
  /** A saved basket came back from the server. */
  saved(change: BasketChangeJson): void;
  /** An edit was refused or could not be sent; the display has been rolled back. */
  failed(error: unknown, edit: BasketEdit): void;
}

interface Pending {
  readonly edit: BasketEdit;
  readonly resolve: (outcome: EditOutcome) => void;
}

/** Codes after which the queued edits would fail the same way: they are dropped with the failure. */
const BASKET_GONE_CODES = new Set([200001, 200404]);

function slotOf(edit: BasketEdit): string {
  switch (edit.action) {
    case 'CHANGE_CHOICE':
    case 'CHANGE_QUANTITY':
      return `${edit.action}:${edit.lineReference}`;
    case 'REMOVE_LINE':
      return `line:${edit.lineReference}`;
    case 'APPLY_VOUCHER_CODE':
    case 'REMOVE_VOUCHER_CODE':
      return 'voucher';
    default:
      return 'discount';
  }
}

function touchesLine(edit: BasketEdit, lineReference: string): boolean {
  return 'lineReference' in edit && edit.lineReference === lineReference;
}

const times = (money: MoneyJson, quantity: number): MoneyJson => ({ ...money, amount_minor: money.amount_minor * quantity });

function lineTotal(line: BasketLineJson, choice: string, quantity: number): MoneyJson {
  const product = line.product_choices.find((option) => option.choice.synonym === choice)?.product;
  return product ? times(product.price_current, quantity) : line.total;
}

/** An edit as the shopper will see it once saved; totals wait for the server, which computes them. */
export function applyOptimistically(basket: BasketJson, edit: BasketEdit): BasketJson {
  const mapLine = (reference: string, change: (line: BasketLineJson) => BasketLineJson) => ({
    ...basket,
    lines: basket.lines.map((line) => (line.reference === reference ? change(line) : line)),
  });
  switch (edit.action) {
    case 'CHANGE_QUANTITY':
      return mapLine(edit.lineReference, (line) => ({
        ...line,
        quantity: edit.quantity,
        total: lineTotal(line, line.active_product_choice, edit.quantity),
      }));
    case 'CHANGE_CHOICE':
      return mapLine(edit.lineReference, (line) => ({
        ...line,
        active_product_choice: edit.choice,
        total: lineTotal(line, edit.choice, line.quantity),
      }));
    case 'REMOVE_LINE':
      return { ...basket, lines: basket.lines.filter((line) => line.reference !== edit.lineReference) };
    case 'REMOVE_DISCOUNT_CODE':
      return {
        ...basket,
        lines: basket.lines.map((line) => ({ ...line, discount: { ...line.discount, amount_minor: 0 } })),
        pricing: { ...basket.pricing, applied_discount: null, total_with_discount_applied: null },
      };
    case 'REMOVE_VOUCHER_CODE': {
      // Without the voucher everything after discount and tax is to pay again.
      const due = (basket.pricing.total_with_discount_applied ?? basket.pricing.total).gross;
      return { ...basket, pricing: { ...basket.pricing, applied_voucher: null, amount_to_pay: due } };
    }
    case 'APPLY_DISCOUNT_CODE':
    case 'APPLY_VOUCHER_CODE':
      return basket;
  }
}

/**
 * Sends the checkout's basket edits one at a time, each with the stale hash of the basket the
 * previous one saved, so that fast clicking never trips the stale-hash check nor lets an older
 * answer overwrite a newer choice. Edits are shown at once (optimistically); a queued edit is
 * replaced by a later edit of the same thing; a refused edit rolls the display back.
 */
export class BasketEditQueue {
  private saved: BasketJson;
  private readonly queue: Pending[] = [];
  private inFlight: Pending | null = null;
  /** Every basket this queue has started from or saved: none of them is news when offered again. */
  private readonly known = new WeakSet<BasketJson>();

  constructor(
    basket: BasketJson,
    private readonly send: SendEdit,
    private readonly listener: BasketEditListener,
  ) {
    this.saved = basket;
    this.known.add(basket);
  }

  get busy(): boolean {
    return this.inFlight !== null || this.queue.length > 0;
  }

  /** The shopper's view: the saved basket with every edit not yet saved applied. */
  view(): BasketJson {
    const unsaved = [...(this.inFlight ? [this.inFlight] : []), ...this.queue];
    return unsaved.reduce((basket, pending) => applyOptimistically(basket, pending.edit), this.saved);
  }

  /**
   * A basket read from the server outside the queue (a refetch); taken only when nothing is unsaved
   * and only when it is new to the queue, so a caller still holding a basket the queue has since
   * moved past (a render that has not caught up with the last save) cannot wind it back.
   */
  replace(basket: BasketJson): void {
    if (this.busy || this.known.has(basket)) return;
    this.known.add(basket);
    this.saved = basket;
  }

  submit(edit: BasketEdit): Promise<EditOutcome> {
    return new Promise((resolve) => {
      const slot = slotOf(edit);
      for (let index = this.queue.length - 1; index >= 0; index--) {
        const queued = this.queue[index];
        const replaced = slotOf(queued.edit) === slot || (edit.action === 'REMOVE_LINE' && touchesLine(queued.edit, edit.lineReference));
        if (replaced) {
          this.queue.splice(index, 1);
          queued.resolve({ status: 'replaced' });
        }
      }
      this.queue.push({ edit, resolve });
      this.listener.display(this.view(), true);
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.inFlight) return;
    const next = this.queue.shift();
    if (!next) return;
    this.inFlight = next;
    let outcome: EditOutcome;
    try {
      const change = await this.send(next.edit, { reference: this.saved.reference, staleHash: this.saved.stale_hash });
      this.saved = change.basket;
      this.known.add(change.basket);
      outcome = { status: 'saved', change };
    } catch (error) {
      outcome = { status: 'failed', error };
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'number' && BASKET_GONE_CODES.has(code)) {
        for (const dropped of this.queue.splice(0)) dropped.resolve({ status: 'failed', error });
      }
    }
    this.inFlight = null;
    if (outcome.status === 'saved') this.listener.saved(outcome.change);
    else this.listener.failed(outcome.error, next.edit);
    this.listener.display(this.view(), this.busy);
    next.resolve(outcome);
    void this.pump();
  }
}
