import { SIGN_IN_RATE_LIMIT } from '@store/domain';
import { aRegisteredCustomer, anIdentityWorld, InMemoryReservedEmails } from '../testing';
import { ExistenceLookupThrottle, PreregisterEmail } from './preregister-email.use-case';

function setUp() {
  const world = anIdentityWorld();
  const reserved = new InMemoryReservedEmails();
  const preregister = new PreregisterEmail(world.customers, reserved, new ExistenceLookupThrottle(world.limiter, world.clock));
  return { ...world, reserved, preregister };
}

describe('PreregisterEmail', () => {
  it('reserves a new email, normalised, and gives it back as typed without the spaces', async () => {
    const { preregister, reserved } = setUp();
    expect(await preregister.execute('  New.Shopper@Example.com ')).toEqual({ ok: true, value: { email: 'New.Shopper@Example.com' } });
    expect([...reserved.emails]).toEqual(['new.shopper@example.com']);
    await preregister.release('NEW.SHOPPER@example.com');
    expect(reserved.emails.size).toBe(0);
  });

  it('answers ACCOUNT_EXISTS for an email with an account, reserving nothing', async () => {
    const { preregister, reserved, customers } = setUp();
    const customer = await aRegisteredCustomer(customers);
    const answer = await preregister.execute(customer.email.toUpperCase());
    expect(!answer.ok && answer.error.errorName).toBe('ACCOUNT_EXISTS');
    expect(reserved.emails.size).toBe(0);
  });

  it('refuses a malformed email on its field before any lookup', async () => {
    const { preregister, limiter } = setUp();
    const answer = await preregister.execute('not an email');
    expect(!answer.ok && Object.keys(answer.error.fields ?? {})).toEqual(['email']);
    expect(limiter.keys).toEqual([]);
  });

  it('limits existence lookups per email and per client address', async () => {
    const { preregister, reserved } = setUp();
    for (let attempt = 0; attempt < SIGN_IN_RATE_LIMIT.attempts; attempt += 1) await preregister.execute('probe@example.com', `198.51.100.${attempt}`);
    const answer = await preregister.execute('probe@example.com', '192.0.2.1');
    expect(!answer.ok && answer.error.errorName).toBe('TOO_MANY_REQUESTS');
    expect((await preregister.execute('other@example.com', '192.0.2.1')).ok).toBe(true);
    expect(reserved.emails.has('other@example.com')).toBe(true);
  });

  it('works without a throttle', async () => {
    const { customers, reserved } = setUp();
    expect((await new PreregisterEmail(customers, reserved).execute('a@example.com')).ok).toBe(true);
  });
});
