import { applyVoucher, money, priceBasket, type BasketJson, type Money, type PricingContext } from '@store/domain';
import { payPalCart } from './paypal-cart';
import { afterApproval, approvedBasket } from './paypal-update';

// What follows PayPal's approval when the basket was read again: baskets priced by the domain's own
// pricing (as the API prices them), each version with its own stale hash.

const moneyJson = (value: Money) => ({ amount_minor: value.amountMinor, currency: value.currency });
const totalsJson = (totals: { net: Money; tax: Money; gross: Money }) => ({ net: moneyJson(totals.net), tax: moneyJson(totals.tax), gross: moneyJson(totals.gross) });
const GB: PricingContext = { currency: 'GBP', taxInclusive: true, taxRateBasisPoints: 2000 };
const PHOTO = { name: 'Affinity Photo 2', unitMinor: 6999, quantity: 1 };
const PUBLISHER = { name: 'Affinity Publisher 2', unitMinor: 6999, quantity: 1 };
const DESIGNER = { name: 'Affinity Designer 2', unitMinor: 4199, quantity: 1 };

function basketOf(hash: string, lines: { name: string; unitMinor: number; quantity: number }[], options: { context?: PricingContext; voucherMinor?: number; reference?: string } = {}): BasketJson {
  const context = options.context ?? GB;
  const pricing = priceBasket(
    lines.map((line, index) => ({ reference: `L${index}`, unitPrice: money(line.unitMinor, context.currency), quantity: line.quantity })),
    context,
    null,
  );
  const due = pricing.totalWithDiscount.gross.amountMinor;
  const voucher = options.voucherMinor ? applyVoucher(due, { code: 'GIFT', balanceMinor: options.voucherMinor }, context.currency) : null;
  return {
    reference: options.reference ?? 'B1',
    stale_hash: hash,
    lines: lines.map((line, index) => ({ reference: `L${index}`, name: line.name, quantity: line.quantity, total: moneyJson(pricing.lines[index].total), discount: moneyJson(pricing.lines[index].discount) })),
    pricing: {
      currency_code: context.currency,
      tax_inclusive: context.taxInclusive,
      total: totalsJson(pricing.total),
      applied_discount: null,
      total_with_discount_applied: null,
      applied_voucher: voucher ? { code: voucher.code, amount: moneyJson(voucher.amount), balance_left: moneyJson(voucher.balanceLeft) } : null,
      amount_to_pay: moneyJson(money(due - (voucher?.amount.amountMinor ?? 0), context.currency)),
    },
  } as unknown as BasketJson;
}

const approved = approvedBasket(basketOf('h1', [PHOTO, PUBLISHER]));

describe('what follows PayPal’s approval', () => {
  it('pays the basket as approved when it is the version PayPal was given', () => {
    expect(afterApproval(approved, basketOf('h1', [PHOTO, PUBLISHER]))).toEqual({ kind: 'as-approved' });
  });

  it('updates PayPal’s payment to a basket that now costs less, with that basket’s own cart', () => {
    const now = basketOf('h2', [PHOTO]);
    const next = afterApproval(approved, now);
    expect(next).toEqual({ kind: 'update', basket: now, cart: payPalCart(now) });
    expect(next.kind === 'update' && next.cart).toMatchObject({ amount: '69.99', currency: 'GBP', lineItems: [{ name: 'Affinity Photo 2', quantity: '1', unitAmount: '69.99' }], amountBreakdown: { itemTotal: '69.99' } });
  });

  it('updates PayPal to a changed basket of the same total (another product of the same price)', () => {
    const now = basketOf('h2', [PHOTO, { ...PUBLISHER, name: 'Affinity Designer 2' }]);
    expect(afterApproval(approved, now)).toMatchObject({ kind: 'update', cart: { amount: '139.98' } });
  });

  it('updates PayPal to a basket a voucher now pays part of', () => {
    expect(afterApproval(approved, basketOf('h2', [PHOTO, PUBLISHER], { voucherMinor: 1000 }))).toMatchObject({ kind: 'update', cart: { amount: '129.98', amountBreakdown: { itemTotal: '139.98', discount: '10.00' } } });
  });

  it.each([
    ['costs more than the payer approved', basketOf('h2', [PHOTO, PUBLISHER, DESIGNER])],
    ['costs a cent more', basketOf('h2', [PHOTO, { ...PUBLISHER, unitMinor: 7000 }])],
    ['is in another currency', basketOf('h2', [PHOTO], { context: { currency: 'EUR', taxInclusive: true, taxRateBasisPoints: 2000 } })],
    ['has nothing left to pay by PayPal (a voucher pays it all)', basketOf('h2', [PHOTO], { voucherMinor: 10_000 })],
    ['is empty', basketOf('h2', [])],
    ['is another basket', basketOf('h1', [PHOTO], { reference: 'B2' })],
    ['is gone', null],
  ])('charges nothing, and the payer approves again, when the basket %s', (_why, now) => {
    expect(afterApproval(approved, now)).toEqual({ kind: 'approve-again' });
  });
});
