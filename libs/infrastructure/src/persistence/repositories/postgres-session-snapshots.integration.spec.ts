import { randomUUID } from 'node:crypto';
import { SessionSnapshotsFromRepositories, type SessionSnapshotRequest } from '@store/application';
import { emptyBasket, type Basket, type Customer, type SavedMethodDetails } from '@store/domain';
import { inRequestScope } from '../../system/request-scope';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { ReferenceDataVersion } from './cached-reference-data';
import { PostgresSavedMethodRepository } from './postgres-saved-method.repository';
import { PostgresSessionSnapshots } from './postgres-session-snapshots';
import { TypeOrmBasketRepository } from './typeorm-basket.repository';
import { TypeOrmBillingRepository } from './typeorm-billing.repository';
import { TypeOrmCustomerRepository, TypeOrmSessionRepository } from './typeorm-identity.repositories';
import { TypeOrmPaymentStateRepository } from './typeorm-payment-state.repository';
import { TypeOrmShippingAddressRepository } from './typeorm-shipping-address.repository';

let db: TestDatabase;
let snapshots: PostgresSessionSnapshots;
/** The same reads one repository at a time: what the single statement must always equal. */
let oneByOne: SessionSnapshotsFromRepositories;
let baskets: TypeOrmBasketRepository;
let customers: TypeOrmCustomerRepository;
let sessions: TypeOrmSessionRepository;
let billing: TypeOrmBillingRepository;
let shipping: TypeOrmShippingAddressRepository;
let saved: PostgresSavedMethodRepository;
let paymentStates: TypeOrmPaymentStateRepository;

beforeAll(async () => {
  db = await createTestDatabase();
  const ds = db.dataSource;
  snapshots = new PostgresSessionSnapshots(ds);
  baskets = new TypeOrmBasketRepository(ds);
  customers = new TypeOrmCustomerRepository(ds);
  sessions = new TypeOrmSessionRepository(ds);
  billing = new TypeOrmBillingRepository(ds);
  shipping = new TypeOrmShippingAddressRepository(ds);
  saved = new PostgresSavedMethodRepository(ds);
  paymentStates = new TypeOrmPaymentStateRepository(ds);
  oneByOne = new SessionSnapshotsFromRepositories({ sessions, baskets, customers, billing, shipping, paymentStates, savedMethods: saved });
}, 60_000);
afterAll(() => db?.drop());

const NOW = new Date();
const LATER = new Date(NOW.getTime() + 3_600_000);
let methods = 0;
const methodReference = () => `spm_${String(++methods).padStart(32, '0')}`;
const card = (last4: string): SavedMethodDetails => ({ kind: 'card', cardType: 'Visa', bin: '411111', last4, expirationMonth: 12, expirationYear: 2030 });
const line = (reference: string, suite: string, product: string, quantity = 1) => ({ reference, suiteReference: suite, productReference: product, quantity, quantityLocked: false });

async function aCustomer(overrides: Partial<Customer> = {}): Promise<{ customer: Customer; digest: string }> {
  const customer: Customer = {
    id: randomUUID(),
    publicId: randomUUID(),
    email: `snap.${randomUUID().slice(0, 8)}@example.com`,
    emailVerified: true,
    firstName: 'Grace',
    lastName: 'Hopper',
    country: 'GB',
    accountType: 'business',
    customerCategory: 'business.design-agency',
    accountName: 'Hopper & Co',
    hasConfirmedAccountType: true,
    status: 'active',
    ...overrides,
  };
  await customers.create({ customer, passwordHash: '$argon2id$not-a-real-hash', contactPreferences: { marketingOptIn: true, hash: randomUUID() } });
  const digest = randomUUID().replace(/-/g, '').padEnd(64, '0');
  await sessions.create({ idDigest: digest, customerId: customer.id, expiresAt: LATER });
  return { customer, digest };
}

async function aBasket(overrides: Partial<Basket> = {}): Promise<Basket> {
  const basket: Basket = {
    ...emptyBasket(`snap-${randomUUID().slice(0, 8)}`, 'GB'),
    version: 1,
    lines: [line(randomUUID(), 'publisher-2', 'publisher-2-windows', 2), line(randomUUID(), 'photo-2', 'photo-2-macos')],
    ...overrides,
  };
  expect(await baskets.save(basket)).toBe(true);
  return basket;
}

/** The snapshot read both ways; they must agree, and the statement's answer is returned. */
async function read(request: SessionSnapshotRequest) {
  const [single, separate] = await Promise.all([snapshots.read(request), oneByOne.read(request)]);
  expect(single).toEqual(separate);
  return single;
}

describe('PostgresSessionSnapshots', () => {
  it('gives a visitor the basket as stored, its lines in order, and the gateway of its current version', async () => {
    const basket = await aBasket({ discountCode: 'WELCOME10', shippingCountry: 'DE' });
    await paymentStates.chooseGateway(basket.reference, basket.version, 'braintree');

    const snapshot = await read({ sessionDigest: null, now: NOW, basketReference: basket.reference });

    expect(snapshot).toEqual({ customer: null, basket, paymentGateway: 'braintree', account: null });
  });

  it('gives a signed-in customer their account as stored, their other open baskets with items, newest first', async () => {
    const { customer, digest } = await aCustomer();
    const basket = await aBasket({ customerId: customer.id });
    const older = await aBasket({ customerId: customer.id });
    const newer = await aBasket({ customerId: customer.id });
    await aBasket({ customerId: customer.id, lines: [] });
    await billing.save(customer.id, { line1: '1 Loop Road', line2: 'Floor 2', line3: null, city: 'Leeds', county: null, state: null, postalCode: 'LS1 1AA', country: 'GB', vatId: 'GB123456789', vatIdStatus: 'valid' });
    await shipping.save(customer.id, { sameAsBilling: false, address: { line1: '2 Dock St', line2: null, line3: null, city: 'Hull', county: 'Yorkshire', state: null, postalCode: 'HU1 1AA', country: 'GB' } });
    await saved.save({ customerId: customer.id, vaultCustomerId: 'vault-a', token: 'card-a', details: card('4242'), fingerprint: 'f-a' }, methodReference());
    await saved.save({ customerId: customer.id, vaultCustomerId: 'vault-a', token: 'paypal-a', details: { kind: 'paypal', email: 'grace@example.com' }, fingerprint: null }, methodReference());

    const snapshot = await read({ sessionDigest: digest, now: NOW, basketReference: basket.reference });

    expect(snapshot.customer).toEqual(customer);
    expect(snapshot.basket).toEqual(basket);
    expect(snapshot.paymentGateway).toBeNull();
    expect(snapshot.account?.billing?.city).toBe('Leeds');
    expect(snapshot.account?.billing?.vatIdStatus).toBe('valid');
    expect(snapshot.account?.shipping).toEqual({ sameAsBilling: false, address: expect.objectContaining({ city: 'Hull', county: 'Yorkshire' }) });
    expect(snapshot.account?.savedMethods.map((method) => method.token)).toEqual(['card-a', 'paypal-a']);
    expect(snapshot.account?.contactPreferences?.marketingOptIn).toBe(true);
    expect(snapshot.account?.candidateBaskets).toEqual([newer.reference, older.reference]);
  });

  it('shows every change made since the last read: nothing is kept between reads', async () => {
    const { customer, digest } = await aCustomer();
    const basket = await aBasket({ customerId: customer.id });
    await paymentStates.chooseGateway(basket.reference, basket.version, 'digital-river');
    await billing.save(customer.id, { line1: '1 Old Road', line2: null, line3: null, city: 'York', county: null, state: null, postalCode: 'YO1 1AA', country: 'GB', vatId: null, vatIdStatus: null });
    const request = { sessionDigest: digest, now: NOW, basketReference: basket.reference };
    const before = await read(request);
    expect(before.paymentGateway).toBeNull(); // the new billing address voided the gateway chosen before it

    await paymentStates.chooseGateway(basket.reference, basket.version, 'braintree');
    expect((await read(request)).paymentGateway).toBe('braintree');

    const edited: Basket = { ...basket, version: 2, discountCode: 'WELCOME10', lines: [line('only-line', 'photo-2', 'photo-2-windows', 3)] };
    expect(await baskets.save(edited)).toBe(true);
    await billing.save(customer.id, { line1: '9 New Street', line2: null, line3: null, city: 'Bath', county: null, state: null, postalCode: 'BA1 1AA', country: 'FR', vatId: 'FR12345678901', vatIdStatus: 'unverified' });
    await shipping.save(customer.id, { sameAsBilling: true });
    await saved.save({ customerId: customer.id, vaultCustomerId: 'vault-b', token: 'card-b', details: card('1111'), fingerprint: 'f-b' }, methodReference());
    await db.dataSource.query(`UPDATE contact_preferences SET marketing_opt_in = false WHERE customer_id = $1`, [customer.id]);
    await db.dataSource.query(`UPDATE customers SET first_name = 'Amazing' WHERE id = $1`, [customer.id]);

    const after = await read(request);

    expect(after.basket).toEqual(edited);
    expect(after.paymentGateway).toBeNull(); // the edit voided it
    expect(after.customer?.firstName).toBe('Amazing');
    expect(after.account?.billing).toMatchObject({ city: 'Bath', country: 'FR', vatIdStatus: 'unverified' });
    expect(after.account?.shipping).toEqual({ sameAsBilling: true });
    expect(after.account?.savedMethods.map((method) => method.token)).toEqual(['card-b']);
    expect(after.account?.contactPreferences?.marketingOptIn).toBe(false);
  });

  it('reads no customer for an unknown or expired session or a suspended account, and no basket once ordered', async () => {
    const { customer, digest } = await aCustomer();
    const suspended = await aCustomer();
    await db.dataSource.query(`UPDATE customers SET status = 'suspended' WHERE id = $1`, [suspended.customer.id]);
    const ordered = await aBasket({ customerId: customer.id });
    await db.dataSource.query(`UPDATE baskets SET ordered_at = now() WHERE reference = $1`, [ordered.reference]);

    expect(await read({ sessionDigest: 'f'.repeat(64), now: NOW, basketReference: null })).toEqual({ customer: null, basket: null, paymentGateway: null, account: null });
    expect((await read({ sessionDigest: digest, now: new Date(LATER.getTime() + 1), basketReference: null })).customer).toBeNull();
    expect((await read({ sessionDigest: suspended.digest, now: NOW, basketReference: null })).account).toBeNull();
    const signedIn = await read({ sessionDigest: digest, now: NOW, basketReference: ordered.reference });
    expect([signedIn.customer?.id, signedIn.basket, signedIn.account?.candidateBaskets]).toEqual([customer.id, null, []]);
  });

  it('hands the reference-data version it read to the rest of the request, and reads it afresh in the next', async () => {
    const versions = new ReferenceDataVersion(db.dataSource);
    const query = jest.spyOn(db.dataSource, 'query');
    const inOneRequest = () =>
      inRequestScope(async () => {
        await snapshots.read({ sessionDigest: null, now: NOW, basketReference: null });
        const calls = query.mock.calls.length;
        const version = await versions.current();
        return { version, extraQueries: query.mock.calls.length - calls };
      });
    try {
      const first = await inOneRequest();
      await db.dataSource.query(`UPDATE reference_data_version SET version = version + 1`);
      const second = await inOneRequest();

      expect(first.extraQueries).toBe(0);
      expect(second.extraQueries).toBe(0);
      expect(BigInt(second.version)).toBe(BigInt(first.version) + 1n);
    } finally {
      query.mockRestore();
    }
  });
});
