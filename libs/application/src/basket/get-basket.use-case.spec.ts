import { ErrorCatalogue, money } from '@store/domain';
import { aBasket, aCheckoutWorld, anOrderDraft, aShopper } from '../testing';
import { GetBasket } from './get-basket.use-case';

function setUp() {
  const world = aCheckoutWorld();
  return { ...world, get: new GetBasket(world.baskets, world.reader) };
}

describe('GetBasket', () => {
  it('reads the stored basket priced in its account, with the hash its page shows', async () => {
    const { get, baskets, staleHashOf } = setUp();
    const shopper = aShopper();
    const basket = aBasket({ customerId: shopper.id });
    await baskets.save(basket);
    const read = await get.execute(basket.reference, { id: shopper.id, email: shopper.email, emailVerified: true });
    if (!read.ok) throw read.error;
    expect(read.value.view.total.gross).toEqual(money(4199, 'GBP'));
    expect(read.value.view.lines.map(({ line }) => line.productReference)).toEqual(['photo-2-macos']);
    expect(read.value.view.staleHash).toBe(await staleHashOf(basket, shopper));
  });

  it('prices an account without tax included on top of the price', async () => {
    const { get, baskets } = setUp();
    await baskets.save(aBasket({ countryAccount: 'US' }));
    const read = await get.execute('basket-1');
    expect(read.ok && read.value.view.total.gross).toEqual(money(5999, 'USD'));
  });

  it('no longer finds a basket that became an order', async () => {
    const { get, baskets, orders } = setUp();
    await baskets.save(aBasket());
    const reserved = await orders.reserve(anOrderDraft(), 1);
    if ('refused' in reserved) throw new Error(reserved.refused);
    await orders.complete(reserved.order.number, { transactionId: 'txn-1', productKeys: [], receipt: { to: 'a@example.com', subject: 'Receipt', text: '' } });
    const read = await get.execute('basket-1');
    expect(!read.ok && read.error.code).toBe(ErrorCatalogue.BASKET_NOT_FOUND.code);
  });
});
