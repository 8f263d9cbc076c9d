import { FixedClock, FixedCategories, InMemoryCustomers, InMemoryReservedEmails, InMemorySessions, ListPasswordScreen, PlainHasher, SequentialIds, SequentialSecrets } from '../testing';
import { CreateCustomer, type CreateCustomerCommand } from './create-customer.use-case';
import { PreregisterEmail } from './preregister-email.use-case';
import { SessionService } from './session.service';

function setUp(policy?: { minLength: number }) {
  const customers = new InMemoryCustomers();
  const reserved = new InMemoryReservedEmails();
  const sessionsStore = new InMemorySessions(customers);
  const secrets = new SequentialSecrets();
  const clock = new FixedClock(new Date('2026-11-22T12:00:00Z'));
  const sessions = new SessionService(sessionsStore, secrets, clock);
  const create = new CreateCustomer(customers, reserved, new FixedCategories(), new PlainHasher(), new ListPasswordScreen(), new SequentialIds(), secrets, sessions, policy);
  return { customers, reserved, sessions, sessionsStore, clock, create, preregister: new PreregisterEmail(customers, reserved) };
}

const personal: CreateCustomerCommand = {
  email: ' Ada@Example.com ',
  firstName: 'Ada',
  lastName: 'Lovelace',
  password: 'analytical engine',
  country: 'GB',
  marketingSignUp: true,
  accountName: null,
  customerCategory: 'personal',
  termsAndConditions: true,
  signedIn: false,
  basketHasMultiUserProduct: false,
};

describe('CreateCustomer', () => {
  it.each([
    [undefined, 'abcde', 'Your password must be at least six characters'],
    [{ minLength: 8 }, 'abcdefg', 'Your password must be at least 8 characters'],
  ])("holds the password to the store's minimum (%j)", async (policy, short, message) => {
    const { create, customers } = setUp(policy);
    const refused = await create.execute({ ...personal, password: short });
    expect(!refused.ok && refused.error.fields).toEqual({ password: [message] });
    expect(customers.hashes.size).toBe(0);
    expect((await create.execute({ ...personal, password: `${short}xyz` })).ok).toBe(true);
  });

  it('stores a hashed password, signs the customer in and frees the reserved email', async () => {
    const { create, customers, reserved, sessions } = setUp();
    await reserved.reserve('ada@example.com');
    const result = await create.execute(personal);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.customer).toMatchObject({ email: 'Ada@Example.com', accountType: 'personal', accountName: null, hasConfirmedAccountType: true });
    expect(customers.hashes.get(result.value.customer.id)).toBe('hashed:analytical engine');
    expect(reserved.emails.size).toBe(0);
    expect((await sessions.customerOf(result.value.session.id))?.id).toBe(result.value.customer.id);
    expect((await customers.contactPreferences(result.value.customer.id))?.marketingOptIn).toBe(true);
  });

  it('creates business and education accounts with their names and categories', async () => {
    const { create } = setUp();
    const business = await create.execute({ ...personal, email: 'b@example.com', customerCategory: 'business.design-agency', accountName: 'Serif Ltd' });
    expect(business.ok && business.value.customer).toMatchObject({ accountType: 'business', accountName: 'Serif Ltd' });
    const school = await create.execute({ ...personal, email: 'e@example.com', customerCategory: 'education.university', accountName: 'Nottingham Uni' });
    expect(school.ok && school.value.customer.accountType).toBe('education');
  });

  it('refuses a bad form with every failing field, storing nothing', async () => {
    const { create, customers } = setUp();
    const result = await create.execute({
      ...personal,
      email: 'nope',
      firstName: 'Ada<',
      password: '123',
      termsAndConditions: false,
      country: 'XX',
      customerCategory: 'business.unknown',
      accountName: '',
    });
    expect(!result.ok && result.error.code).toBe(100100);
    expect(!result.ok && Object.keys(result.error.fields ?? {}).sort()).toEqual([
      'businessSector',
      'companyName',
      'country',
      'email',
      'firstName',
      'password',
      'termsAndConditions',
    ]);
    expect(customers.customers.size).toBe(0);
  });

  it('refuses personal accounts with a multi-user product, popular passwords, taken emails and signed-in shoppers', async () => {
    const { create, customers } = setUp();
    const multi = await create.execute({ ...personal, basketHasMultiUserProduct: true });
    expect(!multi.ok && multi.error.fields?.accountType).toEqual(['Choose an account type']);
    const popular = await create.execute({ ...personal, password: 'Password' });
    expect(!popular.ok && popular.error.code).toBe(700001);
    expect(customers.customers.size).toBe(0);
    expect((await create.execute(personal)).ok).toBe(true);
    const again = await create.execute({ ...personal, email: 'ADA@example.com' });
    expect(!again.ok && again.error.code).toBe(100200);
    const signedIn = await create.execute({ ...personal, email: 'other@example.com', signedIn: true });
    expect(!signedIn.ok && signedIn.error.code).toBe(100109);
    expect(customers.customers.size).toBe(1);
  });
});

describe('PreregisterEmail', () => {
  it('reserves a new email and answers 100200 for an existing account', async () => {
    const { preregister, reserved, create } = setUp();
    expect((await preregister.execute(' New@Example.com ')).ok).toBe(true);
    expect(reserved.emails.has('new@example.com')).toBe(true);
    await preregister.release('NEW@example.com');
    expect(reserved.emails.size).toBe(0);
    await create.execute(personal);
    const existing = await preregister.execute('ada@example.com');
    expect(!existing.ok && existing.error.code).toBe(100200);
    const bad = await preregister.execute('not an email');
    expect(!bad.ok && bad.error.fields?.email).toEqual(['Enter a valid email address']);
  });
});

describe('SessionService', () => {
  it('ends sessions and lets them expire', async () => {
    const { create, sessions, clock } = setUp();
    const result = await create.execute(personal);
    if (!result.ok) throw result.error;
    const id = result.value.session.id;
    expect(await sessions.customerOf(id)).not.toBeNull();
    clock.advance(15 * 24 * 60 * 60 * 1000);
    expect(await sessions.customerOf(id)).toBeNull();
    expect(await sessions.customerOf(null)).toBeNull();
    const second = await sessions.start(result.value.customer.id);
    await sessions.end(second.id);
    expect(await sessions.customerOf(second.id)).toBeNull();
  });
});
