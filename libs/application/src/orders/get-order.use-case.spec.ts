import { aCheckoutWorld, anOrderIn, aShopper } from '../testing';
import { GetOrder } from './get-order.use-case';

describe('GetOrder', () => {
  it('gives the owner a paid order with its product keys', async () => {
    const world = aCheckoutWorld();
    const shopper = aShopper();
    const { order, productKeys } = await anOrderIn(world, shopper, 'paid');

    const found = await new GetOrder(world.orders).execute(shopper, order.number);

    expect(found.ok && found.value.order.status).toBe('paid');
    expect(found.ok && found.value.productKeys).toEqual(productKeys);
  });

  it('shows no keys on an order that was not paid', async () => {
    const world = aCheckoutWorld();
    const shopper = aShopper();
    const { order } = await anOrderIn(world, shopper, 'pending');
    const found = await new GetOrder(world.orders).execute(shopper, order.number);
    expect(found.ok && [found.value.order.number, found.value.productKeys]).toEqual([order.number, []]);
  });

  it('answers someone else’s order exactly as an order number that does not exist', async () => {
    const world = aCheckoutWorld();
    const { order } = await anOrderIn(world, aShopper(), 'paid');
    const getOrder = new GetOrder(world.orders);

    const theirs = await getOrder.execute(aShopper(), order.number);
    const unknown = await getOrder.execute(aShopper(), 'AFS-99999999');

    for (const answer of [theirs, unknown]) {
      expect(!answer.ok && [answer.error.errorName, answer.error.message]).toEqual(['NOT_FOUND', 'There is no such order in your account']);
    }
  });

  it('asks a signed-out shopper to sign in, whatever the number', async () => {
    const world = aCheckoutWorld();
    const { order } = await anOrderIn(world, aShopper(), 'paid');
    const found = await new GetOrder(world.orders).execute(null, order.number);
    expect(!found.ok && found.error.errorName).toBe('SESSION_EXPIRED');
  });
});
