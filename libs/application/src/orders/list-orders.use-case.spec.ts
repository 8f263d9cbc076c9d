import { aCheckoutWorld, anOrderIn, aShopper } from '../testing';
import { ListOrders } from './list-orders.use-case';

describe('ListOrders', () => {
  it('lists only the customer’s own orders, newest first, with keys only on paid ones', async () => {
    const world = aCheckoutWorld();
    const shopper = aShopper();
    const paid = await anOrderIn(world, shopper, 'paid');
    world.clock.advance(60_000);
    const failed = await anOrderIn(world, shopper, 'failed');
    await anOrderIn(world, aShopper(), 'paid');

    const listed = await new ListOrders(world.orders).execute(shopper);

    expect(listed.ok && listed.value.map(({ order, productKeys }) => [order.number, order.status, productKeys.map((key) => key.key)])).toEqual([
      [failed.order.number, 'failed', []],
      [paid.order.number, 'paid', paid.productKeys.map((key) => key.key)],
    ]);
  });

  it('answers a customer with no orders with none', async () => {
    const world = aCheckoutWorld();
    await anOrderIn(world, aShopper(), 'paid');
    expect(await new ListOrders(world.orders).execute(aShopper())).toEqual({ ok: true, value: [] });
  });

  it('asks a signed-out shopper to sign in', async () => {
    const listed = await new ListOrders(aCheckoutWorld().orders).execute(null);
    expect(!listed.ok && listed.error.errorName).toBe('SESSION_EXPIRED');
  });
});
