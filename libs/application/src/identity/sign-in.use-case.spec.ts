import { LOCK_AFTER_FAILED_SIGN_INS, LOGIN_TOKEN_LIFETIME_SECONDS, SIGN_IN_RATE_LIMIT } from '@store/domain';
import { A_PASSWORD, aRegisteredCustomer, anIdentityWorld, FakeSecondFactor } from '../testing';
import { SignIn, type Credentials } from './sign-in.use-case';

async function setUp() {
  const world = anIdentityWorld();
  const customer = await aRegisteredCustomer(world.customers);
  const credentials: Credentials = { email: ` ${customer.email.toUpperCase()} `, password: A_PASSWORD, clientAddress: '203.0.113.7' };
  const check = (given: Partial<Credentials> = {}, requireSecondFactor = true) => world.credentials.check({ ...credentials, ...given }, { requireSecondFactor });
  return { ...world, customer, credentials, check, signIn: new SignIn(world.credentials, world.tokens, world.secrets, world.clock) };
}

const outcome = (result: { ok: true } | { ok: false; error: { errorName: string } }) => (result.ok ? 'ok' : result.error.errorName);

describe('CredentialCheck', () => {
  it('accepts the right password for the email in any case and spacing, and clears the failure count', async () => {
    const { check, customers, customer } = await setUp();
    customers.failures.set(customer.id, 4);
    const checked = await check();
    expect(checked.ok && checked.value).toEqual({ customer, device: null });
    expect(customers.failures.get(customer.id)).toBe(0);
  });

  it('answers an unknown email exactly as a wrong password, after one real hash check', async () => {
    const { check, hasher } = await setUp();
    const verify = jest.spyOn(hasher, 'verify');
    expect(outcome(await check({ email: 'nobody@example.com' }))).toBe('SIGN_IN_DETAILS_INCORRECT');
    expect(outcome(await check({ password: 'wrong' }))).toBe('SIGN_IN_DETAILS_INCORRECT');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('locks the account at the tenth wrong password in a row, mails the owner once, and then refuses even the right one', async () => {
    const { check, customers, customer, outbox } = await setUp();
    for (let attempt = 1; attempt < LOCK_AFTER_FAILED_SIGN_INS; attempt += 1) expect(outcome(await check({ password: `wrong ${attempt}` }))).toBe('SIGN_IN_DETAILS_INCORRECT');
    expect(outcome(await check({ password: 'wrong again' }))).toBe('ACCOUNT_LOCKED');
    expect(outcome(await check({ password: 'and again' }))).toBe('ACCOUNT_LOCKED');
    expect(outcome(await check())).toBe('ACCOUNT_LOCKED');
    expect((await customers.findById(customer.id))?.status).toBe('locked');
    expect(outbox.mails.map((mail) => [mail.to, mail.subject])).toEqual([[customer.email, 'Your Affinity Store account has been locked']]);
  });

  it("keeps a trusted device signing in while strangers lock the account, and locks that device on its own count only", async () => {
    const { check, customer, lockouts, outbox } = await setUp();
    const device = { customerId: customer.id, deviceId: 'laptop' };
    for (let attempt = 0; attempt < LOCK_AFTER_FAILED_SIGN_INS; attempt += 1) await check({ password: 'guess' });
    expect(outcome(await check({ device }))).toBe('ok');
    for (let attempt = 1; attempt < LOCK_AFTER_FAILED_SIGN_INS; attempt += 1) await check({ device, password: 'typo' });
    expect(outcome(await check({ device, password: 'typo' }))).toBe('ACCOUNT_LOCKED');
    expect(await lockouts.isDeviceLocked(device)).toBe(true);
    expect(outcome(await check({ device: { customerId: customer.id, deviceId: 'phone' } }))).toBe('ok');
    expect(outbox.mails.map((mail) => mail.subject)).toEqual(['Your Affinity Store account has been locked', 'Sign-in from one of your devices has been locked']);
  });

  it("ignores a device cookie that names someone else's account", async () => {
    const { check, customers, customer } = await setUp();
    expect(outcome(await check({ password: 'wrong', device: { customerId: 'someone-else', deviceId: 'laptop' } }))).toBe('SIGN_IN_DETAILS_INCORRECT');
    expect(customers.failures.get(customer.id)).toBe(1);
  });

  it('refuses a suspended account before looking at the password', async () => {
    const { check, customers, customer, hasher } = await setUp();
    await customers.setStatus(customer.id, 'suspended');
    const verify = jest.spyOn(hasher, 'verify');
    expect(outcome(await check())).toBe('ACCOUNT_SUSPENDED');
    expect(verify).not.toHaveBeenCalled();
  });

  it('asks for the second factor once it is on, counts a wrong code as a failure, and takes a backup code once', async () => {
    const { check, customers, customer, secondFactor } = await setUp();
    secondFactor.enabled.add(customer.id);
    const [backup] = await secondFactor.generateBackupCodes(customer.id);
    expect(outcome(await check())).toBe('SECURITY_CODE_REQUIRED');
    expect(outcome(await check({}, false))).toBe('ok');
    expect(outcome(await check({ otp: '000000' }))).toBe('SECURITY_CODE_INVALID');
    expect(customers.failures.get(customer.id)).toBe(1);
    expect(outcome(await check({ otp: FakeSecondFactor.codeFor(customer.id) }))).toBe('ok');
    expect(outcome(await check({ otp: backup }))).toBe('ok');
    expect(outcome(await check({ otp: backup }))).toBe('SECURITY_CODE_INVALID');
  });

  it('rate-limits per account before checking anything, and counts per device apart', async () => {
    const { check, customer, hasher } = await setUp();
    for (let attempt = 0; attempt < SIGN_IN_RATE_LIMIT.attempts; attempt += 1) await check({ password: `guess ${attempt}`, clientAddress: `198.51.100.${attempt}` });
    const verify = jest.spyOn(hasher, 'verify');
    expect(outcome(await check({ clientAddress: '192.0.2.1' }))).toBe('TOO_MANY_REQUESTS');
    expect(verify).not.toHaveBeenCalled();
    // The owner's laptop has its own allowance (the account itself is locked by now, not the device).
    expect(outcome(await check({ device: { customerId: customer.id, deviceId: 'laptop' } }))).toBe('ok');
  });
});

describe('SignIn', () => {
  it('issues a single-use login token for two minutes, stored only as its digest', async () => {
    const { signIn, credentials, customer, tokens, secrets, clock } = await setUp();
    const signedIn = await signIn.execute(credentials);
    if (!signedIn.ok) throw new Error(signedIn.error.errorName);
    expect(signedIn.value).toMatchObject({ customerId: customer.id, device: null });
    expect(tokens.tokens.has(signedIn.value.token)).toBe(false);
    const digest = secrets.digest(signedIn.value.token);
    expect(tokens.tokens.get(digest)).toMatchObject({ purpose: 'login', customerId: customer.id });
    clock.advance(LOGIN_TOKEN_LIFETIME_SECONDS * 1000);
    expect(await tokens.peek(digest, 'login', clock.now())).toBeNull();
  });

  it('issues nothing for wrong credentials', async () => {
    const { signIn, credentials, tokens } = await setUp();
    const refused = await signIn.execute({ ...credentials, password: 'wrong' });
    expect(outcome(refused)).toBe('SIGN_IN_DETAILS_INCORRECT');
    expect(tokens.tokens.size).toBe(0);
  });
});
