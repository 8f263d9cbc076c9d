import { Step, type BasketJson, type CustomerJson, type SessionJson } from '@store/domain';
import { journeyFacts, journeySection, journeySectionStates, journeyStep, NOTHING_SET_UP } from './journey-step';

// The checkout page draws the sections after the basket from these before their own chunk has
// arrived (its reserve), and the sections themselves from the same functions once it has: the step
// the page opens at must be the one the journey then starts from.

const money = { amount_minor: 1000 };
const basket = {
  reference: 'b-1',
  lines: [{ is_multi_user: false }],
  flags: { is_free_download: false, shipping_is_required: false, allow_line_removal: true },
  order_is_complimentary: false,
  pricing: { total: { gross: money }, total_with_discount_applied: null },
} as unknown as BasketJson;
const customer = (billing: boolean) =>
  ({
    email: 'a@example.com',
    account: { type: 'personal', has_confirmed_account_type: true },
    billing: billing ? { line_1: '1 High Street', postal_code: 'AB1 2CD', country: 'GB' } : null,
  }) as unknown as CustomerJson;
const session = (change: Partial<SessionJson>) => ({ customer: null, basket, payment_gateway: null, ...change }) as SessionJson & { basket: BasketJson };
const exemption = { answer: null, editing: false };

const stepOf = (data: SessionJson & { basket: BasketJson }, reservedEmail: string | null = null) => journeyStep(data, journeyFacts(data, null, exemption), reservedEmail, NOTHING_SET_UP);

describe('the checkout journey before any gateway is set up', () => {
  it('opens at the account choice for a visitor, every later section still ahead', () => {
    const journey = stepOf(session({}));
    expect(journey).toBe(Step.ACCOUNT_SELECTION);
    expect(journeySectionStates(journey)).toMatchObject({ account: 'active', 'account-details': 'read-only', 'billing-address': 'read-only', 'payment-details': 'read-only' });
    expect(stepOf(session({}), 'a@example.com')).toBe(Step.CREATE_ACCOUNT);
  });

  it('opens at billing for a customer without an address, and at payment once billing has chosen a gateway', () => {
    expect(stepOf(session({ customer: customer(false) }))).toBe(Step.BILLING_ADDRESS);
    const journey = stepOf(session({ customer: customer(true), payment_gateway: 'braintree' }));
    expect(journey).toBe(Step.PAYMENT_DETAILS);
    expect(journeySection('payment-details', journey)).toEqual({ id: 'payment-details', title: 'Payment details', state: 'active' });
    expect(journeySection('billing-address', journey).state).toBe('collapsed');
  });
});
