import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { answerClientApiCall } from '../client-api/authorization';
import { isObject, sendJson, stringOf, type JsonObject } from '../client-api/http';
import type { RouteHandler, SandboxRequest } from '../context';
import type { FieldError } from '../client-api/card-input';

/**
 * Ours, not the provider's: UnionPay's SMS enrollment as braintree-web's unionpay module meets it,
 * `GET payment_methods/credit_cards/capabilities` and `POST union_pay_enrollments`, and the check
 * the card tokenization makes of `options.unionPayEnrollment`. The cards that need enrollment are
 * the sandbox's own (UNIONPAY_ENROLLMENT_CARDS); every other UnionPay card pays through the card
 * rails as before. The enrollments live in memory: a restart ends the ones under way.
 */

const CLIENT_API_PATH = /^\/merchants\/([^/]+)\/client_api\/v1\/(payment_methods\/credit_cards\/capabilities|union_pay_enrollments)$/;

/** Ours: the one SMS code the sandbox 'sends' for every enrollment that asks for one. */
export const UNIONPAY_SMS_CODE = '111111';

/**
 * Ours: the UnionPay cards whose capabilities say UnionPay's own rails (with SMS enrollment) take
 * them; `smsCodeRequired` is what the enrollment answers. Luhn-valid 62 numbers.
 */
export const UNIONPAY_ENROLLMENT_CARDS: Readonly<Record<string, { readonly smsCodeRequired: boolean; readonly isDebit: boolean }>> = {
  '6212345678901265': { smsCodeRequired: true, isDebit: false },
  '6212345678901273': { smsCodeRequired: false, isDebit: true },
};

interface Enrollment {
  readonly id: string;
  readonly number: string;
  readonly smsCodeRequired: boolean;
  /** Wrong codes tried; after the third the enrollment is spent (ours). */
  failures: number;
  used: boolean;
}

const enrollments = new Map<string, Enrollment>();
const REMEMBERED = 500;
const MAX_FAILURES = 3;

const digitsOf = (value: string | null) => (value ?? '').replace(/[\s-]/g, '');

/** `{isUnionPay, isDebit, unionPay: {supportsTwoStepAuthAndCapture, isSupported}}`, as the gateway answers. */
function capabilities(number: string) {
  const isUnionPay = /^62\d{12,17}$/.test(number);
  const enrolled = UNIONPAY_ENROLLMENT_CARDS[number];
  return {
    isUnionPay,
    isDebit: enrolled?.isDebit ?? false,
    // Ours: isSupported says UnionPay's own rails (and so its SMS enrollment) take the card; the other
    // UnionPay cards pay through the card rails like any card.
    unionPay: isUnionPay ? { supportsTwoStepAuthAndCapture: enrolled !== undefined, isSupported: enrolled !== undefined } : null,
  };
}

function enrollmentError(request: SandboxRequest, response: ServerResponse, field: string, code: string, message: string): void {
  sendJson(request, response, 422, { error: { message }, fieldErrors: [{ field: 'unionPayEnrollment', fieldErrors: [{ field, code, message }] }] });
}

/** POST union_pay_enrollments {unionPayEnrollment: {number, mobileCountryCode, mobileNumber, ...}}. */
function enroll(request: SandboxRequest, response: ServerResponse, body: JsonObject): void {
  const input = isObject(body.unionPayEnrollment) ? body.unionPayEnrollment : {};
  const number = digitsOf(stringOf(input.number));
  const card = UNIONPAY_ENROLLMENT_CARDS[number];
  if (!card) return enrollmentError(request, response, 'number', '84701', 'Card is not eligible for UnionPay enrollment.');
  if (!/^\d{1,3}$/.test(stringOf(input.mobileCountryCode) ?? '')) return enrollmentError(request, response, 'mobileCountryCode', '84702', 'Mobile country code is invalid.');
  if (!/^\d{6,15}$/.test(digitsOf(stringOf(input.mobileNumber)))) return enrollmentError(request, response, 'mobileNumber', '84703', 'Mobile number is invalid.');
  const id = `up-enr-${randomBytes(10).toString('hex')}`;
  enrollments.set(id, { id, number, smsCodeRequired: card.smsCodeRequired, failures: 0, used: false });
  while (enrollments.size > REMEMBERED) enrollments.delete(enrollments.keys().next().value as string);
  sendJson(request, response, 201, { unionPayEnrollmentId: id, smsCodeRequired: card.smsCodeRequired });
}

/**
 * What card tokenization checks of a card's UnionPay enrollment: a card that needs one cannot be
 * tokenized without it, and the enrollment must be this card's, unused, with the right SMS code.
 * Returns the field error to refuse with, or null. A right code spends the enrollment.
 */
export function unionPayEnrollmentProblem(number: string, options: JsonObject): FieldError | null {
  const asked = isObject(options.unionPayEnrollment) ? options.unionPayEnrollment : null;
  if (!UNIONPAY_ENROLLMENT_CARDS[number] && !asked) return null;
  const enrollment = enrollments.get(stringOf(asked?.id) ?? '');
  if (!enrollment || enrollment.used || enrollment.number !== number) {
    return { field: 'unionPayEnrollment', code: '84711', message: 'UnionPay enrollment is required for this card.' };
  }
  if (enrollment.smsCodeRequired && stringOf(asked?.smsCode) !== UNIONPAY_SMS_CODE) {
    enrollment.failures += 1;
    if (enrollment.failures >= MAX_FAILURES) enrollment.used = true;
    return { field: 'smsCode', code: '84712', message: 'SMS code is invalid.' };
  }
  enrollment.used = true;
  return null;
}

export const unionPayRoutes: RouteHandler = (request, response, context) => {
  const capabilitiesCall = (endpoint: string) => endpoint === 'payment_methods/credit_cards/capabilities';
  return answerClientApiCall(request, response, context, CLIENT_API_PATH, (endpoint) => (capabilitiesCall(endpoint) ? 'GET' : 'POST'), ({ endpoint, body }) => {
    if (!capabilitiesCall(endpoint)) return enroll(request, response, body ?? {});
    const number = digitsOf(request.url.searchParams.get('creditCard[number]'));
    if (!/^\d{12,19}$/.test(number)) enrollmentError(request, response, 'number', '81716', 'Credit card number must be 12-19 digits.');
    else sendJson(request, response, 200, capabilities(number));
  });
};
