import type { MorCheckoutJson } from '@store/domain';
import {
  dropInBillingAddress,
  dropInFailureCode,
  DROP_IN_OPTIONS,
  mexicoComplianceStatement,
  MountWait,
  parseMorCheckout,
  showsMexicoComplianceStatement,
  stylesheetUrlFor,
  taxIdentifierToAttach,
} from './merchant-of-record-rules';

const pesos = (amount_minor: number) => ({ amount_minor, currency: 'MXN' });
const checkoutWithTax = (tax: number): Pick<MorCheckoutJson, 'totals'> => ({
  totals: { net: pesos(10000), tax: pesos(tax), gross: pesos(10000 + tax), discount: pesos(0) },
});

describe('drop-in errors (spec 2 §8)', () => {
  it('gives source_creation_failed its own code, even beside field errors', () => {
    expect(dropInFailureCode([{ code: 'source_creation_failed', message: 'The source could not be created.' }])).toBe(710001);
    expect(dropInFailureCode([{ code: 'invalid_card_number' }, { code: 'source_creation_failed' }])).toBe(710001);
  });

  it.each(['incomplete_card_number', 'invalid_card_number', 'incomplete_expiration_date', 'invalid_expiration_date', 'incomplete_security_code', 'invalid_security_code'])(
    'leaves %s to the drop-in itself',
    (code) => {
      expect(dropInFailureCode([{ code }])).toBeNull();
    },
  );

  it('ignores a set of field errors only', () => {
    expect(dropInFailureCode([{ code: 'incomplete_card_number' }, { code: 'invalid_security_code' }])).toBeNull();
  });

  it('gives anything else the generic code 999', () => {
    expect(dropInFailureCode([{ code: 'not_found' }])).toBe(999);
    expect(dropInFailureCode([{ code: 'incomplete_card_number' }, { code: 'unknown_error' }])).toBe(999);
    expect(dropInFailureCode([{ message: 'no code' }])).toBe(999);
    expect(dropInFailureCode([])).toBe(999);
    expect(dropInFailureCode(undefined)).toBe(999);
  });
});

describe('the tax identifier (spec 2 §5)', () => {
  const complete = { complete: true, error: null, identifier: { type: 'de', value: 'DE123456789' } };

  it('is attached when complete and without error', () => {
    expect(taxIdentifierToAttach(complete, null)).toEqual({ type: 'de', value: 'DE123456789' });
  });

  it('is not attached while incomplete, with an error, or without a value or type', () => {
    expect(taxIdentifierToAttach({ ...complete, complete: false }, null)).toBeNull();
    expect(taxIdentifierToAttach({ ...complete, error: { code: 'invalid_tax_identifier' } }, null)).toBeNull();
    expect(taxIdentifierToAttach({ complete: true, error: null, identifier: { type: 'de', value: null } }, null)).toBeNull();
    expect(taxIdentifierToAttach({ complete: true, error: null, identifier: { type: null, value: 'DE123456789' } }, null)).toBeNull();
    expect(taxIdentifierToAttach({ complete: true }, null)).toBeNull();
  });

  it('is not sent twice, but a different one is', () => {
    expect(taxIdentifierToAttach(complete, { type: 'de', value: 'DE123456789' })).toBeNull();
    expect(taxIdentifierToAttach(complete, { type: 'de', value: 'DE000000000' })).toEqual({ type: 'de', value: 'DE123456789' });
  });
});

describe('the Mexican compliance statement (spec 2 §2)', () => {
  it('shows for a Mexican billing address with zero tax', () => {
    expect(showsMexicoComplianceStatement('MX', checkoutWithTax(0))).toBe(true);
    expect(showsMexicoComplianceStatement('mx', checkoutWithTax(0))).toBe(true);
  });

  it('does not show with tax, or elsewhere', () => {
    expect(showsMexicoComplianceStatement('MX', checkoutWithTax(1600))).toBe(false);
    expect(showsMexicoComplianceStatement('US', checkoutWithTax(0))).toBe(false);
    expect(showsMexicoComplianceStatement(null, checkoutWithTax(0))).toBe(false);
  });

  it('names the merchant of record and the CFDI', () => {
    expect(mexicoComplianceStatement('Digital River Ireland Ltd.')).toMatch(/^Digital River Ireland Ltd\. sells this order .* includes all taxes that apply in Mexico.*\(CFDI\)\.$/);
  });
});

describe('the mount wait (spec 2 §4, §9)', () => {
  function fakeTimers() {
    let now = 0;
    const pending = new Map<number, { at: number; run: () => void }>();
    let ids = 0;
    return {
      timers: {
        now: () => now,
        setTimeout: (run: () => void, ms: number) => {
          pending.set(++ids, { at: now + ms, run });
          return ids;
        },
        clearTimeout: (handle: unknown) => void pending.delete(handle as number),
      },
      advance(ms: number) {
        now += ms;
        for (const [id, timer] of [...pending]) {
          if (timer.at <= now) {
            pending.delete(id);
            timer.run();
          }
        }
      },
      pendingCount: () => pending.size,
    };
  }

  it('gives up once the limit has passed since the section became active', () => {
    const clock = fakeTimers();
    const wait = new MountWait(clock.timers);
    const gaveUp = jest.fn();
    wait.start();
    clock.advance(10_000); // the checkout took 10 s to create
    wait.limit(25_000, gaveUp);
    clock.advance(14_999);
    expect(gaveUp).not.toHaveBeenCalled();
    clock.advance(1);
    expect(gaveUp).toHaveBeenCalledTimes(1);
    expect(wait.ready()).toBe(false);
  });

  it('gives up at once when the limit passed before it was known', () => {
    const clock = fakeTimers();
    const wait = new MountWait(clock.timers);
    const gaveUp = jest.fn();
    wait.start();
    clock.advance(30_000);
    wait.limit(25_000, gaveUp);
    clock.advance(0);
    expect(gaveUp).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when the drop-in is ready in time', () => {
    const clock = fakeTimers();
    const wait = new MountWait(clock.timers);
    const gaveUp = jest.fn();
    wait.start();
    wait.limit(25_000, gaveUp);
    clock.advance(2_000);
    expect(wait.ready()).toBe(true);
    clock.advance(60_000);
    expect(gaveUp).not.toHaveBeenCalled();
    expect(clock.pendingCount()).toBe(0);
  });

  it('ready before the limit is known means no wait at all', () => {
    const clock = fakeTimers();
    const wait = new MountWait(clock.timers);
    const gaveUp = jest.fn();
    wait.start();
    expect(wait.ready()).toBe(true);
    wait.limit(25_000, gaveUp);
    clock.advance(30_000);
    expect(gaveUp).not.toHaveBeenCalled();
  });

  it('does not run while the section is not active, and starts afresh when it is again', () => {
    const clock = fakeTimers();
    const wait = new MountWait(clock.timers);
    const gaveUp = jest.fn();
    wait.limit(25_000, gaveUp);
    expect(clock.pendingCount()).toBe(0);
    expect(wait.ready()).toBe(false);
    wait.start();
    wait.limit(25_000, gaveUp);
    clock.advance(20_000);
    wait.stop();
    clock.advance(20_000);
    expect(gaveUp).not.toHaveBeenCalled();
    wait.start();
    wait.limit(25_000, gaveUp);
    clock.advance(24_000);
    expect(gaveUp).not.toHaveBeenCalled();
    clock.advance(1_000);
    expect(gaveUp).toHaveBeenCalledTimes(1);
  });
});

describe('the drop-in set-up', () => {
  it('has the spec 2 §9 options', () => {
    expect(DROP_IN_OPTIONS).toEqual({
      flow: 'checkout',
      expandFirstPaymentMethod: true,
      button: { type: 'payNow' },
      showTermsOfSaleDisclosure: true,
      showSavePaymentAgreement: false,
    });
  });

  it('passes the billing address in the provider’s shape', () => {
    expect(
      dropInBillingAddress({
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        account: { type: 'business', customer_category: 'business.software', account_name: 'Analytical Engines Ltd', has_confirmed_account_type: true },
        billing: { line_1: '500 Congress Avenue', line_2: 'Suite 1', line_3: null, city: 'Austin', county: null, state: 'TX', postal_code: '78701', country: 'US', vat_id: null, vat_id_status: null },
      }),
    ).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      organization: 'Analytical Engines Ltd',
      address: { line1: '500 Congress Avenue', line2: 'Suite 1', city: 'Austin', postalCode: '78701', state: 'TX', country: 'US' },
    });
  });

  it('finds the stylesheet beside the script', () => {
    expect(stylesheetUrlFor('https://js.digitalriverws.com/v1/DigitalRiver.js')).toBe('https://js.digitalriverws.com/v1/css/DigitalRiver.css');
    expect(stylesheetUrlFor('http://127.0.0.1:4316/v1/DigitalRiver.js')).toBe('http://127.0.0.1:4316/v1/css/DigitalRiver.css');
  });

  it('reads the checkout JSON text, and refuses something else', () => {
    const checkout = { paymentSessionId: 's', checkoutId: 'c', totals: checkoutWithTax(0).totals };
    expect(parseMorCheckout(JSON.stringify(checkout))).toEqual(checkout);
    expect(() => parseMorCheckout('{"checkoutId": 1}')).toThrow('not in the expected shape');
    expect(() => parseMorCheckout('null')).toThrow('not in the expected shape');
  });
});
