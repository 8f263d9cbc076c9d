import { taxByRate } from '../orders/tax-by-rate';
import { anOrder, anOrderLine } from '../testing/mothers';
import { creditNoteLines } from './credit-note';
import { refundAmounts } from './refund-amounts';

/** Photo 2 at 20%, its free iPad version, and the workbook posted to Berlin at 19%: the invoice states £7.00 and £7.92. */
const order = anOrder({
  status: 'paid',
  netMinor: 7665,
  taxMinor: 1492,
  grossMinor: 9157,
  lines: [
    anOrderLine({ productName: 'Photo 2 for macOS', totalMinor: 4199, taxRateBasisPoints: 2000 }),
    anOrderLine({ productName: 'Photo 2 for iPad', totalMinor: 0, unitPriceMinor: 0, isBonus: true, taxRateBasisPoints: null }),
    anOrderLine({ productName: 'Workbook', choiceName: 'Hardback', totalMinor: 4958, taxRateBasisPoints: 1900 }),
  ],
});
const noteOf = (positions: number[], before: number[] = []) => ({ order, positions, ...refundAmounts(order, positions, before) });

describe('creditNoteLines', () => {
  it('lists the credited lines in the order’s order with their parts, free ones marked', () => {
    expect(creditNoteLines(noteOf([2, 1])).lines).toEqual([
      { position: 1, productName: 'Photo 2 for iPad', choiceName: 'macOS', quantity: 1, amountMinor: 0, free: true },
      { position: 2, productName: 'Workbook', choiceName: 'Hardback', quantity: 1, amountMinor: 4958, free: false },
    ]);
  });

  it('states tax at the invoice’s rates of the credited lines; all of them make the invoice’s', () => {
    expect(creditNoteLines(noteOf([2])).taxByRate).toEqual([{ rateBasisPoints: 1900, taxMinor: 792 }]);
    expect(creditNoteLines(noteOf([0, 1, 2])).taxByRate).toEqual(taxByRate(order));
  });

  it('states one rate when the invoice did, or when the note’s tax is not the sum of its lines’', () => {
    const oneRate = anOrder({ status: 'paid', lines: [anOrderLine()] });
    expect(creditNoteLines({ order: oneRate, positions: [0], ...refundAmounts(oneRate, [0], []) }).taxByRate).toBeNull();
    expect(creditNoteLines({ ...noteOf([2]), taxMinor: 793 }).taxByRate).toBeNull();
  });

  it('credits a tax-exclusive order’s lines before tax, as its invoice lists them', () => {
    const us = anOrder({ status: 'paid', taxInclusive: false, currency: 'USD', netMinor: 11998, taxMinor: 1065, grossMinor: 13063, lines: [anOrderLine({ totalMinor: 6999, taxRateBasisPoints: null }), anOrderLine({ totalMinor: 4999, taxRateBasisPoints: null })] });
    const note = { order: us, positions: [1], ...refundAmounts(us, [1], []) };
    expect(creditNoteLines(note).lines[0].amountMinor).toBe(4999);
    expect(note.grossMinor).toBe(5443);
  });
});
