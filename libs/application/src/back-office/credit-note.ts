import type { Customer } from '@store/domain';
import type { Seller } from '../orders/invoice.ports';
import type { Order } from '../orders/orders.ports';
import { taxByRate, type TaxAtRate } from '../orders/tax-by-rate';
import { refundLineShares } from './refund-amounts';

/**
 * The store's credit note for a refund: it corrects the order's invoice by the lines given back.
 * Its figures are the refund's (refundAmounts), so a credit note's line says what the invoice's did.
 */
export interface CreditNote {
  /** Ours: `${order.number}-CN${sequence}`, e.g. AFS-00001234-CN1. */
  readonly number: string;
  readonly issuedAt: Date;
  /** The order whose invoice it corrects. */
  readonly order: Order;
  /** The order lines credited (whole quantities). */
  readonly positions: readonly number[];
  readonly netMinor: number;
  readonly taxMinor: number;
  readonly grossMinor: number;
  readonly reason: string | null;
}

/** Renders the credit note of a refund of an order the store itself sold (the merchant of record writes its own). */
export interface CreditNoteRenderer {
  render(note: CreditNote, customer: Customer, seller: Seller): Promise<Uint8Array>;
}
export const CREDIT_NOTE_RENDERER = Symbol('CreditNoteRenderer');

/** One credited line: what it gives back, before tax in a tax-exclusive order (as the invoice's lines are). */
export interface CreditedLine {
  readonly position: number;
  readonly productName: string;
  readonly choiceName: string;
  readonly quantity: number;
  readonly amountMinor: number;
  /** Came free (a bonus product, or wholly discounted): credited with the rest, giving nothing back. */
  readonly free: boolean;
}

/**
 * What a credit note lists: its lines with their parts of the order, in the order's order, and its
 * tax at each rate where the invoice stated tax by rate (null: the invoice stated one rate, and so
 * does the note). The rates are stated only when they add up to the note's tax, as on the invoice.
 */
export function creditNoteLines(note: Pick<CreditNote, 'order' | 'positions' | 'taxMinor'>): { readonly lines: readonly CreditedLine[]; readonly taxByRate: readonly TaxAtRate[] | null } {
  const { order } = note;
  const shares = refundLineShares(order);
  const positions = [...note.positions].sort((a, b) => a - b);
  const lines = positions.map((position) => {
    const line = order.lines[position];
    const share = shares[position];
    return {
      position,
      productName: line.productName,
      choiceName: line.choiceName,
      quantity: line.quantity,
      amountMinor: order.taxInclusive ? share.grossMinor : share.netMinor,
      free: line.isBonus || share.grossMinor === 0,
    };
  });
  const invoiceRates = taxByRate(order);
  if (!invoiceRates) return { lines, taxByRate: null };
  const rates = invoiceRates
    .map((rate) => ({
      rateBasisPoints: rate.rateBasisPoints,
      credited: positions.filter((position) => shares[position].rateBasisPoints === rate.rateBasisPoints),
    }))
    .filter((rate) => rate.credited.length > 0)
    .map((rate) => ({ rateBasisPoints: rate.rateBasisPoints, taxMinor: rate.credited.reduce((sum, position) => sum + shares[position].taxMinor, 0) }));
  const adds = rates.reduce((sum, rate) => sum + rate.taxMinor, 0) === note.taxMinor;
  return { lines, taxByRate: adds && rates.length > 0 ? rates : null };
}
