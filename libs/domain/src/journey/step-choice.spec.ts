import fc from 'fast-check';
import { chooseStep, chooseStepWithRule, JOURNEY_RULES, type JourneyInput, type JourneyRule } from './step-choice';

// A journey where no rule before the last holds: signed in, confirmed, paid through a session with a source.
const settled: JourneyInput = {
  override: null,
  gateway: 'digital-river',
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

const gateways = [null, 'braintree', 'digital-river', 'complimentary'] as const;

const inputs: fc.Arbitrary<JourneyInput> = fc.record({
  override: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  gateway: fc.constantFrom(...gateways),
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

// The eight rules of spec 2 §2 written out again from the spec's words, independently of the code:
// when each holds on its own, and the step it gives.
const ORACLE: readonly { rule: JourneyRule; holds: (i: JourneyInput) => boolean; step: (i: JourneyInput) => number }[] = [
  { rule: 'override', holds: (i) => i.override !== null, step: (i) => i.override as number },
  { rule: 'card-gateway-ready', holds: (i) => i.gateway === 'braintree' && i.hasClientToken && i.hasEnvironment, step: () => 64 },
  { rule: 'not-signed-in', holds: (i) => !i.signedIn, step: (i) => (i.emailReserved ? 2 : 1) },
  { rule: 'account-type-unconfirmed', holds: (i) => !i.accountTypeConfirmed, step: () => 3 },
  {
    rule: 'billing-address',
    holds: (i) => i.accountTypeConfirmed && !i.hasPaymentSession && !i.orderIsComplimentary,
    step: () => 8,
  },
  { rule: 'tax-exemption', holds: (i) => i.billingLine1Present && i.taxExemptionFormShown && !i.hasPaymentSession, step: () => 12 },
  {
    rule: 'merchant-of-record-session',
    holds: (i) => i.gateway === 'digital-river' && i.hasPaymentSession && !i.hasPaymentSource,
    step: () => 64,
  },
  { rule: 'complete-order', holds: () => true, step: () => 32 },
];

function everyCombination(): JourneyInput[] {
  const all: JourneyInput[] = [];
  for (const override of [null, 12, 7]) {
    for (const gateway of gateways) {
      for (let bits = 0; bits < 1 << 10; bits++) {
        const flag = (n: number) => (bits & (1 << n)) !== 0;
        all.push({
          override,
          gateway,
          hasClientToken: flag(0),
          hasEnvironment: flag(1),
          signedIn: flag(2),
          emailReserved: flag(3),
          accountTypeConfirmed: flag(4),
          hasPaymentSession: flag(5),
          orderIsComplimentary: flag(6),
          billingLine1Present: flag(7),
          taxExemptionFormShown: flag(8),
          hasPaymentSource: flag(9),
        });
      }
    }
  }
  return all;
}

describe('chooseStep: each rule in order', () => {
  it.each<[string, Partial<JourneyInput>, number, JourneyRule]>([
    // 1. An override, if set, wins.
    ['an override wins over a ready card gateway', { override: 12, gateway: 'braintree', hasClientToken: true, hasEnvironment: true }, 12, 'override'],
    ['an override wins over a visitor', { override: 8, signedIn: false }, 8, 'override'],
    ['an override of 0 is still set', { override: 0 }, 0, 'override'],
    // 2. Card gateway with a client token and an environment gives 64.
    ['a ready card gateway shows payment details, even to a visitor', { gateway: 'braintree', hasClientToken: true, hasEnvironment: true, signedIn: false }, 64, 'card-gateway-ready'],
    ['a card gateway without an environment is not ready', { gateway: 'braintree', hasClientToken: true, signedIn: false }, 1, 'not-signed-in'],
    ['a card gateway without a client token is not ready', { gateway: 'braintree', hasEnvironment: true, signedIn: false }, 1, 'not-signed-in'],
    ['a client token on another gateway does not count', { gateway: 'digital-river', hasClientToken: true, hasEnvironment: true, signedIn: false }, 1, 'not-signed-in'],
    // 3. Not signed in gives 1, or 2 if an email is reserved.
    ['a visitor selects an account', { signedIn: false }, 1, 'not-signed-in'],
    ['a visitor with a reserved email creates one', { signedIn: false, emailReserved: true }, 2, 'not-signed-in'],
    ['a visitor comes before an unconfirmed account type', { signedIn: false, accountTypeConfirmed: false }, 1, 'not-signed-in'],
    // 4. Account type unconfirmed gives 3.
    ['an unconfirmed account type', { accountTypeConfirmed: false }, 3, 'account-type-unconfirmed'],
    ['an unconfirmed account type comes before billing', { accountTypeConfirmed: false, hasPaymentSession: false }, 3, 'account-type-unconfirmed'],
    // 5. Account type confirmed, no payment session and the order not complimentary gives 8.
    ['no payment session yet: billing address', { hasPaymentSession: false }, 8, 'billing-address'],
    ['billing comes before the exemption form', { hasPaymentSession: false, taxExemptionFormShown: true }, 8, 'billing-address'],
    ['a complimentary order skips billing', { hasPaymentSession: false, orderIsComplimentary: true }, 32, 'complete-order'],
    // 6. Billing line_1 present, tax exemption form shown and no payment session gives the tax exemption step.
    ['the exemption form before any session', { hasPaymentSession: false, orderIsComplimentary: true, taxExemptionFormShown: true }, 12, 'tax-exemption'],
    ['no exemption step without a billing line 1', { hasPaymentSession: false, orderIsComplimentary: true, taxExemptionFormShown: true, billingLine1Present: false }, 32, 'complete-order'],
    ['no exemption step once a session exists', { taxExemptionFormShown: true }, 32, 'complete-order'],
    // 7. Merchant-of-record gateway with a session and no source gives 64.
    ['a merchant-of-record session without a source', { hasPaymentSource: false }, 64, 'merchant-of-record-session'],
    ['a card-gateway session without a source does not', { gateway: 'braintree', hasPaymentSource: false }, 32, 'complete-order'],
    ['a merchant-of-record session with a source does not', { hasPaymentSource: true }, 32, 'complete-order'],
    // 8. Otherwise 32.
    ['otherwise complete the order', {}, 32, 'complete-order'],
    ['a complimentary gateway completes the order', { gateway: 'complimentary', orderIsComplimentary: true, hasPaymentSession: false }, 32, 'complete-order'],
  ])('%s', (_name, overrides, step, rule) => {
    const input = { ...settled, ...overrides };
    expect(chooseStepWithRule(input)).toEqual({ step, rule });
    expect(chooseStep(input)).toBe(step);
  });

  it('lists its rules in the spec order', () => {
    expect(JOURNEY_RULES).toEqual(ORACLE.map((entry) => entry.rule));
  });
});

describe('chooseStep: properties', () => {
  it('picks exactly one step, the first rule that holds, for every combination of inputs', () => {
    for (const input of everyCombination()) {
      const first = ORACLE.find((entry) => entry.holds(input));
      expect(first).toBeDefined();
      expect(chooseStepWithRule(input)).toEqual({ rule: first?.rule, step: first?.step(input) });
    }
  });

  it('always lets an override win', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: -5, max: 200 }), (input, override) => {
        expect(chooseStepWithRule({ ...input, override })).toEqual({ step: override, rule: 'override' });
      }),
    );
  });

  it('fires a rule only when it holds and all earlier ones did not', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const { rule, step } = chooseStepWithRule(input);
        const position = ORACLE.findIndex((entry) => entry.rule === rule);
        for (const earlier of ORACLE.slice(0, position)) expect(earlier.holds(input)).toBe(false);
        expect(ORACLE[position].holds(input)).toBe(true);
        expect(step).toBe(ORACLE[position].step(input));
      }),
      { numRuns: 2000 },
    );
  });

  it('never lets inputs read only by later rules change an earlier decision', () => {
    const laterOnly: Partial<Record<JourneyRule, (keyof JourneyInput)[]>> = {
      'not-signed-in': ['accountTypeConfirmed', 'hasPaymentSession', 'orderIsComplimentary', 'billingLine1Present', 'taxExemptionFormShown', 'hasPaymentSource'],
      'account-type-unconfirmed': ['hasPaymentSession', 'orderIsComplimentary', 'billingLine1Present', 'taxExemptionFormShown', 'hasPaymentSource', 'emailReserved'],
      'billing-address': ['billingLine1Present', 'taxExemptionFormShown', 'hasPaymentSource', 'emailReserved'],
    };
    fc.assert(
      fc.property(inputs, fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), (input, flips) => {
        const before = chooseStepWithRule(input);
        const fields = laterOnly[before.rule];
        if (!fields) return;
        const changed = { ...input };
        fields.forEach((field, n) => Object.assign(changed, { [field]: flips[n] }));
        expect(chooseStepWithRule(changed)).toEqual(before);
      }),
    );
  });
});
