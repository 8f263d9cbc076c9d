import { money, staleHash, type Basket, type CountryAccount } from '@store/domain';
import { aProduct, aSuite } from '@store/domain/testing';
import { FixedClock, InMemoryBasketRepository, InMemoryCatalogue, InMemoryDiscounts } from '../testing';
import { BasketReader } from './basket-reader';
import { EditBasket } from './edit-basket.use-case';

const gb: CountryAccount = { code: 'GB', name: 'United Kingdom', currency: 'GBP', taxInclusive: true, taxRateBasisPoints: 2000 };
const photo = aSuite({ quantityMaximum: 50 });
const retired = aSuite({ reference: 'retired', products: [aProduct({ reference: 'retired-any' })] });

function setUp(suites = [photo]) {
  const catalogue = new InMemoryCatalogue(new Map([['GB', suites]]), [gb]);
  const baskets = new InMemoryBasketRepository();
  const discounts = new InMemoryDiscounts([
    { code: 'WELCOME10', percentOff: 10, maxUses: null, uses: 0, maxUsesPerCustomer: 1, email: null, expiresAt: null, countryAccounts: null },
    { code: 'PARTNER15', percentOff: 15, maxUses: null, uses: 0, maxUsesPerCustomer: null, email: 'partner@example.com', expiresAt: null, countryAccounts: ['GB'] },
  ]);
  const clock = new FixedClock(new Date('2026-11-22T12:00:00Z'));
  const reader = new BasketReader(catalogue, catalogue, baskets, discounts, clock);
  const basket: Basket = {
    reference: 'b1',
    countryAccount: 'GB',
    discountCode: null,
    shippingCountry: null,
    customerId: null,
    version: 1,
    lines: [
      { reference: 'l1', suiteReference: 'photo-2', productReference: 'photo-2-macos', quantity: 1, quantityLocked: false },
      { reference: 'l2', suiteReference: 'retired', productReference: 'retired-any', quantity: 1, quantityLocked: false },
    ],
  };
  baskets.baskets.set('b1', basket);
  return { baskets, discounts, edit: new EditBasket(baskets, catalogue, reader), reader, basket };
}

describe('EditBasket', () => {
  it('changes quantity and refuses an edit made from an outdated page', async () => {
    const { edit, basket } = setUp([photo, retired]);
    const hash = staleHash(basket, { currency: 'GBP', netMinor: 0, taxMinor: 0, grossMinor: 0, discountCode: null });
    const changed = await edit.execute({ basketReference: 'b1', staleHash: hash, viewer: null, edit: { kind: 'change-quantity', lineReference: 'l1', quantity: 3 } });
    expect(changed.ok && changed.value.view.lines[0].line.quantity).toBe(3);
    const late = await edit.execute({ basketReference: 'b1', staleHash: hash, viewer: null, edit: { kind: 'change-quantity', lineReference: 'l1', quantity: 4 } });
    expect(!late.ok && late.error.code).toBe(200001);
  });

  it('applies and removes a discount, restoring the totals exactly', async () => {
    const { edit } = setUp([photo, retired]);
    const before = await edit.execute({ basketReference: 'b1', viewer: null, edit: { kind: 'remove-discount' } });
    const applied = await edit.execute({ basketReference: 'b1', viewer: null, edit: { kind: 'apply-discount', code: ' welcome10 ' } });
    expect(applied.ok && applied.value.view.basket.discountCode).toBe('WELCOME10');
    expect(applied.ok && applied.value.view.appliedDiscount?.amount.gross).toEqual(money(840, 'GBP'));
    const removed = await edit.execute({ basketReference: 'b1', viewer: null, edit: { kind: 'remove-discount' } });
    expect(removed.ok && removed.value.view.totalWithDiscount).toEqual(before.ok && before.value.view.totalWithDiscount);
  });

  it('refuses discounts with the reason that applies to the viewer', async () => {
    const { edit, discounts } = setUp([photo, retired]);
    const visitor = await edit.execute({ basketReference: 'b1', viewer: null, edit: { kind: 'apply-discount', code: 'PARTNER15' } });
    expect(!visitor.ok && visitor.error.code).toBe(201005);
    const unverified = { id: 'c1', email: 'Partner@example.com', emailVerified: false };
    const unproven = await edit.execute({ basketReference: 'b1', viewer: unverified, edit: { kind: 'apply-discount', code: 'PARTNER15' } });
    expect(!unproven.ok && unproven.error.code).toBe(101201);
    const partner = await edit.execute({ basketReference: 'b1', viewer: { ...unverified, emailVerified: true }, edit: { kind: 'apply-discount', code: 'PARTNER15' } });
    expect(partner.ok).toBe(true);
    discounts.redemptions.push({ code: 'WELCOME10', customerId: 'c2' });
    const used = await edit.execute({ basketReference: 'b1', viewer: { id: 'c2', email: 'c2@example.com', emailVerified: true }, edit: { kind: 'apply-discount', code: 'WELCOME10' } });
    expect(!used.ok && used.error.code).toBe(201003);
    const unknown = await edit.execute({ basketReference: 'b1', viewer: null, edit: { kind: 'apply-discount', code: 'NOPE' } });
    expect(!unknown.ok && unknown.error.code).toBe(201002);
  });

  it('removes a line whose product is no longer sold, with the notice, when the basket is read', async () => {
    const { edit, baskets } = setUp([photo]);
    const read = await edit.execute({ basketReference: 'b1', viewer: null, edit: { kind: 'remove-discount' } });
    expect(read.ok && read.value.notices).toEqual([300]);
    expect(baskets.baskets.get('b1')?.lines.map((line) => line.reference)).toEqual(['l1']);
  });

  it('answers unknown baskets and lines with their codes', async () => {
    const { edit } = setUp([photo, retired]);
    expect(await edit.execute({ basketReference: 'zz', viewer: null, edit: { kind: 'remove-line', lineReference: 'l1' } })).toMatchObject({ ok: false, error: { code: 200404 } });
    expect(await edit.execute({ basketReference: 'b1', viewer: null, edit: { kind: 'change-choice', lineReference: 'l9', choice: 'windows' } })).toMatchObject({
      ok: false,
      error: { code: 200003 },
    });
  });

  it('loses no edit when many arrive at once without a stale hash', async () => {
    const { edit, baskets } = setUp([photo, retired]);
    const results = await Promise.all([
      edit.execute({ basketReference: 'b1', viewer: null, edit: { kind: 'change-quantity', lineReference: 'l1', quantity: 7 } }),
      edit.execute({ basketReference: 'b1', viewer: null, edit: { kind: 'change-choice', lineReference: 'l1', choice: 'windows' } }),
      edit.execute({ basketReference: 'b1', viewer: null, edit: { kind: 'shipping-country', country: 'DE' } }),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(baskets.baskets.get('b1')).toMatchObject({ shippingCountry: 'DE', lines: [{ quantity: 7, productReference: 'photo-2-windows' }, expect.anything()] });
  });

  it('refuses edits while the order is being placed, and takes them again once it failed', async () => {
    const { edit, baskets } = setUp([photo, retired]);
    const change = { basketReference: 'b1', viewer: null, edit: { kind: 'change-quantity', lineReference: 'l1', quantity: 2 } } as const;
    expect(baskets.hold('b1', 1)).toBe(true);
    const held = await edit.execute(change);
    expect(!held.ok && held.error.code).toBe(201401);
    expect(baskets.baskets.get('b1')?.lines[0].quantity).toBe(1);
    baskets.release('b1');
    expect((await edit.execute(change)).ok).toBe(true);
  });
});
