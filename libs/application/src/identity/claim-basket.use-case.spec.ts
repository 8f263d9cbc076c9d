import { aBasket, aShopper, InMemoryBasketRepository } from '../testing';
import { ClaimBasketOnSignIn } from './claim-basket.use-case';

describe('ClaimBasketOnSignIn', () => {
  it('makes the anonymous basket the browser held the customer’s', async () => {
    const baskets = new InMemoryBasketRepository();
    await baskets.save(aBasket({ reference: 'anonymous' }));
    const shopper = aShopper();

    await new ClaimBasketOnSignIn(baskets).execute('anonymous', shopper.id);

    expect((await baskets.find('anonymous'))?.customerId).toBe(shopper.id);
    expect(await baskets.candidatesFor(shopper.id, null)).toEqual(['anonymous']);
  });

  it('leaves a basket that belongs to someone else theirs', async () => {
    const baskets = new InMemoryBasketRepository();
    const owner = aShopper();
    await baskets.save(aBasket({ reference: 'owned', customerId: owner.id }));

    await new ClaimBasketOnSignIn(baskets).execute('owned', aShopper().id);

    expect((await baskets.find('owned'))?.customerId).toBe(owner.id);
  });

  it('does nothing without a basket, or for a basket that does not exist', async () => {
    const baskets = new InMemoryBasketRepository();
    const claim = new ClaimBasketOnSignIn(baskets);
    await claim.execute(null, aShopper().id);
    await claim.execute('gone', aShopper().id);
    expect(baskets.baskets.size).toBe(0);
  });
});
