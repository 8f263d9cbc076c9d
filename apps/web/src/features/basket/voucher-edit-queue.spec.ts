import type { BasketChangeJson, BasketJson } from '@store/domain';
import { applyOptimistically, BasketEditQueue, type SendEdit } from './basket-edit-queue';

const gbp = (amount_minor: number) => ({ amount_minor, currency: 'GBP' });
const totals = (gross: number) => ({ net: gbp(gross), tax: gbp(0), gross: gbp(gross), is_zero_vat: true, is_zero_total: gross === 0 });

function basket(hash: string): BasketJson {
  return {
    reference: 'b1',
    stale_hash: hash,
    lines: [],
    pricing: {
      total: totals(11198),
      applied_discount: { code: 'WELCOME10', percentage: 10, total: totals(1120) },
      total_with_discount_applied: totals(10078),
      applied_voucher: { code: 'GIFT-50', amount: gbp(5000), balance_left: gbp(0) },
      amount_to_pay: gbp(5078),
    },
  } as unknown as BasketJson;
}

describe('voucher edits in the basket edit queue', () => {
  it('shows a removed voucher at once: nothing applied, everything after the discount to pay again', () => {
    const shown = applyOptimistically(basket('h0'), { action: 'REMOVE_VOUCHER_CODE' });
    expect(shown.pricing.applied_voucher).toBeNull();
    expect(shown.pricing.amount_to_pay).toEqual(gbp(10078));
    expect(shown.pricing.applied_discount?.code).toBe('WELCOME10');
    // Applying waits for the server, which knows the balance.
    const start = basket('h0');
    expect(applyOptimistically(start, { action: 'APPLY_VOUCHER_CODE', code: 'GIFT-50' })).toBe(start);
  });

  it('keeps a voucher and a discount code queued together: neither replaces the other', async () => {
    const sent: string[] = [];
    let version = 0;
    const send: SendEdit = async (edit) => {
      sent.push(edit.action);
      version += 1;
      return { basket: basket(`h${version}`), stale_hash: `h${version}` } as BasketChangeJson;
    };
    const queue = new BasketEditQueue(basket('h0'), send, { display: () => undefined, saved: () => undefined, failed: () => undefined });
    const first = queue.submit({ action: 'REMOVE_DISCOUNT_CODE' });
    const discount = queue.submit({ action: 'APPLY_DISCOUNT_CODE', code: 'WELCOME10' });
    const voucher = queue.submit({ action: 'APPLY_VOUCHER_CODE', code: 'GIFT-50' });
    const replaced = queue.submit({ action: 'REMOVE_VOUCHER_CODE' });
    expect((await first).status).toBe('saved');
    expect((await discount).status).toBe('saved');
    // A later voucher edit replaces a queued one, as for the discount code.
    expect(await voucher).toEqual({ status: 'replaced' });
    expect((await replaced).status).toBe('saved');
    expect(sent).toEqual(['REMOVE_DISCOUNT_CODE', 'APPLY_DISCOUNT_CODE', 'REMOVE_VOUCHER_CODE']);
  });
});
