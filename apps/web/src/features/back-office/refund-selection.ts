import type { AdminOrderJson, AdminOrderLineJson, RefundBody } from '@store/domain';

/** What the refund form has chosen: lines by position, or everything not refunded yet. */
export interface RefundSelection {
  readonly everything: boolean;
  readonly positions: readonly number[];
}

export const NO_SELECTION: RefundSelection = { everything: false, positions: [] };

/** The lines a refund can still give back: charged for, and not refunded already. */
export function refundableLines(order: Pick<AdminOrderJson, 'lines'>): readonly AdminOrderLineJson[] {
  return order.lines.filter((line) => line.refund_id === null && line.refundable > 0);
}

/** Ticks or unticks one line; ticking a line leaves "everything left", which the operator chose instead of lines. */
export function toggleLine(selection: RefundSelection, position: number): RefundSelection {
  const has = selection.positions.includes(position);
  const positions = has ? selection.positions.filter((each) => each !== position) : [...selection.positions, position].sort((a, b) => a - b);
  return { everything: false, positions };
}

export function chooseEverything(selection: RefundSelection, everything: boolean): RefundSelection {
  return everything ? { everything: true, positions: [] } : { ...selection, everything: false };
}

/**
 * Every refundable line ticked one by one is the same refund as "everything left", and is sent as
 * that (positions null): before a card payment settles only a whole refund (a void) is possible,
 * and the API can only know it is whole when it is asked for as whole.
 */
export function normalise(order: Pick<AdminOrderJson, 'lines'>, selection: RefundSelection): RefundSelection {
  if (selection.everything) return selection;
  const open = refundableLines(order).map((line) => line.position);
  const chosen = selection.positions.filter((position) => open.includes(position));
  if (open.length > 0 && chosen.length === open.length) return { everything: true, positions: [] };
  return { everything: false, positions: chosen };
}

/**
 * What the refund would give back, in minor units. Everything left is what was charged less what was
 * refunded (the provider's figure); lines are each line's share of the charge.
 */
export function refundAmount(order: Pick<AdminOrderJson, 'lines' | 'totals'>, selection: RefundSelection): number {
  const chosen = normalise(order, selection);
  if (chosen.everything) return Math.max(0, order.totals.charged - order.totals.refunded);
  return refundableLines(order)
    .filter((line) => chosen.positions.includes(line.position))
    .reduce((sum, line) => sum + line.refundable, 0);
}

export type RefundProblem = { readonly field: 'lines' | 'reason'; readonly message: string };

/** Why the form cannot go to its confirmation yet, first problem first (the focus goes there). */
export function refundProblems(order: Pick<AdminOrderJson, 'lines' | 'totals'>, selection: RefundSelection, reason: string): readonly RefundProblem[] {
  const problems: RefundProblem[] = [];
  const chosen = normalise(order, selection);
  if (!chosen.everything && chosen.positions.length === 0) problems.push({ field: 'lines', message: 'Choose the lines to refund, or refund everything left.' });
  else if (refundAmount(order, selection) <= 0) problems.push({ field: 'lines', message: 'Nothing was charged for these lines, so there is nothing to refund.' });
  if (reason.trim() === '') problems.push({ field: 'reason', message: 'Enter the reason for this refund.' });
  return problems;
}

/** The request body, without its key (the confirmation adds it). */
export function refundRequest(order: Pick<AdminOrderJson, 'lines'>, selection: RefundSelection, reason: string): Omit<RefundBody, 'request_key'> {
  const chosen = normalise(order, selection);
  return { positions: chosen.everything ? null : [...chosen.positions], reason: reason.trim() };
}
