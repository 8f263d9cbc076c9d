import fc from 'fast-check';
import { paymentStateAfter, resetPaymentState, resetsPaymentState, type CheckoutChange, type PaymentState } from './payment-state-reset';

const ready: PaymentState = {
  gateway: 'digital-river',
  session: { checkoutId: 'c1', paymentSessionId: 'ps1', sellingEntityId: 'se1', sellingEntityName: 'Store Ltd', customerId: 'cu1' },
  source: { id: 'src1' },
  clientToken: 'token',
  isMorReady: true,
};
const cleared = { gateway: null, session: null, source: null, clientToken: null, isMorReady: false };

describe('resetsPaymentState', () => {
  it.each<[CheckoutChange, boolean]>([
    ['change-choice', true],
    ['change-quantity', true],
    ['remove-line', true],
    ['apply-discount', true],
    ['remove-discount', true],
    ['change-billing-address', true],
    ['update-marketing-preferences', false],
    ['upload-tax-certificate', false],
    ['choose-payment-method', false],
  ])('%s resets payment: %s', (change, resets) => {
    expect(resetsPaymentState(change)).toBe(resets);
    expect(paymentStateAfter(change, ready)).toEqual(resets ? cleared : ready);
  });

  it('leaves the same state object when nothing resets', () => {
    expect(paymentStateAfter('choose-payment-method', ready)).toBe(ready);
  });
});

describe('resetPaymentState', () => {
  it('clears gateway, session, source and client token, and sets is_mor_ready false', () => {
    expect(resetPaymentState(ready)).toEqual(cleared);
  });

  it('keeps the fields it does not own and never changes its input', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string(), { nil: null }), fc.boolean(), (environment, clientToken, isMorReady) => {
        const state = { ...ready, clientToken, isMorReady, environment };
        const copy = JSON.parse(JSON.stringify(state)) as typeof state;
        const after = resetPaymentState(state);
        expect(after).toEqual({ ...cleared, environment });
        expect(state).toEqual(copy);
      }),
    );
  });
});
