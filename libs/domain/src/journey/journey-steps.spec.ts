import { isStepNumber, Step, STEP_NUMBERS } from './journey-steps';

describe('journey step numbers', () => {
  it.each<[keyof typeof Step, number]>([
    ['ACCOUNT_SELECTION', 1],
    ['CREATE_ACCOUNT', 2],
    ['ACCOUNT_TYPE', 3],
    ['BILLING_ADDRESS', 8],
    ['TAX_EXEMPTION', 12],
    ['CARD_PAYMENT', 16],
    ['MARKETING_SIGNUP', 24],
    ['COMPLETE_ORDER', 32],
    ['PAYMENT_DETAILS', 64],
  ])('%s is %i', (name, number) => {
    expect(Step[name]).toBe(number);
  });

  it('has nine distinct numbers', () => {
    expect(STEP_NUMBERS).toHaveLength(9);
    expect(new Set(STEP_NUMBERS).size).toBe(9);
  });

  it('tells known step numbers from others', () => {
    for (const number of [1, 2, 3, 8, 12, 16, 24, 32, 64]) expect(isStepNumber(number)).toBe(true);
    for (const value of [0, 4, 13, 65, -1, '8', null, undefined]) expect(isStepNumber(value)).toBe(false);
  });
});
