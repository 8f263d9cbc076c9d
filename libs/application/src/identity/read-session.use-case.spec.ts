import type { Customer } from '@store/domain';
import {
  aBasket,
  aBasketLine,
  aBasketOf,
  aBillingAddress,
  aCheckoutWorld,
  cardDetails,
  aShopper,
  FixedCategories,
  InMemorySavedMethods,
  InMemorySessions,
  InMemoryShippingAddresses,
  SequentialSecrets,
} from '../testing';
import { ReadSession } from './read-session.use-case';
import { SessionSnapshotsFromRepositories } from './session-snapshot';

function aSessionWorld() {
  const world = aCheckoutWorld();
  const shipping = new InMemoryShippingAddresses();
  const cards = new InMemorySavedMethods();
  const sessions = new InMemorySessions(world.customers);
  const secrets = new SequentialSecrets();
  const snapshots = new SessionSnapshotsFromRepositories({
    sessions,
    baskets: world.baskets,
    customers: world.customers,
    billing: world.billing,
    shipping,
    paymentStates: world.paymentStates,
    savedMethods: cards,
  });
  const readSession = new ReadSession(
    {
      snapshots,
      reader: world.reader,
      baskets: world.baskets,
      paymentStates: world.paymentStates,
      categories: new FixedCategories(),
      secrets,
      clock: world.clock,
    },
    ['apple-pay', 'paypal'],
  );
  /** A customer known to the store, with the contact preferences every account has. */
  const aCustomer = (): Customer => {
    const customer = aShopper();
    world.customers.customers.set(customer.id, customer);
    world.customers.preferences.set(customer.id, { customerId: customer.id, marketingOptIn: true, termsAccepted: true, hash: `hash-${customer.id}` });
    return customer;
  };
  /** A live session of the customer: the cookie's secret. */
  const signIn = async (customer: Customer): Promise<string> => {
    const secret = secrets.secret();
    await sessions.create({ idDigest: secrets.digest(secret), customerId: customer.id, expiresAt: new Date(world.clock.now().getTime() + 3_600_000) });
    return secret;
  };
  return { ...world, shipping, cards, readSession, aCustomer, signIn };
}

describe('ReadSession', () => {
  it('gives a signed-out browser its cookie’s basket, the basket’s gateway, and the store’s settings, but no account', async () => {
    const world = aSessionWorld();
    await world.baskets.save(aBasket({ reference: 'cookie-basket' }));
    await world.paymentStates.chooseGateway('cookie-basket', 1, 'braintree');

    const state = await world.readSession.execute({ session: null, namedBasket: null, cookieBasket: 'cookie-basket' });

    expect(state.ok && state.value.account).toBeNull();
    expect(state.ok && state.value.basket?.view.basket.reference).toBe('cookie-basket');
    expect(state.ok && state.value.paymentGateway).toBe('braintree');
    expect(state.ok && state.value.features).toEqual(['apple-pay', 'paypal']);
    expect(state.ok && state.value.customerCategories.business.map((category) => category.fqn)).toEqual(['business.design-agency']);
  });

  it('fills in what the checkout knows of a signed-in customer, their other baskets apart from this one', async () => {
    const world = aSessionWorld();
    const customer = world.aCustomer();
    await world.baskets.save(aBasketOf(customer, { reference: 'this-one' }));
    await world.baskets.save(aBasketOf(customer, { reference: 'another' }));
    await world.billing.save(customer.id, aBillingAddress({ city: 'Leeds' }));
    await world.shipping.save(customer.id, { sameAsBilling: true });
    await world.cards.save({ customerId: customer.id, vaultCustomerId: 'vault-1', token: 'card-a', details: cardDetails({ last4: '4242' }), fingerprint: null }, 'spm_00000000000000000000000000000001');

    const state = await world.readSession.execute({ session: await world.signIn(customer), namedBasket: 'this-one', cookieBasket: null });

    const account = state.ok ? state.value.account : null;
    expect(account?.customer.id).toBe(customer.id);
    expect(account?.billing?.city).toBe('Leeds');
    expect(account?.shipping).toEqual({ sameAsBilling: true });
    expect(account?.payment).toEqual({ type: 'card', last4: '4242', expired: false });
    expect(account?.contactPreferences?.marketingOptIn).toBe(true);
    expect(account?.candidateBaskets).toEqual(['another']);
    expect(state.ok && state.value.paymentGateway).toBeNull();
  });

  it('refuses a named basket that is neither the browser’s nor the customer’s, as if it did not exist', async () => {
    const world = aSessionWorld();
    const owner = world.aCustomer();
    await world.baskets.save(aBasketOf(owner, { reference: 'theirs' }));

    const state = await world.readSession.execute({ session: await world.signIn(world.aCustomer()), namedBasket: 'theirs', cookieBasket: 'mine' });

    expect(!state.ok && state.error.errorName).toBe('BASKET_NOT_FOUND');
  });

  it('reads a cookie whose basket is gone as no basket, but a named basket that is gone as an error', async () => {
    const world = aSessionWorld();

    const fromCookie = await world.readSession.execute({ session: null, namedBasket: null, cookieBasket: 'gone' });
    const named = await world.readSession.execute({ session: null, namedBasket: 'gone', cookieBasket: 'gone' });

    expect(fromCookie.ok && [fromCookie.value.basket, fromCookie.value.paymentGateway]).toEqual([null, null]);
    expect(!named.ok && named.error.errorName).toBe('BASKET_NOT_FOUND');
  });

  it('lets the owner read their basket by name from a browser without its cookie', async () => {
    const world = aSessionWorld();
    const customer = world.aCustomer();
    await world.baskets.save(aBasketOf(customer, { reference: 'at-home' }));

    const state = await world.readSession.execute({ session: await world.signIn(customer), namedBasket: 'at-home', cookieBasket: 'at-work' });

    expect(state.ok && state.value.basket?.view.basket.reference).toBe('at-home');
  });
  it('asks again for the gateway of a basket the store corrected while reading it: the correction voided it', async () => {
    const world = aSessionWorld();
    const retired = { ...aBasketLine(), reference: 'line-retired', suiteReference: 'retired-suite', productReference: 'retired-product' };
    await world.baskets.save(aBasket({ reference: 'cookie-basket', lines: [aBasketLine(), retired] }));
    await world.paymentStates.chooseGateway('cookie-basket', 1, 'braintree');

    const state = await world.readSession.execute({ session: null, namedBasket: null, cookieBasket: 'cookie-basket' });

    expect(state.ok && state.value.basket?.notices).toEqual([300]);
    expect(state.ok && state.value.basket?.view.basket.version).toBe(2);
    expect(state.ok && state.value.paymentGateway).toBeNull();
  });

  it('reads a suspended customer’s session as signed out', async () => {
    const world = aSessionWorld();
    const customer = world.aCustomer();
    const session = await world.signIn(customer);
    world.customers.customers.set(customer.id, { ...customer, status: 'suspended' });
    await world.baskets.save(aBasket({ reference: 'cookie-basket' }));

    const state = await world.readSession.execute({ session, namedBasket: null, cookieBasket: 'cookie-basket' });

    expect(state.ok && state.value.account).toBeNull();
    expect(state.ok && state.value.basket?.view.basket.reference).toBe('cookie-basket');
  });
});
