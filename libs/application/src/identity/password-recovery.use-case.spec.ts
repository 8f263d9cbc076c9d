import { RECOVERY_RATE_LIMIT, RECOVERY_TOKEN_LIFETIME_SECONDS } from '@store/domain';
import { A_PASSWORD, aRegisteredCustomer, anIdentityWorld, STORE_URL } from '../testing';
import { checkNewPassword, PasswordRecovery } from './password-recovery.use-case';

async function setUp() {
  const world = anIdentityWorld();
  const customer = await aRegisteredCustomer(world.customers);
  const recovery = new PasswordRecovery(world.customers, world.tokens, world.secrets, world.hasher, world.screen, world.sessionStore, world.outbox, world.limiter, world.clock, { publicUrl: `${STORE_URL}/`, passwordMinLength: 8 });
  const mailedToken = () => world.outbox.lastLinkToken();
  return { ...world, customer, recovery, mailedToken };
}

const outcome = (result: { ok: true } | { ok: false; error: { errorName: string } }) => (result.ok ? 'ok' : result.error.errorName);

describe('PasswordRecovery.start', () => {
  it('mails the account holder a reset link in their locale', async () => {
    const { recovery, customer, outbox, mailedToken } = await setUp();
    expect(outcome(await recovery.start(customer.email.toUpperCase(), 'de-de', '203.0.113.7'))).toBe('ok');
    expect(outbox.mails).toHaveLength(1);
    expect(outbox.mails[0]).toMatchObject({ to: customer.email, subject: 'Reset your Affinity Store password' });
    expect(outbox.mails[0].text).toContain(`${STORE_URL}/de-de/reset-password/?email=${encodeURIComponent(customer.email)}&token=${mailedToken()}`);
  });

  it('makes an earlier link worthless when a new one is asked for', async () => {
    const { recovery, customer, mailedToken } = await setUp();
    await recovery.start(customer.email, 'en-gb', '203.0.113.7');
    const first = mailedToken();
    await recovery.start(customer.email, 'en-gb', '203.0.113.7');
    expect(outcome(await recovery.verify(customer.email, first))).toBe('RECOVERY_LINK_INVALID');
    expect(outcome(await recovery.verify(customer.email, mailedToken()))).toBe('ok');
  });

  it('says when there is no account, or a suspended one, and mails nothing', async () => {
    const { recovery, customers, outbox } = await setUp();
    expect(outcome(await recovery.start('nobody@example.com', 'en-gb', '203.0.113.7'))).toBe('ACCOUNT_NOT_FOUND');
    const suspended = await aRegisteredCustomer(customers, { status: 'suspended' });
    expect(outcome(await recovery.start(suspended.email, 'en-gb', '203.0.113.7'))).toBe('ACCOUNT_SUSPENDED');
    expect(outbox.mails).toHaveLength(0);
  });

  it('limits the mails per account', async () => {
    const { recovery, customer, outbox } = await setUp();
    for (let attempt = 0; attempt < RECOVERY_RATE_LIMIT.attempts; attempt += 1) await recovery.start(customer.email, 'en-gb', `198.51.100.${attempt}`);
    expect(outcome(await recovery.start(customer.email, 'en-gb', '192.0.2.1'))).toBe('TOO_MANY_REQUESTS');
    expect(outbox.mails).toHaveLength(RECOVERY_RATE_LIMIT.attempts);
  });
});

describe('PasswordRecovery.complete', () => {
  it('sets the new password, unlocks the account, ends every session and spends the link', async () => {
    const { recovery, customer, customers, sessions, mailedToken } = await setUp();
    const open = await sessions.start(customer.id);
    await customers.setStatus(customer.id, 'locked');
    await recovery.start(customer.email, 'en-gb', '203.0.113.7');
    const token = mailedToken();
    expect(await recovery.complete(customer.email, token, 'a brand new password')).toEqual({ ok: true, value: { email: customer.email } });
    expect(customers.hashes.get(customer.id)).toBe('hashed:a brand new password');
    expect((await customers.findById(customer.id))?.status).toBe('active');
    expect(await sessions.customerOf(open.id)).toBeNull();
    expect(outcome(await recovery.complete(customer.email, token, 'yet another password'))).toBe('RECOVERY_LINK_INVALID');
  });

  it("refuses the link for another account's email, and after its hour", async () => {
    const { recovery, customer, customers, clock, mailedToken } = await setUp();
    const other = await aRegisteredCustomer(customers);
    await recovery.start(customer.email, 'en-gb', '203.0.113.7');
    expect(outcome(await recovery.complete(other.email, mailedToken(), 'a brand new password'))).toBe('RECOVERY_LINK_INVALID');
    clock.advance(RECOVERY_TOKEN_LIFETIME_SECONDS * 1000);
    expect(outcome(await recovery.complete(customer.email, mailedToken(), 'a brand new password'))).toBe('RECOVERY_LINK_INVALID');
    expect(customers.hashes.get(customer.id)).toBe(`hashed:${A_PASSWORD}`);
  });

  it("holds the new password to the store's minimum and keeps the link for another try", async () => {
    const { recovery, customer, customers, mailedToken } = await setUp();
    await recovery.start(customer.email, 'en-gb', '203.0.113.7');
    const refused = await recovery.complete(customer.email, mailedToken(), 'seven77');
    expect(!refused.ok && refused.error.fields).toEqual({ new_password: ['Your password must be at least 8 characters'] });
    expect(customers.hashes.get(customer.id)).toBe(`hashed:${A_PASSWORD}`);
    expect(outcome(await recovery.complete(customer.email, mailedToken(), 'eight888'))).toBe('ok');
  });
});

describe('checkNewPassword', () => {
  it('passes a good password and refuses a popular one', async () => {
    const { screen } = anIdentityWorld();
    expect(await checkNewPassword('a fine password', screen)).toBeNull();
    expect((await checkNewPassword('123456', screen))?.errorName).toBe('PASSWORD_COMPROMISED');
  });
});
