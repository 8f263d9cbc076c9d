import fc from 'fast-check';
import { accountTypeConfirmedFor, chooseStep, chooseStepWithRule, sectionState, Step, type JourneyInput } from './journey';

const base: JourneyInput = {
  override: null,
  gateway: null,
  hasClientToken: false,
  hasEnvironment: false,
  signedIn: true,
  emailReserved: false,
  accountTypeConfirmed: true,
  hasPaymentSession: true,
  orderIsComplimentary: false,
  billingLine1Present: true,
  taxExemptionFormShown: false,
  hasPaymentSource: true,
};

const inputs = fc.record({
  override: fc.option(fc.constantFrom(1, 2, 3, 8, 12, 16, 24, 32, 64), { nil: null }),
  gateway: fc.option(fc.constantFrom('braintree' as const, 'digital-river' as const, 'complimentary' as const), { nil: null }),
  hasClientToken: fc.boolean(),
  hasEnvironment: fc.boolean(),
  signedIn: fc.boolean(),
  emailReserved: fc.boolean(),
  accountTypeConfirmed: fc.boolean(),
  hasPaymentSession: fc.boolean(),
  orderIsComplimentary: fc.boolean(),
  billingLine1Present: fc.boolean(),
  taxExemptionFormShown: fc.boolean(),
  hasPaymentSource: fc.boolean(),
});

describe('chooseStep', () => {
  it.each<[string, Partial<JourneyInput>, number]>([
    ['an override wins', { override: 12, gateway: 'braintree', hasClientToken: true, hasEnvironment: true }, 12],
    ['a ready card gateway shows payment details', { gateway: 'braintree', hasClientToken: true, hasEnvironment: true, signedIn: false }, 64],
    ['a card gateway without environment does not', { gateway: 'braintree', hasClientToken: true, signedIn: false }, 1],
    ['a visitor selects an account', { signedIn: false }, 1],
    ['a visitor with a reserved email creates one', { signedIn: false, emailReserved: true }, 2],
    ['an unconfirmed account type is confirmed', { accountTypeConfirmed: false }, 3],
    ['no payment session yet: billing address', { hasPaymentSession: false }, 8],
    ['a complimentary order skips billing', { hasPaymentSession: false, orderIsComplimentary: true }, 32],
    ['the exemption form before payment', { hasPaymentSession: false, orderIsComplimentary: true, taxExemptionFormShown: true }, 12],
    ['a merchant-of-record session without a source', { gateway: 'digital-river', hasPaymentSource: false }, 64],
    ['otherwise complete the order', { gateway: 'digital-river' }, 32],
  ])('%s', (_name, overrides, step) => {
    expect(chooseStep({ ...base, ...overrides })).toBe(step);
  });

  it('picks exactly one known step for every combination, and the override always wins', () => {
    const known = new Set<number>(Object.values(Step));
    fc.assert(
      fc.property(inputs, (input) => {
        const { step, rule } = chooseStepWithRule(input);
        expect(known.has(step)).toBe(true);
        if (input.override !== null) expect({ step, rule }).toEqual({ step: input.override, rule: 'override' });
        else expect(rule).not.toBe('override');
      }),
    );
  });

  it('lets a rule decide only when no earlier rule holds', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const { rule } = chooseStepWithRule(input);
        const earlier = {
          override: input.override !== null,
          cardReady: input.gateway === 'braintree' && input.hasClientToken && input.hasEnvironment,
          visitor: !input.signedIn,
          unconfirmed: !input.accountTypeConfirmed,
          billing: !input.hasPaymentSession && !input.orderIsComplimentary,
        };
        if (rule === 'card-gateway-ready') expect(earlier.override).toBe(false);
        if (rule === 'not-signed-in') expect(earlier.override || earlier.cardReady).toBe(false);
        if (rule === 'account-type-unconfirmed') expect(earlier.override || earlier.cardReady || earlier.visitor).toBe(false);
        if (rule === 'billing-address') expect(earlier.override || earlier.cardReady || earlier.visitor || earlier.unconfirmed).toBe(false);
        if (rule === 'tax-exemption' || rule === 'merchant-of-record-session' || rule === 'complete-order') {
          expect(Object.values(earlier).some(Boolean)).toBe(false);
        }
      }),
    );
  });
});

describe('sections and stage', () => {
  it('marks sections active, collapsed or read-only', () => {
    expect(sectionState(8, 8)).toBe('active');
    expect(sectionState(1, 8)).toBe('collapsed');
    expect(sectionState(16, 8)).toBe('read-only');
  });

  it('treats stage=billing as a confirmed account type', () => {
    expect(accountTypeConfirmedFor('billing', false)).toBe(true);
    expect(accountTypeConfirmedFor(null, false)).toBe(false);
    expect(accountTypeConfirmedFor('payment', true)).toBe(true);
  });
});
