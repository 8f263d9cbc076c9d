import { SANDBOX_PAYPAL_PAYER } from '../client-api/wallet-nonces';
import type { NonceRecord, PayPalDetails, ThreeDSecureInfo } from '../store';
import type { SaleOutcome } from '../test-values';
import { cardRecord } from './cards';

/**
 * The static nonces the server SDK documents (`test_values/nonces.js`), which let server-side tests
 * charge without a browser. They are never consumed, as on the provider's sandbox.
 */
interface FakeNonce {
  readonly number: string;
  readonly kind: NonceRecord['kind'];
  /** An outcome the card number alone does not give. */
  readonly sale?: SaleOutcome;
  readonly threeDSecure?: readonly [status: string, liabilityShifted: boolean, liabilityShiftPossible: boolean, enrolled: string];
  readonly consumed?: true;
  /** PayPal nonces: a one-time payment or a billing agreement (future payments). */
  readonly paypal?: 'one-time' | 'billing-agreement';
}

const VISA = '4111111111111111';
const card = (number: string, kind: NonceRecord['kind'] = 'CreditCard'): FakeNonce => ({ number, kind });
const threeDS = (status: string, shifted: boolean, possible: boolean, enrolled: string): FakeNonce => ({
  number: '4000000000001000',
  kind: 'CreditCard',
  threeDSecure: [status, shifted, possible, enrolled],
});

const FAKE_NONCES: Readonly<Record<string, FakeNonce>> = {
  'fake-valid-nonce': card(VISA),
  'fake-valid-visa-nonce': card(VISA),
  'fake-valid-mastercard-nonce': card('5555555555554444'),
  'fake-valid-amex-nonce': card('378282246310005'),
  'fake-valid-discover-nonce': card('6011111111111117'),
  'fake-valid-jcb-nonce': card('3530111333300000'),
  'fake-valid-maestro-nonce': card('6304000000000000'),
  'fake-valid-dinersclub-nonce': card('36259600000004'),
  'fake-valid-debit-nonce': card(VISA),
  'fake-valid-prepaid-nonce': card(VISA),
  'fake-consumed-nonce': { ...card(VISA), consumed: true },
  'fake-processor-declined-visa-nonce': card('4000111111111115'),
  'fake-processor-declined-mastercard-nonce': card('5105105105105100'),
  'fake-processor-declined-amex-nonce': card('378734493671000'),
  'fake-processor-declined-discover-nonce': card('6011000990139424'),
  'fake-processor-failure-jcb-nonce': { ...card('3530111333300000'), sale: { kind: 'failed', code: '3000', text: 'Processor Network Unavailable - Try Again' } },
  'fake-gateway-rejected-fraud-nonce': card('4000111111111511'),
  'fake-gateway-rejected-risk-thresholds-nonce': { ...card(VISA), sale: { kind: 'gateway_rejected', reason: 'risk_threshold' } },
  'fake-three-d-secure-visa-full-authentication-nonce': threeDS('authenticate_successful', true, true, 'Y'),
  'fake-three-d-secure-visa-attempts-non-participating-nonce': threeDS('authenticate_attempt_successful', true, true, 'Y'),
  'fake-three-d-secure-visa-failed-authentication-nonce': threeDS('authenticate_failed', false, true, 'Y'),
  'fake-three-d-secure-visa-failed-signature-nonce': threeDS('authenticate_signature_verification_failed', false, true, 'Y'),
  'fake-three-d-secure-visa-not-enrolled-nonce': threeDS('lookup_not_enrolled', false, false, 'N'),
  'fake-three-d-secure-visa-unavailable-nonce': threeDS('authenticate_unavailable', false, false, 'U'),
  'fake-three-d-secure-visa-authentication-unavailable-nonce': threeDS('authenticate_unavailable', false, false, 'U'),
  'fake-three-d-secure-visa-bypassed-authentication-nonce': threeDS('authentication_bypassed', false, false, 'B'),
  'fake-three-d-secure-visa-lookup-timeout-nonce': threeDS('lookup_error', false, false, 'U'),
  'fake-three-d-secure-visa-mpi-lookup-error-nonce': threeDS('lookup_error', false, false, 'U'),
  'fake-three-d-secure-visa-mpi-authenticate-error-nonce': threeDS('authenticate_error', false, true, 'Y'),
  'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce': threeDS('authenticate_successful', true, true, 'Y'),
  'fake-three-d-secure-two-visa-successful-step-up-authentication-nonce': threeDS('authenticate_successful', true, true, 'Y'),
  'fake-three-d-secure-two-visa-error-on-lookup-nonce': threeDS('lookup_error', false, false, 'U'),
  'fake-three-d-secure-two-visa-timeout-on-lookup-nonce': threeDS('lookup_error', false, false, 'U'),
  'fake-paypal-one-time-nonce': { ...card(VISA, 'PayPalAccount'), paypal: 'one-time' },
  'fake-paypal-future-nonce': { ...card(VISA, 'PayPalAccount'), paypal: 'billing-agreement' },
  'fake-paypal-billing-agreement-nonce': { ...card(VISA, 'PayPalAccount'), paypal: 'billing-agreement' },
  'fake-apple-pay-visa-nonce': card(VISA, 'ApplePayCard'),
  'fake-apple-pay-mastercard-nonce': card('5555555555554444', 'ApplePayCard'),
  'fake-apple-pay-amex-nonce': card('378282246310005', 'ApplePayCard'),
  'fake-apple-pay-mpan-nonce': card(VISA, 'ApplePayCard'),
  'fake-android-pay-nonce': card(VISA, 'AndroidPayCard'),
  'fake-android-pay-visa-nonce': card(VISA, 'AndroidPayCard'),
  'fake-android-pay-mastercard-nonce': card('5555555555554444', 'AndroidPayCard'),
  'fake-android-pay-amex-nonce': card('378282246310005', 'AndroidPayCard'),
  'fake-android-pay-discover-nonce': card('6011111111111117', 'AndroidPayCard'),
};

export const FAKE_NONCE_VALUES: readonly string[] = Object.keys(FAKE_NONCES);

export function isFakeNonce(nonce: string): boolean {
  return Object.hasOwn(FAKE_NONCES, nonce);
}

function fakeThreeDSecureInfo(nonce: string, [status, liabilityShifted, liabilityShiftPossible, enrolled]: NonNullable<FakeNonce['threeDSecure']>): ThreeDSecureInfo {
  const authenticated = liabilityShifted;
  return {
    status,
    liabilityShifted,
    liabilityShiftPossible,
    enrolled,
    cavv: authenticated ? 'AAABBBCCCdddEEEfffGGGhhhIII=' : null,
    eciFlag: authenticated ? '05' : enrolled === 'Y' ? '07' : null,
    threeDSecureVersion: '2.2.0',
    dsTransactionId: authenticated ? 'a0a0a0a0-5a4d-4b0c-8a1e-000000000001' : null,
    threeDSecureAuthenticationId: `auth_${nonce.replace(/^fake-three-d-secure-/, '').replace(/-nonce$/, '').replace(/-/g, '_')}`,
  };
}

/** Ours: the documented PayPal nonces name no payer; they get the sandbox's buyer. */
function fakePayPalDetails(flow: 'one-time' | 'billing-agreement'): PayPalDetails {
  return {
    payerEmail: SANDBOX_PAYPAL_PAYER.email,
    payerId: SANDBOX_PAYPAL_PAYER.payerId,
    payerFirstName: SANDBOX_PAYPAL_PAYER.firstName,
    payerLastName: SANDBOX_PAYPAL_PAYER.lastName,
    payerCountryCode: SANDBOX_PAYPAL_PAYER.countryCode,
    paymentId: flow === 'one-time' ? 'PAYID-SANDBOXFAKEONETIMENONCE0' : null,
    billingAgreementId: flow === 'billing-agreement' ? 'B-SANDBOXFAKEAGREEMENT' : null,
  };
}

/** A fresh record for a static nonce (a new one each time, since nothing may change the static one). */
export function fakeNonce(nonce: string, now = new Date()): NonceRecord | null {
  if (!isFakeNonce(nonce)) return null;
  const fake = FAKE_NONCES[nonce];
  return {
    nonce,
    // Ours: the documented nonces name no expiry; one five years ahead never expires under a test.
    card: cardRecord({ number: fake.number, expirationMonth: '12', expirationYear: String(now.getUTCFullYear() + 5), cardholderName: null }),
    consumed: fake.consumed ?? false,
    createdAt: now.toISOString(),
    threeDSecureInfo: fake.threeDSecure ? fakeThreeDSecureInfo(nonce, fake.threeDSecure) : null,
    paymentMethodToken: null,
    customerId: null,
    kind: fake.kind,
    ...(fake.paypal ? { paypal: fakePayPalDetails(fake.paypal) } : {}),
  };
}

/** The outcome a static nonce forces beyond what its card number gives, if any. */
export function fakeNonceSaleOutcome(nonce: string): SaleOutcome | null {
  return isFakeNonce(nonce) ? (FAKE_NONCES[nonce].sale ?? null) : null;
}
