import { SANDBOX_PAYPAL_PAYER } from '../client-api/wallet-nonces';
import type { BankAccountDetails, NonceRecord, PayPalDetails, ThreeDSecureInfo, VenmoDetails } from '../store';
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
  readonly threeDSecure?: readonly [status: string, liabilityShifted: boolean, liabilityShiftPossible: boolean, enrolled: string, version: string];
  readonly consumed?: true;
  /** The documented Luhn-invalid nonce: refused as the number 81715. */
  readonly luhnInvalid?: true;
  /** What a verification of the nonce's card does, beyond what its card number gives. */
  readonly verification?: SaleOutcome;
  /** The documented Venmo nonce: the provider's test Venmo user. */
  readonly venmo?: true;
  /** The documented SEPA and US bank account nonces. */
  readonly bank?: 'sepa' | 'us';
  /** PayPal nonces: a one-time payment or a billing agreement (future payments). */
  readonly paypal?: 'one-time' | 'billing-agreement';
}

const VISA = '4111111111111111';
const card = (number: string, kind: NonceRecord['kind'] = 'CreditCard'): FakeNonce => ({ number, kind });
const threeDS = (status: string, shifted: boolean, possible: boolean, enrolled: string, version: '1.0.2' | '2.1.0' = '1.0.2'): FakeNonce => ({
  number: '4000000000001000',
  kind: 'CreditCard',
  threeDSecure: [status, shifted, possible, enrolled, version],
});

/**
 * The documented static nonces (the server SDKs' `Test::Nonce` constants). As on the provider's
 * sandbox, the amount decides whether a sale of a card nonce goes through; the processor-declined
 * and processor-failure nonces fail VERIFICATIONS (see fakeNonceVerificationOutcome). Ours: the
 * card numbers behind them (the provider names none but the brand), chosen among the documented
 * test cards so bin data and card type follow.
 */
const FAKE_NONCES: Readonly<Record<string, FakeNonce>> = {
  'fake-valid-nonce': card(VISA),
  'fake-valid-no-billing-address-nonce': card(VISA),
  'fake-abstract-transactable-nonce': card(VISA),
  'fake-valid-visa-nonce': card(VISA),
  'fake-valid-mastercard-nonce': card('5555555555554444'),
  'fake-valid-amex-nonce': card('378282246310005'),
  'fake-valid-discover-nonce': card('6011111111111117'),
  'fake-valid-jcb-nonce': card('3530111333300000'),
  'fake-valid-maestro-nonce': card('6304000000000000'),
  'fake-valid-dinersclub-nonce': card('36259600000004'),
  // Card type indicators: the SDKs' CardTypeIndicators numbers (test-values.ts CARD_TYPE_INDICATORS).
  'fake-valid-prepaid-nonce': card('4111111111111210'),
  'fake-valid-prepaid-reloadable-nonce': card('4229989900000002'),
  'fake-valid-commercial-nonce': card('4111111111131010'),
  'fake-valid-debit-nonce': card('4117101010101010'),
  'fake-pinless-debit-visa-nonce': card('4117101010101010'),
  'fake-valid-payroll-nonce': card('4111111114101010'),
  'fake-valid-healthcare-nonce': card('4111111510101010'),
  'fake-valid-durbin-regulated-nonce': card('4111161010101010'),
  'fake-valid-business-nonce': card('4229989800000003'),
  'fake-valid-consumer-nonce': card('4229989700000004'),
  'fake-valid-corporate-nonce': card('4229989100000000'),
  'fake-valid-purchase-nonce': card('4229989500000006'),
  'fake-valid-no-indicators-nonce': card('4111111111310101'),
  'fake-valid-unknown-indicators-nonce': card('4111111111112101'),
  'fake-valid-country-of-issuance-usa-nonce': card('4111111111121102'),
  'fake-valid-country-of-issuance-cad-nonce': card('4111111111121110'),
  'fake-valid-issuing-bank-network-only-nonce': card('4111111141010101'),
  'fake-consumed-nonce': { ...card(VISA), consumed: true },
  // A number that fails the Luhn check: a sale or a vaulting of it is the provider's 81715.
  'fake-luhn-invalid-nonce': { ...card('4111111111111112'), luhnInvalid: true },
  'fake-processor-declined-visa-nonce': card('4000111111111115'),
  'fake-processor-declined-mastercard-nonce': card('5105105105105100'),
  'fake-processor-declined-amex-nonce': card('378734493671000'),
  'fake-processor-declined-discover-nonce': card('6011000990139424'),
  'fake-processor-failure-jcb-nonce': { ...card('3530111333300000'), verification: { kind: 'failed', code: '3000', text: 'Processor Network Unavailable - Try Again' } },
  'fake-gateway-rejected-fraud-nonce': card('4000111111111511'),
  'fake-gateway-rejected-risk-thresholds-nonce': card('4111130000000003'),
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
  'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce': threeDS('authenticate_successful', true, true, 'Y', '2.1.0'),
  'fake-three-d-secure-two-visa-successful-step-up-authentication-nonce': threeDS('authenticate_successful', true, true, 'Y', '2.1.0'),
  'fake-three-d-secure-two-visa-error-on-lookup-nonce': threeDS('lookup_error', false, false, 'U', '2.1.0'),
  'fake-three-d-secure-two-visa-timeout-on-lookup-nonce': threeDS('lookup_error', false, false, 'U', '2.1.0'),
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
  'fake-visa-checkout-visa-nonce': card(VISA, 'VisaCheckoutCard'),
  'fake-visa-checkout-mastercard-nonce': card('5555555555554444', 'VisaCheckoutCard'),
  'fake-visa-checkout-amex-nonce': card('378282246310005', 'VisaCheckoutCard'),
  'fake-visa-checkout-discover-nonce': card('6011111111111117', 'VisaCheckoutCard'),
  'fake-venmo-account-nonce': { ...card(VISA, 'VenmoAccount'), venmo: true },
  'fake-sepa-direct-debit-nonce': { ...card(VISA, 'SepaDebitAccount'), bank: 'sepa' },
  'fake-us-bank-account-nonce': { ...card(VISA, 'UsBankAccount'), bank: 'us' },
};

export const FAKE_NONCE_VALUES: readonly string[] = Object.keys(FAKE_NONCES);

export function isFakeNonce(nonce: string): boolean {
  return Object.hasOwn(FAKE_NONCES, nonce);
}

/**
 * A static 3-D Secure nonce's result. Its authentication id is the documented one
 * (`Test::AuthenticationIds`: the nonce's name ending in -id instead of -nonce), which a sale may
 * name as `three_d_secure_authentication_id`. Ours: the cavv, xid and directory ids.
 */
function fakeThreeDSecureInfo(nonce: string, [status, liabilityShifted, liabilityShiftPossible, enrolled, version]: NonNullable<FakeNonce['threeDSecure']>): ThreeDSecureInfo {
  const authenticated = liabilityShifted;
  const versionTwo = version.startsWith('2');
  return {
    status,
    liabilityShifted,
    liabilityShiftPossible,
    enrolled,
    cavv: authenticated ? 'cavv_value' : null,
    eciFlag: authenticated ? '05' : enrolled === 'Y' ? '07' : null,
    xid: authenticated && !versionTwo ? 'xid_value' : null,
    threeDSecureVersion: version,
    dsTransactionId: authenticated && versionTwo ? 'a0a0a0a0-5a4d-4b0c-8a1e-000000000001' : null,
    threeDSecureAuthenticationId: nonce.replace(/-nonce$/, '-id'),
  };
}

/** Ours: the documented Venmo nonce names no user; the sandbox's is the SDKs' test one. */
const FAKE_VENMO: VenmoDetails = { username: 'venmojoe', venmoUserId: '1234567891234567891', paymentContextId: 'fake-venmo-payment-context', multiUse: true };

/** Ours: the accounts behind the documented bank nonces (valid test IBAN and routing number). */
function fakeBankAccount(bank: 'sepa' | 'us', now: Date): BankAccountDetails {
  if (bank === 'sepa') {
    return {
      kind: 'SepaDebitAccount',
      iban: 'DE89370400440532013000',
      last4: '3000',
      accountHolderName: 'John Doe',
      countryCode: 'DE',
      mandateType: 'RECURRENT',
      bankReferenceToken: 'QkEtWDZDQkJCUU5TRFBHOFpCRkg',
      merchantOrPartnerCustomerId: 'fake-sepa-customer',
      cartId: 'fake-sepa-cart',
      mandateAcceptedAt: now.toISOString(),
    };
  }
  return {
    kind: 'UsBankAccount',
    routingNumber: '021000021',
    accountNumber: '1000000000',
    last4: '0000',
    accountType: 'checking',
    ownershipType: 'personal',
    firstName: 'Dan',
    lastName: 'Schulman',
    businessName: null,
    accountHolderName: 'Dan Schulman',
    bankName: 'JPMORGAN CHASE BANK, NA',
    achMandateText: 'cl mandate text',
    achMandateAcceptedAt: now.toISOString(),
    billingAddress: { streetAddress: '123 Ave', extendedAddress: null, locality: 'San Francisco', region: 'CA', postalCode: '94112' },
    verified: true,
    verifications: [],
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
    ...(fake.venmo ? { venmo: FAKE_VENMO } : {}),
    ...(fake.bank ? { bankAccount: fakeBankAccount(fake.bank, now) } : {}),
  };
}

/** Whether the nonce is the documented Luhn-invalid one (its card number fails the check). */
export function isLuhnInvalidFakeNonce(nonce: string): boolean {
  return isFakeNonce(nonce) && FAKE_NONCES[nonce].luhnInvalid === true;
}

/** What a verification of a static nonce's card does beyond its card number's outcome, if anything. */
export function fakeNonceVerificationOutcome(nonce: string): SaleOutcome | null {
  return isFakeNonce(nonce) ? (FAKE_NONCES[nonce].verification ?? null) : null;
}

/** The outcome a static nonce forces beyond what its card number gives, if any. */
export function fakeNonceSaleOutcome(nonce: string): SaleOutcome | null {
  return isFakeNonce(nonce) ? (FAKE_NONCES[nonce].sale ?? null) : null;
}
