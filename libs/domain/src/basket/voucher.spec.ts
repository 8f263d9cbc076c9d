import { ErrorCatalogue } from '../errors/error-catalogue';
import { money } from '../shared/money';
import { aProduct, aSuite } from '../testing/catalogue.mother';
import { emptyBasket, staleHash, type Basket } from './basket';
import { viewBasket, type CountryAccount } from './basket-view';
import { applyVoucher, checkVoucher, normaliseVoucherCode, setVoucherCode, type Voucher, type VoucherContext } from './voucher';

const now = new Date('2026-11-26T12:00:00Z');
const voucher = (overrides: Partial<Voucher> = {}): Voucher => ({
  code: 'GIFT-50',
  currency: 'GBP',
  initialMinor: 5000,
  balanceMinor: 5000,
  expiresAt: null,
  maxUsesPerCustomer: null,
  countryAccounts: null,
  email: null,
  newCustomersOnly: false,
  ...overrides,
});
const context = (overrides: Partial<VoucherContext> = {}): VoucherContext => ({
  now,
  countryAccount: 'GB',
  currency: 'GBP',
  customerEmail: 'ann@example.com',
  customerEmailVerified: true,
  customerRedemptions: 0,
  customerHasOrdered: false,
  ...overrides,
});
const refusal = (found: Voucher | null, overrides: Partial<VoucherContext> = {}) => {
  const result = checkVoucher(found, context(overrides));
  return result.ok ? null : result.error.errorName;
};

describe('checkVoucher', () => {
  it('accepts a voucher that holds, with its balance', () => {
    expect(checkVoucher(voucher({ balanceMinor: 1234 }), context())).toEqual({ ok: true, value: { code: 'GIFT-50', balanceMinor: 1234 } });
  });

  it('gives each of the six refusals of spec 2 §8 with its catalogued code', () => {
    expect(refusal(null)).toBe('VOUCHER_NOT_FOUND');
    expect(refusal(voucher({ expiresAt: new Date(now.getTime()) }))).toBe('VOUCHER_EXPIRED');
    expect(refusal(voucher({ expiresAt: new Date(now.getTime() + 1000) }))).toBeNull();
    expect(refusal(voucher({ maxUsesPerCustomer: 1 }), { customerRedemptions: 1 })).toBe('VOUCHER_PURCHASE_LIMIT');
    expect(refusal(voucher({ maxUsesPerCustomer: 2 }), { customerRedemptions: 1 })).toBeNull();
    expect(refusal(voucher({ countryAccounts: ['DE'] }))).toBe('VOUCHER_REGION');
    expect(refusal(voucher({ email: 'bob@example.com' }))).toBe('VOUCHER_EMAIL_MISMATCH');
    expect(refusal(voucher({ email: 'ANN@example.com ' }))).toBeNull();
    expect(refusal(voucher({ newCustomersOnly: true }), { customerHasOrdered: true })).toBe('VOUCHER_NEW_CUSTOMERS_ONLY');
    expect(refusal(voucher({ newCustomersOnly: true }))).toBeNull();
    expect(ErrorCatalogue.VOUCHER_NEW_CUSTOMERS_ONLY.code).toBe(201106);
  });

  it('refuses a voucher in another currency as out of region, a bound one without a proven email, and a spent one', () => {
    expect(refusal(voucher({ currency: 'EUR' }))).toBe('VOUCHER_REGION');
    expect(refusal(voucher({ email: 'ann@example.com' }), { customerEmail: null })).toBe('VOUCHER_EMAIL_MISMATCH');
    expect(refusal(voucher({ email: 'ann@example.com' }), { customerEmailVerified: false })).toBe('EMAIL_VERIFICATION_REQUIRED');
    expect(refusal(voucher({ balanceMinor: 0 }))).toBe('VOUCHER_SPENT');
  });

  it('normalises codes like discount codes', () => {
    expect(normaliseVoucherCode('  gift-50 ')).toBe('GIFT-50');
  });
});

describe('applyVoucher', () => {
  it.each([
    // due, balance, covered, left
    [4999, 5000, 4999, 1],
    [5000, 5000, 5000, 0],
    [12000, 5000, 5000, 0],
    [1, 5000, 1, 4999],
    [0, 5000, 0, 5000],
  ])('due %i with a balance of %i: covers %i, leaves %i', (due, balance, covered, left) => {
    const applied = applyVoucher(due, { code: 'V', balanceMinor: balance }, 'GBP');
    expect(applied.amount).toEqual(money(covered, 'GBP'));
    expect(applied.balanceLeft).toEqual(money(left, 'GBP'));
    expect(applied.amount.amountMinor + applied.balanceLeft.amountMinor).toBe(balance);
  });
});

describe('a voucher in the basket view', () => {
  const gb: CountryAccount = { code: 'GB', name: 'United Kingdom', currency: 'GBP', taxInclusive: true, taxRateBasisPoints: 2000 };
  const suite = aSuite({
    reference: 'photo',
    products: [aProduct({ reference: 'photo-mac', price: { current: money(6999, 'GBP'), original: money(6999, 'GBP') } })],
  });
  const basket: Basket = {
    ...emptyBasket('b1', 'GB'),
    voucherCode: 'GIFT-50',
    lines: [{ reference: 'l1', suiteReference: 'photo', productReference: 'photo-mac', quantity: 1, quantityLocked: false }],
  };
  const suites = new Map([['photo', suite]]);
  const view = (voucherBalance: number | null, discount: number | null = null) => {
    const result = viewBasket(
      basket,
      gb,
      suites,
      discount ? { code: 'TEN', percentOff: discount } : null,
      voucherBalance === null ? null : { code: 'GIFT-50', balanceMinor: voucherBalance },
    );
    if (!result.ok) throw result.error;
    return result.value;
  };

  it('pays part after the discount and tax, leaving prices, tax and the invoice total as they are', () => {
    const paid = view(5000, 10);
    expect(paid.totalWithDiscount.gross.amountMinor).toBe(6299);
    expect(paid.totalWithDiscount.tax.amountMinor).toBe(view(null, 10).totalWithDiscount.tax.amountMinor);
    expect(paid.appliedVoucher).toEqual({ code: 'GIFT-50', amount: money(5000, 'GBP'), balanceLeft: money(0, 'GBP') });
    expect(paid.amountToPay).toEqual(money(1299, 'GBP'));
    expect(paid.formattedTotalForVerification).toBe('12.99');
    expect(paid.orderIsComplimentary).toBe(false);
  });

  it('pays all of it when the balance is enough: nothing is left to pay and the rest stays on the voucher', () => {
    const paid = view(10000);
    expect(paid.amountToPay).toEqual(money(0, 'GBP'));
    expect(paid.appliedVoucher?.balanceLeft).toEqual(money(3001, 'GBP'));
    expect(paid.orderIsComplimentary).toBe(true);
  });

  it('changes the stale hash when the voucher or what it covers changes', () => {
    const without = view(null);
    expect(without.amountToPay).toEqual(money(6999, 'GBP'));
    expect(new Set([view(5000).staleHash, view(4000).staleHash, without.staleHash]).size).toBe(3);
    // A basket that never had a voucher keeps the hash it had before vouchers existed.
    const plain = { ...basket, voucherCode: undefined };
    const plainView = viewBasket(plain, gb, suites);
    if (!plainView.ok) throw plainView.error;
    expect(plainView.value.staleHash).toBe(
      staleHash(plain, { currency: 'GBP', netMinor: 5833, taxMinor: 1166, grossMinor: 6999, discountCode: null }),
    );
  });

  it('setVoucherCode bumps the version only on a change', () => {
    expect(setVoucherCode(basket, 'GIFT-50')).toBe(basket);
    expect(setVoucherCode(basket, null)).toMatchObject({ voucherCode: null, version: basket.version + 1 });
  });
});
