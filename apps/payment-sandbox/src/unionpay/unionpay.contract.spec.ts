import braintree from 'braintree';
import type { RunningBraintreeSandbox } from '../index';
import { sandboxWithSdk } from '../sandbox-with-sdk';
import { UNIONPAY_SMS_CODE } from './unionpay';

/**
 * UnionPay's SMS enrollment as braintree-web's unionpay module calls it (capabilities, enrollment,
 * then the card tokenized with the enrollment and its SMS code), the nonce charged through the real
 * `braintree` SDK.
 */

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;
let fingerprint: string;
let api: string;

beforeAll(async () => {
  ({ sandbox, gateway, fingerprint } = await sandboxWithSdk());
  api = `${sandbox.url}/merchants/${sandbox.config.merchantId}/client_api/v1`;
});
afterAll(() => sandbox.close());

const NEEDS_CODE = '6212345678901265';
const NEEDS_NO_CODE = '6212345678901273';
const CARD_RAILS = '6212345678901232';

async function capabilities(number: string) {
  const query = new URLSearchParams({ authorizationFingerprint: fingerprint, 'creditCard[number]': number, '_meta[source]': 'unionpay' });
  const response = await fetch(`${api}/payment_methods/credit_cards/capabilities?${query}`);
  return { status: response.status, body: await response.json() };
}

/** What the client API answers these calls (the parts the tests read). */
interface Answer {
  readonly unionPayEnrollmentId?: string;
  readonly smsCodeRequired?: boolean;
  readonly creditCards?: readonly { readonly nonce: string }[];
  readonly fieldErrors?: readonly { readonly fieldErrors?: readonly { readonly code?: string }[] }[];
}

async function post(endpoint: string, data: Record<string, unknown>) {
  const response = await fetch(`${api}/${endpoint}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...data, authorizationFingerprint: fingerprint }) });
  return { status: response.status, body: (await response.json()) as Answer };
}

const enroll = (number: string, mobileNumber = '13800138000') => post('union_pay_enrollments', { _meta: { source: 'unionpay' }, unionPayEnrollment: { number, mobileCountryCode: '86', mobileNumber } });
const tokenize = (number: string, enrollment?: { id: string; smsCode?: string }) =>
  post('payment_methods/credit_cards', { creditCard: { number, expirationMonth: '12', expirationYear: '2031', cvv: '123', ...(enrollment ? { options: { unionPayEnrollment: enrollment } } : {}) } });
const codeOf = (body: Answer) => body.fieldErrors?.[0]?.fieldErrors?.[0]?.code;

describe('UnionPay capabilities', () => {
  it("say which UnionPay cards UnionPay's own rails (and its enrollment) take", async () => {
    expect((await capabilities(NEEDS_CODE)).body).toEqual({ isUnionPay: true, isDebit: false, unionPay: { supportsTwoStepAuthAndCapture: true, isSupported: true } });
    expect((await capabilities(NEEDS_NO_CODE)).body).toMatchObject({ isUnionPay: true, isDebit: true, unionPay: { isSupported: true } });
    expect((await capabilities(CARD_RAILS)).body).toMatchObject({ isUnionPay: true, unionPay: { isSupported: false } });
    expect((await capabilities('4111111111111111')).body).toEqual({ isUnionPay: false, isDebit: false, unionPay: null });
    expect((await capabilities('12')).status).toBe(422);
  });
});

describe('UnionPay enrollment', () => {
  it('needs the SMS code: without the enrollment, or with a wrong code, the card is refused; the right code pays once', async () => {
    expect(codeOf((await tokenize(NEEDS_CODE)).body)).toBe('84711');
    const enrolled = await enroll(NEEDS_CODE);
    expect(enrolled.status).toBe(201);
    expect(enrolled.body).toEqual({ unionPayEnrollmentId: expect.stringMatching(/^up-enr-/), smsCodeRequired: true });
    const id = enrolled.body.unionPayEnrollmentId ?? '';
    const wrong = await tokenize(NEEDS_CODE, { id, smsCode: '000000' });
    expect(wrong.status).toBe(422);
    expect(codeOf(wrong.body)).toBe('84712');
    const right = await tokenize(NEEDS_CODE, { id, smsCode: UNIONPAY_SMS_CODE });
    expect(right.status).toBe(201);
    // The enrollment is spent: it cannot tokenize the card again.
    expect(codeOf((await tokenize(NEEDS_CODE, { id, smsCode: UNIONPAY_SMS_CODE })).body)).toBe('84711');
    const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: right.body.creditCards?.[0].nonce });
    expect(result.success).toBe(true);
    expect(result.transaction.creditCard).toMatchObject({ cardType: 'UnionPay', last4: '1265' });
  });

  it('ends after three wrong codes', async () => {
    const id = (await enroll(NEEDS_CODE)).body.unionPayEnrollmentId ?? '';
    for (const code of ['1', '2', '3']) expect(codeOf((await tokenize(NEEDS_CODE, { id, smsCode: code })).body)).toBe('84712');
    expect(codeOf((await tokenize(NEEDS_CODE, { id, smsCode: UNIONPAY_SMS_CODE })).body)).toBe('84711');
  });

  it('pays without a code where the enrollment needs none, and refuses bad mobile numbers and cards it does not enroll', async () => {
    const enrolled = await enroll(NEEDS_NO_CODE);
    expect(enrolled.body.smsCodeRequired).toBe(false);
    expect((await tokenize(NEEDS_NO_CODE, { id: enrolled.body.unionPayEnrollmentId ?? '' })).status).toBe(201);
    expect(codeOf((await enroll(NEEDS_CODE, '12')).body)).toBe('84703');
    expect(codeOf((await enroll(CARD_RAILS)).body)).toBe('84701');
    // A UnionPay card of the card rails tokenizes as before, with no enrollment.
    expect((await tokenize(CARD_RAILS)).status).toBe(201);
  });
});
