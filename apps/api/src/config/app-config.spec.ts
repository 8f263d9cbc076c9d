import { PAYING_GATEWAYS } from '@store/domain';
import { ConfigError, loadConfig } from './app-config';

const url = 'postgres://store:secret@127.0.0.1:5432/store';

describe('loadConfig', () => {
  it('applies defaults and reads what is set', () => {
    const config = loadConfig({ DATABASE_URL: url, PORT: '8080', COOKIE_SECURE: 'true' });
    expect(config).toMatchObject({ DATABASE_URL: url, PORT: 8080, HOST: '127.0.0.1', COOKIE_SECURE: true, NODE_ENV: 'development' });
  });

  it('makes cookies Secure by default in production only', () => {
    expect(loadConfig({ DATABASE_URL: url, NODE_ENV: 'production' }).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ DATABASE_URL: url, NODE_ENV: 'production', COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ DATABASE_URL: url }).COOKIE_SECURE).toBe(false);
  });

  it.each([
    [{}, /^Invalid configuration: DATABASE_URL: .* \(it is not set\)$/],
    [{ DATABASE_URL: 'mysql://root:pw@db/x' }, /^Invalid configuration: DATABASE_URL: .* \(a value that is not shown, as it may hold a password\)$/],
    [{ DATABASE_URL: url, PORT: 'eighty' }, /^Invalid configuration: PORT: PORT must be an integer between 0 and 65535 \(got "eighty"\)$/],
    [{ DATABASE_URL: url, PORT: '70000' }, /^Invalid configuration: PORT: /],
    [{ DATABASE_URL: url, NODE_ENV: 'staging' }, /^Invalid configuration: NODE_ENV: /],
    [{ DATABASE_URL: url, COOKIE_SECURE: 'maybe' }, /^Invalid configuration: COOKIE_SECURE: /],
    [{ DATABASE_URL: url, DEVICE_COOKIE_SECRET: 'too-short-to-sign-with' }, /^Invalid configuration: DEVICE_COOKIE_SECRET: .* \(a value that is not shown, as it may hold a password\)$/],
  ])('stops on %j with one line naming the setting', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).not.toContain('secret');
  });

  it('keeps a given device cookie key, and makes a random one per start when none is given', () => {
    const key = 'k'.repeat(48);
    expect(loadConfig({ DATABASE_URL: url, DEVICE_COOKIE_SECRET: key }).DEVICE_COOKIE_SECRET).toBe(key);
    const first = loadConfig({ DATABASE_URL: url }).DEVICE_COOKIE_SECRET;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loadConfig({ DATABASE_URL: url }).DEVICE_COOKIE_SECRET).not.toBe(first);
  });

  it("gives payment providers' browser code spec 2 §9's 120 s to load unless told less, from 1 s", () => {
    expect(loadConfig({ DATABASE_URL: url }).SCRIPT_LOAD_TIMEOUT_MS).toBe(120000);
    expect(loadConfig({ DATABASE_URL: url, SCRIPT_LOAD_TIMEOUT_MS: '8000' }).SCRIPT_LOAD_TIMEOUT_MS).toBe(8000);
    for (const wrong of ['500', '120001', 'soon']) {
      expect(() => loadConfig({ DATABASE_URL: url, SCRIPT_LOAD_TIMEOUT_MS: wrong })).toThrow(
        /^Invalid configuration: SCRIPT_LOAD_TIMEOUT_MS: SCRIPT_LOAD_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000/,
      );
    }
  });

  it("takes the classic PayPal module's currencies as upper-case codes, and refuses anything else", () => {
    expect(loadConfig({ DATABASE_URL: url }).BRAINTREE_PAYPAL_CLASSIC_CURRENCIES).toBe('');
    expect(loadConfig({ DATABASE_URL: url, BRAINTREE_PAYPAL_CLASSIC_CURRENCIES: 'EUR,PLN' }).BRAINTREE_PAYPAL_CLASSIC_CURRENCIES).toBe('EUR,PLN');
    for (const wrong of ['eur', 'EURO', 'EUR;PLN', 'EUR, PLN']) {
      expect(() => loadConfig({ DATABASE_URL: url, BRAINTREE_PAYPAL_CLASSIC_CURRENCIES: wrong })).toThrow(
        /^Invalid configuration: BRAINTREE_PAYPAL_CLASSIC_CURRENCIES: BRAINTREE_PAYPAL_CLASSIC_CURRENCIES must be currency codes separated by commas/,
      );
    }
  });

  it('takes gateway rules naming the registry’s paying gateways or none, and refuses any other gateway', () => {
    const rules = (value: string) => loadConfig({ DATABASE_URL: url, PAYMENT_GATEWAY_RULES: value }).PAYMENT_GATEWAY_RULES;
    expect(loadConfig({ DATABASE_URL: url }).PAYMENT_GATEWAY_RULES).toBe('USD=digital-river,*=braintree');
    for (const gateway of PAYING_GATEWAYS) expect(rules(`GB=${gateway.key}, CU=none`)).toBe(`GB=${gateway.key}, CU=none`);
    for (const wrong of ['GB=complimentary', 'GB=stripe', 'GB=braintreex', 'gb=braintree', '*=braintree;US=none']) {
      expect(() => rules(wrong)).toThrow(/^Invalid configuration: PAYMENT_GATEWAY_RULES: PAYMENT_GATEWAY_RULES must be pairs like US=digital-river,\*=braintree/);
    }
  });
});
