import { aBasket, aShopper, InMemoryBasketRepository } from '../testing';
import { checkBasketAccess } from './basket-access';

describe('checkBasketAccess', () => {
  const owner = aShopper();
  const baskets = new InMemoryBasketRepository();
  beforeAll(async () => {
    await baskets.save(aBasket({ reference: 'owned', customerId: owner.id }));
    await baskets.save(aBasket({ reference: 'anonymous' }));
  });

  it('lets the browser holding the basket’s cookie in, signed in or not', async () => {
    expect(await checkBasketAccess(baskets, 'anonymous', { cookieReference: 'anonymous', customerId: null })).toEqual({ ok: true, value: undefined });
    expect((await checkBasketAccess(baskets, 'owned', { cookieReference: 'owned', customerId: aShopper().id })).ok).toBe(true);
  });

  it('lets the basket’s owner in from another browser', async () => {
    expect((await checkBasketAccess(baskets, 'owned', { cookieReference: null, customerId: owner.id })).ok).toBe(true);
  });

  it.each([
    ['a stranger', 'owned', { cookieReference: 'anonymous', customerId: 'someone-else' }],
    ['a signed-out browser without the cookie', 'owned', { cookieReference: null, customerId: null }],
    ['anyone naming an anonymous basket by reference', 'anonymous', { cookieReference: null, customerId: 'someone-else' }],
    ['anyone naming a basket that does not exist', 'missing', { cookieReference: null, customerId: owner.id }],
  ])('answers %s as if the basket did not exist', async (_, reference, requester) => {
    const access = await checkBasketAccess(baskets, reference, requester);
    expect(!access.ok && access.error.errorName).toBe('BASKET_NOT_FOUND');
  });
});
