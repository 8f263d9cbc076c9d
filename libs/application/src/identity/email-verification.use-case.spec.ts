import { EMAIL_VERIFICATION_RATE_LIMIT, EMAIL_VERIFICATION_TOKEN_LIFETIME_SECONDS } from '@store/domain';
import { aRegisteredCustomer, anIdentityWorld, STORE_URL } from '../testing';
import { EmailVerification } from './email-verification.use-case';

async function setUp() {
  const world = anIdentityWorld();
  const customer = await aRegisteredCustomer(world.customers, { emailVerified: false });
  const verification = new EmailVerification(world.customers, world.tokens, world.secrets, world.outbox, world.limiter, world.verifications, world.clock, { publicUrl: STORE_URL });
  return { ...world, customer, verification };
}

const outcome = (result: { ok: true } | { ok: false; error: { errorName: string } }) => (result.ok ? 'ok' : result.error.errorName);

describe('EmailVerification.send', () => {
  it('mails a link to the verify-email page in the shopper\'s locale', async () => {
    const { verification, customer, outbox } = await setUp();
    expect(await verification.send(customer, 'fr-fr')).toEqual({ ok: true, value: { email_verified: false } });
    expect(outbox.mails[0]).toMatchObject({ to: customer.email, subject: 'Verify your Affinity Store email address' });
    expect(outbox.mails[0].text).toContain(`${STORE_URL}/fr-fr/verify-email/?email=${encodeURIComponent(customer.email)}&token=${outbox.lastLinkToken()}`);
  });

  it('mails nothing to a verified customer or without a session', async () => {
    const { verification, customer, outbox } = await setUp();
    expect(await verification.send({ ...customer, emailVerified: true }, 'en-gb')).toEqual({ ok: true, value: { email_verified: true } });
    expect(outcome(await verification.send(null, 'en-gb'))).toBe('SESSION_EXPIRED');
    expect(outbox.mails).toHaveLength(0);
  });

  it('limits the mails per account', async () => {
    const { verification, customer, outbox } = await setUp();
    for (let sent = 0; sent < EMAIL_VERIFICATION_RATE_LIMIT.attempts; sent += 1) await verification.send(customer, 'en-gb');
    expect(outcome(await verification.send(customer, 'en-gb'))).toBe('TOO_MANY_REQUESTS');
    expect(outbox.mails).toHaveLength(EMAIL_VERIFICATION_RATE_LIMIT.attempts);
  });
});

describe('EmailVerification.confirm', () => {
  it('verifies the address and makes every link sent for it worthless', async () => {
    const { verification, customer, customers, outbox } = await setUp();
    await verification.send(customer, 'en-gb');
    const earlier = outbox.lastLinkToken();
    await verification.send(customer, 'en-gb');
    expect(await verification.confirm(` ${customer.email.toUpperCase()}`, outbox.lastLinkToken())).toEqual({ ok: true, value: { email_verified: true } });
    expect((await customers.findById(customer.id))?.emailVerified).toBe(true);
    expect(outcome(await verification.confirm(customer.email, earlier))).toBe('EMAIL_VERIFICATION_LINK_INVALID');
  });

  it("refuses a link given with another account's email and leaves it usable", async () => {
    const { verification, customer, customers, outbox } = await setUp();
    const other = await aRegisteredCustomer(customers);
    await verification.send(customer, 'en-gb');
    expect(outcome(await verification.confirm(other.email, outbox.lastLinkToken()))).toBe('EMAIL_VERIFICATION_LINK_INVALID');
    expect((await customers.findById(other.id))?.emailVerified).toBe(false);
    expect(outcome(await verification.confirm(customer.email, outbox.lastLinkToken()))).toBe('ok');
  });

  it('refuses a link after its day, and one for an address the account no longer has', async () => {
    const { verification, customer, customers, outbox, clock } = await setUp();
    await verification.send(customer, 'en-gb');
    clock.advance(EMAIL_VERIFICATION_TOKEN_LIFETIME_SECONDS * 1000);
    expect(outcome(await verification.confirm(customer.email, outbox.lastLinkToken()))).toBe('EMAIL_VERIFICATION_LINK_INVALID');

    await verification.send(customer, 'en-gb');
    const token = outbox.lastLinkToken();
    // The address changed between the peek and the update: the conditional update refuses.
    jest.spyOn(customers, 'findById').mockResolvedValueOnce(customer);
    customers.customers.set(customer.id, { ...customer, email: 'moved@example.com' });
    expect(outcome(await verification.confirm(customer.email, token))).toBe('EMAIL_VERIFICATION_LINK_INVALID');
    expect((await customers.findById(customer.id))?.emailVerified).toBe(false);
  });
});
