import type { MorCheckout, PaymentStateRepository } from '@store/application';
import { InMemoryBasketRepository, InMemoryPaymentStates } from '@store/application/testing';
import { emptyBasket, PAYMENT_GATEWAYS, gatewayDescriptor, type Basket } from '@store/domain';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { TypeOrmBasketRepository } from './typeorm-basket.repository';
import { TypeOrmPaymentStateRepository } from './typeorm-payment-state.repository';

// The basket's payment state keeps a checkout only for a gateway whose descriptor says it sells from
// one, and only while the basket is at the version it was made for: Postgres and the in-memory fake
// the use case specs run against must agree on both.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(() => db?.drop());

interface Storage {
  readonly states: PaymentStateRepository;
  save(basket: Basket): Promise<boolean>;
}

const postgres = (): Storage => {
  const baskets = new TypeOrmBasketRepository(db.dataSource);
  return { states: new TypeOrmPaymentStateRepository(db.dataSource), save: (basket) => baskets.save(basket) };
};
const inMemory = (): Storage => {
  const baskets = new InMemoryBasketRepository();
  return { states: new InMemoryPaymentStates(baskets), save: (basket) => baskets.save(basket) };
};

const checkout = (checkoutId: string): MorCheckout => ({
  checkoutId,
  paymentSessionId: `session-${checkoutId}`,
  sellingEntityId: 'entity-1',
  sellingEntityName: 'Reseller Inc.',
  customerId: 'provider-customer-1',
  currency: 'USD',
  totals: { netMinor: 1000, taxMinor: 80, grossMinor: 1080, discountMinor: 0 },
  taxIdentifier: null,
});

const aBasket = (): Basket => ({ ...emptyBasket(randomUUID(), 'US'), version: 1 });

describe.each<[string, () => Storage]>([
  ['Postgres', postgres],
  ['in memory', inMemory],
])('payment states (%s)', (_name, storage) => {
  it.each(PAYMENT_GATEWAYS)('keeps a checkout for %s only if it sells from its own', async (gateway) => {
    const { states, save } = storage();
    const basket = aBasket();
    await save(basket);
    expect(await states.chooseGateway(basket.reference, basket.version, gateway)).toBe(true);
    const sellsFromCheckout = gatewayDescriptor(gateway).paymentSetup === 'checkout-session';
    expect(await states.saveCheckout(basket.reference, basket.version, checkout('c-1'))).toBe(sellsFromCheckout);
    expect(await states.checkoutOf(basket.reference)).toEqual(sellsFromCheckout ? checkout('c-1') : null);
    expect(await states.gatewayOf(basket.reference)).toBe(gateway);
  });

  it('forgets the gateway and its checkout once the basket has moved on, and refuses a checkout for an old version', async () => {
    const { states, save } = storage();
    const basket = aBasket();
    await save(basket);
    const [seller] = PAYMENT_GATEWAYS.filter((gateway) => gatewayDescriptor(gateway).paymentSetup === 'checkout-session');
    await states.chooseGateway(basket.reference, basket.version, seller);
    await states.saveCheckout(basket.reference, basket.version, checkout('c-1'));
    expect(await save({ ...basket, version: 2 })).toBe(true);
    expect(await states.checkoutOf(basket.reference)).toBeNull();
    expect(await states.gatewayOf(basket.reference)).toBeNull();
    expect(await states.saveCheckout(basket.reference, basket.version, checkout('c-2'))).toBe(false);
  });
});
