import { A_PASSWORD, aRegisteredCustomer, anIdentityWorld, FakeSecondFactor } from '../testing';
import { AccountSecurity } from './account-security.use-case';
import type { Credentials } from './sign-in.use-case';

async function setUp() {
  const world = anIdentityWorld();
  const customer = await aRegisteredCustomer(world.customers);
  const credentials: Credentials = { email: customer.email, password: A_PASSWORD, clientAddress: '203.0.113.7' };
  const security = new AccountSecurity(world.credentials, world.customers, world.hasher, world.screen, world.sessionStore, world.secondFactor, world.clock, { minLength: 8 });
  return { ...world, customer, credentials, security };
}

const outcome = (result: { ok: true } | { ok: false; error: { errorName: string } }) => (result.ok ? 'ok' : result.error.errorName);

describe('AccountSecurity.updatePassword', () => {
  it('changes the password and ends every session of the customer', async () => {
    const { security, credentials, customer, customers, sessions } = await setUp();
    const open = await sessions.start(customer.id);
    expect(outcome(await security.updatePassword(credentials, 'a new long password'))).toBe('ok');
    expect(customers.hashes.get(customer.id)).toBe('hashed:a new long password');
    expect(await sessions.customerOf(open.id)).toBeNull();
  });

  it('says the current password is wrong (not the sign-in details) and changes nothing', async () => {
    const { security, credentials, customer, customers } = await setUp();
    expect(outcome(await security.updatePassword({ ...credentials, password: 'not it' }, 'a new long password'))).toBe('CURRENT_PASSWORD_INCORRECT');
    expect(customers.hashes.get(customer.id)).toBe(`hashed:${A_PASSWORD}`);
  });

  it.each([
    ['the same password', A_PASSWORD, 'VALIDATION_FAILED'],
    ["one shorter than the store's minimum", 'short', 'PASSWORD_TOO_SHORT'],
    ['a popular one', 'password', 'PASSWORD_COMPROMISED'],
  ])('refuses %s', async (_, next, code) => {
    const { security, credentials, customer, customers } = await setUp();
    const refused = await security.updatePassword(credentials, next);
    expect(outcome(refused)).toBe(code);
    if (code !== 'PASSWORD_COMPROMISED') expect(!refused.ok && Object.keys(refused.error.fields ?? {})).toEqual(['new_password']);
    expect(customers.hashes.get(customer.id)).toBe(`hashed:${A_PASSWORD}`);
  });

  it('needs the current code once two-step verification is on', async () => {
    const { security, credentials, customer, secondFactor } = await setUp();
    secondFactor.enabled.add(customer.id);
    expect(outcome(await security.updatePassword(credentials, 'a new long password'))).toBe('SECURITY_CODE_REQUIRED');
    expect(outcome(await security.updatePassword({ ...credentials, otp: FakeSecondFactor.codeFor(customer.id) }, 'a new long password'))).toBe('ok');
  });
});

describe('AccountSecurity two-step verification', () => {
  it('enrols, activates with a code from the app, hands out backup codes and turns off again', async () => {
    const { security, credentials, customer } = await setUp();
    expect(await security.mfaStatus(credentials)).toEqual({ ok: true, value: { enabled: false } });
    const enrolment = await security.mfaEnable(credentials);
    expect(enrolment.ok && enrolment.value.uri).toContain(encodeURIComponent(customer.email));
    expect(outcome(await security.mfaActivate(credentials, '000000'))).toBe('SECURITY_CODE_INVALID');
    const activated = await security.mfaActivate(credentials, FakeSecondFactor.codeFor(customer.id));
    expect(activated.ok && activated.value.backupCodes).toHaveLength(3);
    expect(outcome(await security.mfaStatus(credentials))).toBe('SECURITY_CODE_REQUIRED');
    const withCode = { ...credentials, otp: FakeSecondFactor.codeFor(customer.id) };
    expect(await security.mfaStatus(withCode)).toEqual({ ok: true, value: { enabled: true } });
    const fresh = await security.mfaBackupCodes(withCode);
    expect(fresh.ok && activated.ok && fresh.value.backupCodes).not.toEqual(activated.ok && activated.value.backupCodes);
    expect(await security.mfaDisable(withCode)).toEqual({ ok: true, value: { enabled: false } });
    expect(await security.mfaStatus(credentials)).toEqual({ ok: true, value: { enabled: false } });
  });

  it('gives no backup codes while two-step verification is off', async () => {
    const { security, credentials, secondFactor, customer } = await setUp();
    const refused = await security.mfaBackupCodes(credentials);
    expect(!refused.ok && refused.error.fields).toEqual({ mfa: ['Turn on two-step verification first'] });
    expect(secondFactor.backupCodes.has(customer.id)).toBe(false);
  });

  it('changes nothing for a wrong password', async () => {
    const { security, credentials, secondFactor, customer } = await setUp();
    const wrong = { ...credentials, password: 'not it' };
    for (const call of [security.mfaStatus(wrong), security.mfaEnable(wrong), security.mfaDisable(wrong), security.mfaBackupCodes(wrong)]) {
      expect(outcome(await call)).toBe('SIGN_IN_DETAILS_INCORRECT');
    }
    expect(outcome(await security.mfaActivate(wrong, FakeSecondFactor.codeFor(customer.id)))).toBe('SIGN_IN_DETAILS_INCORRECT');
    expect(secondFactor.pending.size + secondFactor.enabled.size).toBe(0);
  });
});
