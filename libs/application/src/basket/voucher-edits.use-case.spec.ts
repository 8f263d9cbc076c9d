import { money, type Basket, type CountryAccount, type Voucher } from '@store/domain';
import { aSuite } from '@store/domain/testing';
import { FixedClock, InMemoryBasketRepository, InMemoryCatalogue, InMemoryDiscounts, InMemoryVouchers } from '../testing';
import { BasketReader, type BasketViewer } from './basket-reader';
import { EditBasket } from './edit-basket.use-case';

const gb: CountryAccount = { code: 'GB', name: 'United Kingdom', currency: 'GBP', taxInclusive: true, taxRateBasisPoints: 2000 };
const photo = aSuite({ quantityMaximum: 50 });
const ann: BasketViewer = { id: 'c-ann', email: 'ann@example.com', emailVerified: true };
const voucher = (code: string, overrides: Partial<Voucher> = {}): Voucher => ({
  code,
  currency: 'GBP',
  initialMinor: 2000,
  balanceMinor: 2000,
  expiresAt: null,
  maxUsesPerCustomer: null,
  countryAccounts: null,
  email: null,
  newCustomersOnly: false,
  ...overrides,
});

function setUp() {
  const catalogue = new InMemoryCatalogue(new Map([['GB', [photo]]]), [gb]);
  const baskets = new InMemoryBasketRepository();
  const discounts = new InMemoryDiscounts([
    { code: 'WELCOME10', percentOff: 10, maxUses: null, uses: 0, maxUsesPerCustomer: null, email: null, expiresAt: null, countryAccounts: null },
  ]);
  const vouchers = new InMemoryVouchers([
    voucher('GIFT-20'),
    voucher('OLD-GIFT', { expiresAt: new Date('2026-01-01T00:00:00Z') }),
    voucher('ONCE-ONLY', { maxUsesPerCustomer: 1 }),
    voucher('DE-ONLY', { countryAccounts: ['DE'] }),
    voucher('BOBS-GIFT', { email: 'bob@example.com' }),
    voucher('HELLO-NEW', { newCustomersOnly: true }),
    voucher('BIG-GIFT', { initialMinor: 100000, balanceMinor: 100000 }),
  ]);
  vouchers.redemptions.push({ code: 'ONCE-ONLY', customerId: ann.id });
  vouchers.customersWithOrders.add(ann.id);
  const clock = new FixedClock(new Date('2026-11-22T12:00:00Z'));
  const reader = new BasketReader(catalogue, catalogue, baskets, discounts, clock, vouchers);
  const basket: Basket = {
    reference: 'b1',
    countryAccount: 'GB',
    discountCode: null,
    shippingCountry: null,
    customerId: ann.id,
    version: 1,
    lines: [{ reference: 'l1', suiteReference: 'photo-2', productReference: 'photo-2-macos', quantity: 1, quantityLocked: false }],
  };
  baskets.baskets.set('b1', basket);
  return { baskets, vouchers, edit: new EditBasket(baskets, catalogue, reader) };
}

describe('EditBasket with vouchers', () => {
  it('refuses each of the six cases with its code and leaves the basket as it was', async () => {
    const { edit, baskets } = setUp();
    const before = baskets.baskets.get('b1');
    const refusals: Record<string, number> = {
      'NO-SUCH-GIFT': 201101,
      'OLD-GIFT': 201102,
      'ONCE-ONLY': 201103,
      'DE-ONLY': 201104,
      'BOBS-GIFT': 201105,
      'HELLO-NEW': 201106,
    };
    for (const [code, expected] of Object.entries(refusals)) {
      const result = await edit.execute({ basketReference: 'b1', viewer: ann, edit: { kind: 'apply-voucher', code } });
      expect([code, !result.ok && result.error.code]).toEqual([code, expected]);
    }
    expect(baskets.baskets.get('b1')).toBe(before);
  });

  it('pays part of the amount after the discount, keeps the rest on the voucher, and is removed again', async () => {
    const { edit } = setUp();
    const discounted = await edit.execute({ basketReference: 'b1', viewer: ann, edit: { kind: 'apply-discount', code: 'WELCOME10' } });
    if (!discounted.ok) throw discounted.error;
    const due = discounted.value.view.totalWithDiscount.gross.amountMinor;
    const applied = await edit.execute({ basketReference: 'b1', viewer: ann, edit: { kind: 'apply-voucher', code: ' gift-20 ' } });
    if (!applied.ok) throw applied.error;
    const { view } = applied.value;
    expect(view.basket.voucherCode).toBe('GIFT-20');
    expect(view.appliedVoucher).toEqual({ code: 'GIFT-20', amount: money(2000, 'GBP'), balanceLeft: money(0, 'GBP') });
    expect(view.amountToPay).toEqual(money(due - 2000, 'GBP'));
    expect(view.totalWithDiscount.gross.amountMinor).toBe(due);
    const removed = await edit.execute({ basketReference: 'b1', viewer: ann, edit: { kind: 'remove-voucher' } });
    expect(removed.ok && removed.value.view.amountToPay).toEqual(money(due, 'GBP'));
  });

  it('covers a whole order with a large balance, which then pays nothing and is complimentary', async () => {
    const { edit } = setUp();
    const applied = await edit.execute({ basketReference: 'b1', viewer: ann, edit: { kind: 'apply-voucher', code: 'BIG-GIFT' } });
    if (!applied.ok) throw applied.error;
    const { view } = applied.value;
    expect(view.amountToPay.amountMinor).toBe(0);
    expect(view.orderIsComplimentary).toBe(true);
    expect(view.appliedVoucher?.balanceLeft.amountMinor).toBe(100000 - view.totalWithDiscount.gross.amountMinor);
  });

  it('stops paying with a voucher spent elsewhere and says so at the top', async () => {
    const { edit, vouchers } = setUp();
    await edit.execute({ basketReference: 'b1', viewer: ann, edit: { kind: 'apply-voucher', code: 'GIFT-20' } });
    vouchers.vouchers[0] = { ...vouchers.vouchers[0], balanceMinor: 0 };
    const read = await edit.execute({ basketReference: 'b1', viewer: ann, edit: { kind: 'remove-discount' } });
    if (!read.ok) throw read.error;
    expect(read.value.view.appliedVoucher).toBeNull();
    expect(read.value.view.amountToPay).toEqual(read.value.view.totalWithDiscount.gross);
    expect(read.value.notices).toEqual([201107]);
  });
});
