import type { Customer } from '@store/domain';
import { randomUUID } from 'node:crypto';
import { Argon2PasswordHasher } from '../../security/argon2-password-hasher';
import { CryptoSecretGenerator } from '../../security/crypto-secret-generator';
import { PopularPasswordScreen } from '../../security/popular-password-screen';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import {
  TypeOrmCustomerCategoryRepository,
  TypeOrmCustomerRepository,
  TypeOrmReservedEmailRepository,
  TypeOrmSessionRepository,
} from './typeorm-identity.repositories';

let db: TestDatabase;
let customers: TypeOrmCustomerRepository;
const hasher = new Argon2PasswordHasher();

beforeAll(async () => {
  db = await createTestDatabase();
  customers = new TypeOrmCustomerRepository(db.dataSource);
});
afterAll(() => db?.drop());

function aCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: randomUUID(),
    publicId: randomUUID(),
    email: `Shopper.${randomUUID().slice(0, 8)}@Example.com`,
    emailVerified: false,
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'GB',
    accountType: 'personal',
    customerCategory: 'personal',
    accountName: null,
    hasConfirmedAccountType: true,
    status: 'active',
    ...overrides,
  };
}

async function store(customer: Customer, password = 'analytical engine') {
  return customers.create({ customer, passwordHash: await hasher.hash(password), contactPreferences: { marketingOptIn: false, hash: randomUUID() } });
}

describe('customers in Postgres', () => {
  it('stores a customer and finds it by id and by email in any case', async () => {
    const customer = aCustomer();
    expect(await store(customer)).toBe('created');
    expect(await customers.findById(customer.id)).toEqual(customer);
    expect(await customers.findByEmail(customer.email.toUpperCase())).toEqual(customer);
    expect(await customers.findById('not-a-uuid')).toBeNull();
    expect(await customers.findByEmail('nobody@example.com')).toBeNull();
  });

  it('lets one of two concurrent sign-ups with the same email through', async () => {
    const email = `race.${randomUUID().slice(0, 8)}@example.com`;
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => store(aCustomer({ email }))));
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    const rows = await db.dataSource.query(`SELECT count(*)::int AS n FROM customers WHERE email_normalised = $1`, [email]);
    expect(rows[0].n).toBe(1);
  });

  it('keeps the Argon2id hash out of the customer and verifies it', async () => {
    const customer = aCustomer();
    await store(customer, 'correct horse battery');
    const stored = await customers.passwordHashOf(customer.id);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(await customers.findById(customer.id))).not.toContain('argon2');
    expect(await hasher.verify(stored as string, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(stored as string, 'Correct horse battery')).toBe(false);
    expect(await hasher.verify('garbage', 'x')).toBe(false);
  });

  it('refuses rows that break its rules, whatever the caller', async () => {
    await expect(store(aCustomer({ accountType: 'business', customerCategory: 'personal' }))).rejects.toThrow(/check constraint/);
    await expect(
      customers.create({ customer: aCustomer(), passwordHash: 'plain-text', contactPreferences: { marketingOptIn: false, hash: randomUUID() } }),
    ).rejects.toThrow(/check constraint/);
  });

  it('counts failed sign-ins atomically and updates accounts, status and preferences', async () => {
    const customer = aCustomer();
    await store(customer);
    const counts = await Promise.all(Array.from({ length: 10 }, () => customers.recordFailedSignIn(customer.id)));
    expect([...counts].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await customers.resetFailedSignIns(customer.id);
    expect(await customers.recordFailedSignIn(customer.id)).toBe(1);
    await customers.setStatus(customer.id, 'locked');
    await customers.updateAccount(customer.id, { accountType: 'business', customerCategory: 'business.software', accountName: 'Serif', hasConfirmedAccountType: true });
    expect(await customers.findById(customer.id)).toMatchObject({ status: 'locked', accountType: 'business', accountName: 'Serif' });
    const preferences = await customers.contactPreferences(customer.id);
    expect(preferences?.marketingOptIn).toBe(false);
    expect(await customers.setMarketingOptInByHash(preferences?.hash as string, true)).toBe(true);
    expect((await customers.contactPreferences(customer.id))?.marketingOptIn).toBe(true);
    expect(await customers.setMarketingOptInByHash('unknown', true)).toBe(false);
  });
});

describe('reserved emails, categories and sessions', () => {
  it('reserves and releases emails without case', async () => {
    const reserved = new TypeOrmReservedEmailRepository(db.dataSource);
    await reserved.reserve('New@Example.com');
    await reserved.reserve('new@example.com');
    expect(await reserved.isReserved('NEW@example.com')).toBe(true);
    await reserved.release('new@EXAMPLE.com');
    expect(await reserved.isReserved('new@example.com')).toBe(false);
  });

  it('lists the seeded categories by kind', async () => {
    const categories = await new TypeOrmCustomerCategoryRepository(db.dataSource).list();
    expect(categories.business[0]).toEqual({ fqn: 'business.design-agency', name: 'Design or creative agency' });
    expect(categories.education.map((category) => category.fqn)).toContain('education.university');
    expect(categories.business.every((category) => category.fqn.startsWith('business.'))).toBe(true);
  });

  it('finds a session by digest until it expires, and forgets deleted ones', async () => {
    const customer = aCustomer();
    await store(customer);
    const sessions = new TypeOrmSessionRepository(db.dataSource);
    const secrets = new CryptoSecretGenerator();
    const id = secrets.secret();
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const digest = secrets.digest(id);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    await sessions.create({ idDigest: digest, customerId: customer.id, expiresAt: new Date('2030-01-01T00:00:00Z') });
    expect((await sessions.customerOf(digest, new Date('2029-12-31T23:59:59Z')))?.id).toBe(customer.id);
    expect(await sessions.customerOf(digest, new Date('2030-01-01T00:00:00Z'))).toBeNull();
    const [{ id_digest }] = await db.dataSource.query(`SELECT id_digest FROM sessions WHERE customer_id = $1`, [customer.id]);
    expect(id_digest).not.toContain(id);
    await sessions.delete(digest);
    expect(await sessions.customerOf(digest, new Date('2029-01-01T00:00:00Z'))).toBeNull();
  });
});

describe('PopularPasswordScreen', () => {
  it('refuses the popular passwords of the list, without case, and passes others', async () => {
    const screen = new PopularPasswordScreen();
    for (const password of ['password', 'PASSWORD', '123456', 'qwerty', 'letmein', 'football']) {
      expect(await screen.isCompromised(password)).toBe(true);
    }
    expect(await screen.isCompromised('analytical engine 1843')).toBe(false);
  });
});
