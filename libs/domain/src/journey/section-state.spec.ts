import fc from 'fast-check';
import { Step } from './journey-steps';
import { accountTypeConfirmedFor, sectionState } from './section-state';

describe('sectionState', () => {
  it.each<[number, number, string]>([
    [Step.BILLING_ADDRESS, Step.BILLING_ADDRESS, 'active'],
    [Step.ACCOUNT_SELECTION, Step.BILLING_ADDRESS, 'collapsed'],
    [Step.ACCOUNT_TYPE, Step.BILLING_ADDRESS, 'collapsed'],
    [Step.TAX_EXEMPTION, Step.BILLING_ADDRESS, 'read-only'],
    [Step.PAYMENT_DETAILS, Step.BILLING_ADDRESS, 'read-only'],
    [Step.TAX_EXEMPTION, Step.TAX_EXEMPTION, 'active'],
    [Step.BILLING_ADDRESS, Step.TAX_EXEMPTION, 'collapsed'],
    [Step.COMPLETE_ORDER, Step.PAYMENT_DETAILS, 'collapsed'],
  ])('section %i at journey %i is %s', (section, journey, state) => {
    expect(sectionState(section, journey)).toBe(state);
  });

  it('is active only at its own index, collapsed exactly when the journey is beyond it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (section, journey) => {
        const state = sectionState(section, journey);
        expect(state === 'active').toBe(section === journey);
        expect(state === 'collapsed').toBe(journey > section);
        expect(state === 'read-only').toBe(journey < section);
      }),
    );
  });
});

describe('accountTypeConfirmedFor', () => {
  it.each<[string | null, boolean, boolean]>([
    ['billing', false, true],
    ['billing', true, true],
    [null, false, false],
    [null, true, true],
    ['payment', false, false],
    ['Billing', false, false],
  ])('stage %s with confirmed %s gives %s', (stage, confirmed, expected) => {
    expect(accountTypeConfirmedFor(stage, confirmed)).toBe(expected);
  });
});
