import type { Order } from '../orders/orders.ports';
import { anOrder, anOrderLine } from '../testing/mothers';
import { refundAmounts } from './refund-amounts';
import { disputeLostNoticeMail, refundNoticeMail } from './refund-mails';

const STORE = 'https://store.example/';
const ada = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

/** Photo 2 and Designer 2 for macOS, with the iPad Photo that came free with Photo: £83.98 paid by card. */
const order = anOrder({
  number: 'AFS-00001234',
  status: 'paid',
  locale: 'en-gb',
  transactionId: 'txn-1',
  netMinor: 6998,
  taxMinor: 1400,
  grossMinor: 8398,
  lines: [
    anOrderLine({ productName: 'Affinity Photo 2 for macOS' }),
    anOrderLine({ productName: 'Affinity Photo 2 for iPad', totalMinor: 0, unitPriceMinor: 0, isBonus: true, taxRateBasisPoints: null }),
    anOrderLine({ productName: 'Affinity Designer 2 for macOS', productReference: 'designer-2-macos' }),
  ],
});

/** The notice of refunding these lines, its amounts worked out as the refund's are. */
function noticeOf(of: Order, positions: number[], before: number[] = [], extra: { pending?: boolean; creditNoteNumber?: string | null } = {}) {
  const amounts = refundAmounts(of, positions, before);
  return refundNoticeMail(
    of,
    ada,
    { creditNoteNumber: 'creditNoteNumber' in extra ? (extra.creditNoteNumber ?? null) : `${of.number}-CN1`, positions, ...amounts, pending: extra.pending ?? false },
    STORE,
  );
}

describe('refundNoticeMail', () => {
  it('names the one line refunded, what goes back to the card, the credit note and the keys that stop', () => {
    const mail = noticeOf(order, [2]);
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Part of your Affinity Store order AFS-00001234 has been refunded');
    expect(mail.text).toContain('Hello Ada Lovelace,');
    expect(mail.text).toContain('We have refunded part of your order AFS-00001234.');
    expect(mail.text).toContain('- Affinity Designer 2 for macOS × 1: £41.99');
    // Only the refunded line: Photo and its free iPad version stay.
    expect(mail.text).not.toContain('Affinity Photo 2');
    expect(mail.text).toContain('Amount refunded: £41.99');
    expect(mail.text).toContain('Back to the payment method you paid with: £41.99');
    expect(mail.text).toContain('It can take a few days for the money to appear on your statement');
    expect(mail.text).toContain('The product keys of the refunded products no longer work.');
    expect(mail.text).toContain('Your credit note (PDF): https://store.example/downloads/AFS-00001234/credit-notes/AFS-00001234-CN1.pdf');
    expect(mail.text).not.toContain('voucher');
  });

  it('says a whole refund is of the order, free lines included, and the last of several refunds is of the rest', () => {
    const whole = noticeOf(order, [0, 1, 2]);
    expect(whole.subject).toBe('Your Affinity Store order AFS-00001234 has been refunded');
    expect(whole.text).toContain('We have refunded your order AFS-00001234.');
    for (const line of ['- Affinity Photo 2 for macOS × 1: £41.99', '- Affinity Photo 2 for iPad × 1: included', '- Affinity Designer 2 for macOS × 1: £41.99', 'Amount refunded: £83.98']) {
      expect(whole.text).toContain(line);
    }
    const rest = noticeOf(order, [0, 1], [2], { creditNoteNumber: 'AFS-00001234-CN2' });
    expect(rest.subject).toBe('Your Affinity Store order AFS-00001234 has been refunded');
    expect(rest.text).toContain('We have refunded the rest of your order AFS-00001234.');
    expect(rest.text).toContain('Amount refunded: £41.99');
    expect(rest.text).toContain('/credit-notes/AFS-00001234-CN2.pdf');
  });

  it('says plainly which part a voucher paid and that it does not go back to the payment method', () => {
    const part = { ...order, voucherCode: 'GIFT-30', voucherMinor: 3000 };
    const mail = noticeOf(part, [0, 1, 2]);
    expect(mail.text).toContain('Amount refunded: £83.98');
    expect(mail.text).toContain('Of this, £30.00 was paid with voucher GIFT-30 and does not go back to your payment method.');
    expect(mail.text).toContain('Back to the payment method you paid with: £53.98');
    // A line's refund carries its share of the voucher: half the order, half the voucher.
    const line = noticeOf(part, [2]);
    expect(line.text).toContain('Of this, £15.00 was paid with voucher GIFT-30');
    expect(line.text).toContain('Back to the payment method you paid with: £26.99');
    // All of it paid by voucher: nothing to wait for on a statement.
    const covered = noticeOf({ ...order, voucherCode: 'GIFT-ALL', voucherMinor: 8398 }, [2]);
    expect(covered.text).toContain('Nothing goes back to your payment method.');
    expect(covered.text).not.toContain('appear on your statement');
  });

  it('sends the shopper of a merchant-of-record order to the reseller’s own credit note', () => {
    const resold = { ...order, gateway: 'digital-river' } as Order;
    const mail = noticeOf(resold, [0, 1, 2], [], { creditNoteNumber: null, pending: true });
    expect(mail.subject).toBe('Your Affinity Store order AFS-00001234 is being refunded');
    expect(mail.text).toContain('Our reseller, Digital River, is refunding your order AFS-00001234.');
    expect(mail.text).toContain('Our reseller, Digital River, sends you its own credit note for this refund.');
    expect(mail.text).not.toContain('/credit-notes/');
    expect(mail.text).toContain('Back to the payment method you paid with: £83.98');
    const done = noticeOf(resold, [2], [], { creditNoteNumber: null });
    expect(done.text).toContain('Our reseller, Digital River, has refunded part of your order AFS-00001234.');
  });

  it('says a card refund the provider is still processing is under way', () => {
    const mail = noticeOf(order, [2], [], { pending: true });
    expect(mail.subject).toBe('Part of your Affinity Store order AFS-00001234 is being refunded');
    expect(mail.text).toContain('We are refunding part of your order AFS-00001234: our payment provider has accepted the refund and is processing it.');
  });

  it('writes amounts in the order’s currency as its storefront does', () => {
    const euros = { ...order, locale: 'en-eu', currency: 'EUR' };
    expect(noticeOf(euros, [2]).text).toContain('Amount refunded: €41.99');
  });
});

describe('disputeLostNoticeMail', () => {
  it('says the card issuer reversed the payment after a chargeback, the keys stop and how to reach the store', () => {
    const mail = disputeLostNoticeMail({ ...order, voucherCode: 'GIFT-30', voucherMinor: 3000 }, ada, STORE);
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Your payment for order AFS-00001234 was reversed');
    expect(mail.text).toContain('Hello Ada Lovelace,');
    // What the card was charged, not the voucher's part.
    expect(mail.text).toContain('Your card issuer has reversed your payment of £53.98 for order AFS-00001234 after a chargeback, so the order is no longer paid.');
    expect(mail.text).toContain('Its product keys no longer work.');
    expect(mail.text).toContain('contact us through https://store.example/en-gb/help/ and give your order number, AFS-00001234.');
  });
});
