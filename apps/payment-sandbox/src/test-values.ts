/**
 * What the sandbox does with each test value. Modelled on the card gateway's documented sandbox
 * test values (cards, amounts, CVV and postal codes, 3-D Secure 2 cards), so tests written against
 * this sandbox read like tests written against the provider's own sandbox. Entries marked `ours`
 * are the sandbox's additions where the provider documents none.
 */

export type CardType = 'Visa' | 'MasterCard' | 'American Express' | 'Maestro' | 'Discover' | 'JCB' | 'UnionPay' | 'Diners Club';

/** The outcome of a sale, before 3-D Secure rules are applied. */
export type SaleOutcome =
  | { readonly kind: 'approved' }
  | { readonly kind: 'processor_declined'; readonly code: string; readonly text: string; readonly type: 'soft_declined' | 'hard_declined' }
  | { readonly kind: 'gateway_rejected'; readonly reason: 'cvv' | 'avs' | 'avs_and_cvv' | 'fraud' | 'three_d_secure' | 'risk_threshold' | 'application_incomplete' }
  | { readonly kind: 'failed'; readonly code: string; readonly text: string };

/**
 * What a 3-D Secure 2 lookup does with a card (the documented 3DS2 test cards). `frictionless`
 * answers at once; `challenge` asks the cardholder on the sandbox's challenge page.
 */
export type ThreeDSecureScenario =
  | { readonly flow: 'frictionless'; readonly status: string; readonly liabilityShifted: boolean; readonly liabilityShiftPossible: boolean; readonly enrolled: string }
  | { readonly flow: 'challenge'; readonly succeeds: boolean }
  | { readonly flow: 'lookup-error'; readonly status: string };

/**
 * Processor response texts and types by code: the provider's documented authorization responses
 * (the card ones; of PayPal's, the one the sandbox uses). An amount from 2000.00 to 2999.99 declines
 * with its whole part as the code, so every code here can be tried by amount.
 */
export const PROCESSOR_RESPONSES: Readonly<Record<string, { readonly text: string; readonly type: 'soft_declined' | 'hard_declined' }>> = {
  '2000': { text: 'Do Not Honor', type: 'soft_declined' },
  '2001': { text: 'Insufficient Funds', type: 'soft_declined' },
  '2002': { text: 'Limit Exceeded', type: 'soft_declined' },
  '2003': { text: 'Cardholder\'s Activity Limit Exceeded', type: 'soft_declined' },
  '2004': { text: 'Expired Card', type: 'hard_declined' },
  '2005': { text: 'Invalid Credit Card Number', type: 'hard_declined' },
  '2006': { text: 'Invalid Expiration Date', type: 'hard_declined' },
  '2007': { text: 'No Account', type: 'hard_declined' },
  '2008': { text: 'Card Account Length Error', type: 'hard_declined' },
  '2009': { text: 'No Such Issuer', type: 'hard_declined' },
  '2010': { text: 'Card Issuer Declined CVV', type: 'hard_declined' },
  '2011': { text: 'Voice Authorization Required', type: 'hard_declined' },
  '2012': { text: 'Processor Declined - Possible Lost Card', type: 'hard_declined' },
  '2013': { text: 'Processor Declined - Possible Stolen Card', type: 'hard_declined' },
  '2014': { text: 'Processor Declined - Fraud Suspected', type: 'hard_declined' },
  '2015': { text: 'Transaction Not Allowed', type: 'hard_declined' },
  '2016': { text: 'Duplicate Transaction', type: 'soft_declined' },
  '2017': { text: 'Cardholder Stopped Billing', type: 'hard_declined' },
  '2018': { text: 'Cardholder Stopped All Billing', type: 'hard_declined' },
  '2019': { text: 'Invalid Transaction', type: 'hard_declined' },
  '2020': { text: 'Violation', type: 'hard_declined' },
  '2021': { text: 'Security Violation', type: 'hard_declined' },
  '2022': { text: 'Declined - Updated Cardholder Available', type: 'hard_declined' },
  '2023': { text: 'Processor Does Not Support This Feature', type: 'hard_declined' },
  '2024': { text: 'Card Type Not Enabled', type: 'hard_declined' },
  '2025': { text: 'Set Up Error - Merchant', type: 'soft_declined' },
  '2026': { text: 'Invalid Merchant ID', type: 'soft_declined' },
  '2027': { text: 'Set Up Error - Amount', type: 'hard_declined' },
  '2028': { text: 'Set Up Error - Hierarchy', type: 'hard_declined' },
  '2029': { text: 'Set Up Error - Card', type: 'hard_declined' },
  '2030': { text: 'Set Up Error - Terminal', type: 'hard_declined' },
  '2031': { text: 'Encryption Error', type: 'hard_declined' },
  '2032': { text: 'Surcharge Not Permitted', type: 'hard_declined' },
  '2033': { text: 'Inconsistent Data', type: 'hard_declined' },
  '2034': { text: 'No Action Taken', type: 'soft_declined' },
  '2035': { text: 'Partial Approval For Amount In Group III Version', type: 'soft_declined' },
  '2036': { text: 'Authorization could not be found', type: 'hard_declined' },
  '2037': { text: 'Already Reversed', type: 'hard_declined' },
  '2038': { text: 'Processor Declined', type: 'soft_declined' },
  '2039': { text: 'Invalid Authorization Code', type: 'hard_declined' },
  '2040': { text: 'Invalid Store', type: 'hard_declined' },
  '2041': { text: 'Declined - Call For Approval', type: 'hard_declined' },
  '2042': { text: 'Invalid Client ID', type: 'soft_declined' },
  '2043': { text: 'Error - Do Not Retry, Call Issuer', type: 'hard_declined' },
  '2044': { text: 'Declined - Call Issuer', type: 'hard_declined' },
  '2045': { text: 'Invalid Merchant Number', type: 'hard_declined' },
  '2046': { text: 'Declined', type: 'soft_declined' },
  '2047': { text: 'Call Issuer. Pick Up Card', type: 'hard_declined' },
  '2048': { text: 'Invalid Amount', type: 'soft_declined' },
  '2049': { text: 'Invalid SKU Number', type: 'hard_declined' },
  '2050': { text: 'Invalid Credit Plan', type: 'hard_declined' },
  '2051': { text: 'Credit Card Number does not match method of payment', type: 'hard_declined' },
  '2053': { text: 'Card reported as lost or stolen', type: 'hard_declined' },
  '2054': { text: 'Reversal amount does not match authorization amount', type: 'hard_declined' },
  '2055': { text: 'Invalid Transaction Division Number', type: 'hard_declined' },
  '2056': { text: 'Transaction amount exceeds the transaction division limit', type: 'hard_declined' },
  '2057': { text: 'Issuer or Cardholder has put a restriction on the card', type: 'soft_declined' },
  '2058': { text: 'Merchant not Mastercard SecureCode enabled', type: 'hard_declined' },
  '2059': { text: 'Address Verification Failed', type: 'soft_declined' },
  '2060': { text: 'Address Verification and Card Security Code Failed', type: 'soft_declined' },
  '2061': { text: 'Invalid Transaction Data', type: 'hard_declined' },
  '2062': { text: 'Invalid Tax Amount', type: 'soft_declined' },
  '2064': { text: 'Invalid Currency Code', type: 'hard_declined' },
  '2065': { text: 'Refund Time Limit Exceeded', type: 'hard_declined' },
  '2067': { text: 'Authorization Expired', type: 'hard_declined' },
  // PayPal: the payer withdrew the saved account's pre-approval (the provider names it a hard decline).
  '2071': { text: 'PayPal Payer Revoked Authorization', type: 'hard_declined' },
  '2078': { text: 'Invalid Secure Payment Data', type: 'hard_declined' },
  '2099': { text: 'Cardholder Authentication Required', type: 'soft_declined' },
  '2101': { text: 'Additional authentication required', type: 'soft_declined' },
  '2102': { text: 'Incorrect PIN', type: 'hard_declined' },
  '2103': { text: 'PIN try exceeded', type: 'hard_declined' },
  '2104': { text: 'Offline Issuer Declined', type: 'soft_declined' },
  '2105': { text: 'Cannot Authorize at this time (Life cycle)', type: 'hard_declined' },
  '2106': { text: 'Cannot Authorize at this time (Policy)', type: 'hard_declined' },
  '2107': { text: 'Card Not Activated', type: 'hard_declined' },
  '2108': { text: 'Closed Card', type: 'hard_declined' },
};

/** The text and type of a decline code the list above lacks (the provider documents 2109–2999 as one range). */
export const OTHER_PROCESSOR_DECLINE = { text: 'Processor Declined', type: 'soft_declined' } as const;

export interface TestCard {
  readonly number: string;
  readonly type: CardType;
  /** What a sale of this card does before its amount is read (approved: the amount decides). */
  readonly sale: SaleOutcome;
  /** Ours, where marked: the provider documents the card but not this detail. */
  readonly ours?: true;
}

const approved: SaleOutcome = { kind: 'approved' };
const declined = (code: string): SaleOutcome => ({ kind: 'processor_declined', code, text: PROCESSOR_RESPONSES[code].text, type: PROCESSOR_RESPONSES[code].type });

/** The documented test card numbers, each with its card type and its sale outcome. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4111111111111111', type: 'Visa', sale: approved },
  { number: '4005519200000004', type: 'Visa', sale: approved },
  { number: '4012000077777777', type: 'Visa', sale: approved },
  { number: '5555555555554444', type: 'MasterCard', sale: approved },
  { number: '2223000048400011', type: 'MasterCard', sale: approved },
  { number: '378282246310005', type: 'American Express', sale: approved },
  { number: '371449635398431', type: 'American Express', sale: approved },
  { number: '6304000000000000', type: 'Maestro', sale: approved },
  { number: '6011111111111117', type: 'Discover', sale: approved },
  { number: '3530111333300000', type: 'JCB', sale: approved },
  { number: '6212345678901232', type: 'UnionPay', sale: approved },
  { number: '36259600000004', type: 'Diners Club', sale: approved },
  // Unsuccessful verification cards (documented): a sale follows its amount, as on the provider's
  // sandbox; their verifications are declined (gateway/verifications.ts keeps how).
  { number: '4000111111111115', type: 'Visa', sale: approved },
  { number: '5105105105105100', type: 'MasterCard', sale: approved },
  { number: '378734493671000', type: 'American Express', sale: approved },
  { number: '6011000990139424', type: 'Discover', sale: approved },
  { number: '3566002020360505', type: 'JCB', sale: approved },
  // A Diners Club number the SDKs' tests use; it verifies and sells like any card here.
  { number: '38520000009814', type: 'Diners Club', sale: approved },
  // Gateway rejected for fraud (documented, for an account whose fraud tools are on).
  { number: '4000111111111511', type: 'Visa', sale: { kind: 'gateway_rejected', reason: 'fraud' } },
  // Gateway rejected at the account's risk thresholds (documented: CardTypeIndicators::RiskThresholds).
  { number: '4111130000000003', type: 'Visa', sale: { kind: 'gateway_rejected', reason: 'risk_threshold' } },
  // Ours: decline codes by card, so each message can be tried from the page whatever the amount.
  { number: '4000000000000010', type: 'Visa', sale: declined('2000'), ours: true },
  { number: '5100000000000008', type: 'MasterCard', sale: declined('2000'), ours: true },
  { number: '4000000000000002', type: 'Visa', sale: declined('2001'), ours: true },
  { number: '4000000000000069', type: 'Visa', sale: declined('2004'), ours: true },
  { number: '4000000000000127', type: 'Visa', sale: declined('2010'), ours: true },
  { number: '4000000000000119', type: 'Visa', sale: declined('2046'), ours: true },
  { number: '4000000000000259', type: 'Visa', sale: declined('2014'), ours: true },
  { number: '4000000000009987', type: 'Visa', sale: declined('2057'), ours: true },
  // 3-D Secure 2 cards: approved at sale; the lookup decides (THREE_D_SECURE_CARDS below).
  ...[
    '4000000000001000', '4000000000001018', '4000000000001026', '4000000000001034', '4000000000001042', '4000000000001059',
    '4000000000001067', '4000000000001075', '4000000000001083', '4000000000001091', '4000000000001109', '4000000000001117',
    '4000000000001125', '4000000000002701', '4000000000002925',
  ].map((number): TestCard => ({ number, type: 'Visa', sale: approved })),
];

const frictionless = (status: string, liabilityShifted: boolean, liabilityShiftPossible: boolean, enrolled = 'Y'): ThreeDSecureScenario => ({
  flow: 'frictionless',
  status,
  liabilityShifted,
  liabilityShiftPossible,
  enrolled,
});

/** The documented 3-D Secure 2 test cards; any other card authenticates without friction. */
export const THREE_D_SECURE_CARDS: Readonly<Record<string, ThreeDSecureScenario>> = {
  '4000000000001000': frictionless('authenticate_successful', true, true),
  '4000000000002701': frictionless('authenticate_successful', true, true),
  '4000000000001018': frictionless('authenticate_frictionless_failed', false, true),
  '4000000000002925': frictionless('authenticate_frictionless_failed', false, true),
  '4000000000001026': frictionless('authenticate_attempt_successful', true, true),
  '4000000000001034': frictionless('authenticate_unavailable', false, false, 'U'),
  '4000000000001042': frictionless('authenticate_rejected', false, false),
  '4000000000001059': frictionless('lookup_not_enrolled', false, false, 'N'),
  '4000000000001067': { flow: 'lookup-error', status: 'lookup_error' },
  '4000000000001075': { flow: 'lookup-error', status: 'lookup_error' },
  '4000000000001083': frictionless('authentication_bypassed', false, false, 'B'),
  '4000000000001091': { flow: 'challenge', succeeds: true },
  '4000000000001109': { flow: 'challenge', succeeds: false },
  '4000000000001117': frictionless('challenge_required_unavailable', false, false),
  '4000000000001125': frictionless('authenticate_error', false, false),
};

export const DEFAULT_THREE_D_SECURE: ThreeDSecureScenario = frictionless('authenticate_successful', true, true);

/**
 * CVV test values (documented): 200 does not match, 201 not verified, 301 issuer does not
 * participate; any other code matches ('M'), and none sent is 'I'.
 */
export const CVV_RESPONSES: Readonly<Record<string, 'N' | 'U' | 'S'>> = { '200': 'N', '201': 'U', '301': 'S' };
/** Postal code test values (documented): 20000 does not match, 20001 not verified, 20002 not supported. */
export const POSTAL_CODE_RESPONSES: Readonly<Record<string, 'N' | 'U' | 'S'>> = { '20000': 'N', '20001': 'U', '20002': 'S' };

/**
 * Street address test values (documented): a street address starting with 200 does not match, 201
 * is not verified; any other matches ('M'), and none sent is 'I'.
 */
export function streetAddressResponse(streetAddress: string | null): string {
  if (streetAddress === null || streetAddress.trim() === '') return 'I';
  if (/^\s*200\b/.test(streetAddress)) return 'N';
  if (/^\s*201\b/.test(streetAddress)) return 'U';
  return 'M';
}

/**
 * An amount's outcome at authorization (documented): 2000.00–2999.99 decline with the amount's
 * whole part as the code and that code's text and type, 3000.00–3000.99 fail with 3000, 5001.00
 * is gateway rejected (application incomplete), 5001.01 declines a PayPal sale 2038. Null: the
 * amount authorizes.
 */
export function saleOutcomeForAmount(amount: string, kind: 'card' | 'paypal' = 'card'): SaleOutcome | null {
  const cents = Math.round(Number(amount) * 100);
  if (cents >= 200_000 && cents < 300_000) return processorDecline(String(Math.floor(cents / 100)));
  if (cents >= 300_000 && cents < 300_100) return { kind: 'failed', code: '3000', text: 'Processor Network Unavailable - Try Again' };
  if (cents === 500_100) return { kind: 'gateway_rejected', reason: 'application_incomplete' };
  if (cents === 500_101 && kind === 'paypal') return processorDecline('2038');
  return null;
}

/** A processor decline with the code's documented text and type. */
export function processorDecline(code: string): Extract<SaleOutcome, { kind: 'processor_declined' }> {
  const known = PROCESSOR_RESPONSES[code] ?? OTHER_PROCESSOR_DECLINE;
  return { kind: 'processor_declined', code, text: known.text, type: known.type };
}

/**
 * What settlement does with an authorized amount (documented): 4001.00–4001.99 and 4003.00–5000.99
 * are settlement declined with the amount as the code, 4002.00–4002.99 stay settlement pending
 * (4002), and 5001.02 is processor unavailable (3000), "on certain transaction types"; everything
 * else settles. Ours: the sandbox counts PayPal sales among those types and card sales not.
 */
export function settlementOutcomeForAmount(amount: string, kind: 'card' | 'paypal'): { readonly status: 'settlement_declined' | 'settlement_pending'; readonly code: string; readonly text: string } | null {
  if (kind !== 'paypal') return null;
  const cents = Math.round(Number(amount) * 100);
  const code = String(Math.floor(cents / 100));
  if ((cents >= 400_100 && cents < 400_200) || (cents >= 400_300 && cents < 500_100)) return { status: 'settlement_declined', code, text: 'Settlement Declined' };
  if (cents >= 400_200 && cents < 400_300) return { status: 'settlement_pending', code: '4002', text: 'Settlement Pending' };
  if (cents === 500_102) return { status: 'settlement_declined', code: '3000', text: 'Processor Network Unavailable - Try Again' };
  return null;
}

/**
 * Refund test amounts (the server SDKs' integration specs against the provider's sandbox): a
 * refund of 2000.00–2999.99 is declined by the card's issuer with that code, as a sale is (e.g.
 * 2046.00 soft declined "Declined", 2009.00 hard declined "No Such Issuer"); 3000.00–3000.99 fails.
 */
export function refundOutcomeForAmount(amount: string): SaleOutcome | null {
  const cents = Math.round(Number(amount) * 100);
  if (cents >= 200_000 && cents < 300_000) return processorDecline(String(Math.floor(cents / 100)));
  if (cents >= 300_000 && cents < 300_100) return { kind: 'failed', code: '3000', text: 'Processor Network Unavailable - Try Again' };
  return null;
}

/** Yes / No / Unknown, as the provider answers each card type indicator. */
export type Indicator = 'Yes' | 'No' | 'Unknown';

/** The bin data of a card: its type indicators, issuing country and bank, product id. */
export interface CardIndicators {
  readonly prepaid: Indicator;
  readonly prepaidReloadable: Indicator;
  readonly commercial: Indicator;
  readonly debit: Indicator;
  readonly payroll: Indicator;
  readonly healthcare: Indicator;
  readonly durbinRegulated: Indicator;
  readonly business: Indicator;
  readonly consumer: Indicator;
  readonly corporate: Indicator;
  readonly purchase: Indicator;
  readonly countryOfIssuance: string;
  readonly issuingBank: string;
  readonly productId: string;
}

export const UNKNOWN_INDICATORS: CardIndicators = {
  prepaid: 'Unknown',
  prepaidReloadable: 'Unknown',
  commercial: 'Unknown',
  debit: 'Unknown',
  payroll: 'Unknown',
  healthcare: 'Unknown',
  durbinRegulated: 'Unknown',
  business: 'Unknown',
  consumer: 'Unknown',
  corporate: 'Unknown',
  purchase: 'Unknown',
  countryOfIssuance: 'Unknown',
  issuingBank: 'Unknown',
  productId: 'Unknown',
};

const NO_INDICATORS: CardIndicators = {
  ...UNKNOWN_INDICATORS,
  prepaid: 'No',
  prepaidReloadable: 'No',
  commercial: 'No',
  debit: 'No',
  payroll: 'No',
  healthcare: 'No',
  durbinRegulated: 'No',
  business: 'No',
  consumer: 'No',
  corporate: 'No',
  purchase: 'No',
};

/** The provider's defaults for the issuing country and bank cards (the SDK's CreditCardDefaults). */
export const CREDIT_CARD_DEFAULTS = { countryOfIssuance: 'USA', issuingBank: 'NETWORK ONLY' } as const;

const indicating = (fields: Partial<CardIndicators>): CardIndicators => ({ ...UNKNOWN_INDICATORS, ...fields });

/**
 * The card type indicator test cards: the server SDKs' `CardTypeIndicators` numbers and the
 * testing reference's table; each answers Yes for its indicator, the others Unknown. Any other
 * card answers Unknown everywhere. Ours: 4111111111121110, issued in Canada (for the documented
 * fake-valid-country-of-issuance-cad-nonce, which names no card number).
 */
export const CARD_TYPE_INDICATORS: Readonly<Record<string, CardIndicators>> = {
  // The SDKs' Test::CreditCardNumbers::CardTypeIndicators.
  '4111111111111210': indicating({ prepaid: 'Yes' }),
  '4229989900000002': indicating({ prepaidReloadable: 'Yes' }),
  '4111111111131010': indicating({ commercial: 'Yes' }),
  '4117101010101010': indicating({ debit: 'Yes' }),
  '4111111114101010': indicating({ payroll: 'Yes' }),
  '4111111510101010': indicating({ healthcare: 'Yes' }),
  '4111161010101010': indicating({ durbinRegulated: 'Yes' }),
  '4229989800000003': indicating({ business: 'Yes' }),
  '4229989700000004': indicating({ consumer: 'Yes' }),
  '4229989100000000': indicating({ corporate: 'Yes' }),
  '4229989500000006': indicating({ purchase: 'Yes' }),
  '4111111111310101': NO_INDICATORS,
  '4111111111112101': UNKNOWN_INDICATORS,
  '4111111111121102': indicating({ countryOfIssuance: CREDIT_CARD_DEFAULTS.countryOfIssuance }),
  '4111111141010101': indicating({ issuingBank: CREDIT_CARD_DEFAULTS.issuingBank }),
  // The testing reference's card type indicator and country of issuance tables.
  '4500600000000061': indicating({ prepaid: 'Yes' }),
  '4009040000000009': indicating({ commercial: 'Yes' }),
  '4005519200000004': indicating({ durbinRegulated: 'Yes' }),
  '4012000033330026': indicating({ healthcare: 'Yes' }),
  '4012000033330125': indicating({ debit: 'Yes' }),
  '4012000033330224': indicating({ payroll: 'Yes' }),
  '4012000033330422': NO_INDICATORS,
  '4012000033330323': UNKNOWN_INDICATORS,
  '4012000033330620': indicating({ countryOfIssuance: 'USA' }),
  '4012000033330729': indicating({ countryOfIssuance: 'CAN' }),
  '4023490000000008': indicating({ countryOfIssuance: 'IRL' }),
  '4444333322221111': indicating({ countryOfIssuance: 'GBR' }),
  '5555444433331111': indicating({ countryOfIssuance: 'GBR' }),
  '374512431123241': indicating({ countryOfIssuance: 'GBR' }),
  '375529658790105': indicating({ countryOfIssuance: 'IRL' }),
  '5101108206957373': indicating({ countryOfIssuance: 'IRL' }),
  '4012000033330521': indicating({ issuingBank: CREDIT_CARD_DEFAULTS.issuingBank }),
  // Ours.
  '4111111111121110': indicating({ countryOfIssuance: 'CAN' }),
};

export function cardIndicators(number: string): CardIndicators {
  return Object.hasOwn(CARD_TYPE_INDICATORS, number) ? CARD_TYPE_INDICATORS[number] : UNKNOWN_INDICATORS;
}

export function findTestCard(number: string): TestCard | null {
  return TEST_CARDS.find((card) => card.number === number) ?? null;
}

/** The card type of any number, by its leading digits (for numbers outside the test list). */
export function cardTypeOf(number: string): CardType | null {
  const known = findTestCard(number);
  if (known) return known.type;
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'MasterCard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^(5018|5020|5038|5893|6304|6759|676[1-3])/.test(number)) return 'Maestro';
  if (/^(6011|65|64[4-9]|622)/.test(number)) return 'Discover';
  if (/^35(2[89]|[3-8]\d)/.test(number)) return 'JCB';
  if (/^62/.test(number)) return 'UnionPay';
  if (/^3(0[0-5]|[689])/.test(number)) return 'Diners Club';
  return null;
}

/** Luhn check, as every card number passes. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The local payment methods the client API's `local_payments/create` takes (spec: pay upon invoice,
 * BLIK, MB WAY, Bancomat Pay), with the currency each charges in. Deferred ones open no window:
 * the payer approves in their bank's app (or, for pay upon invoice, is invoiced) and only webhooks
 * tell the merchant; BLIK is deferred when the page sends a code (`blikOptions`), and otherwise
 * asks for it on the landing page. Pay upon invoice is funded later: after settlement the provider
 * sends LOCAL_PAYMENT_FUNDED.
 */
export interface LocalPaymentType {
  readonly label: string;
  readonly currencies: readonly string[];
  readonly deferred: 'always' | 'with-blik-options';
  readonly fundedLater: boolean;
}

export const LOCAL_PAYMENT_TYPES: Readonly<Record<string, LocalPaymentType>> = {
  pay_upon_invoice: { label: 'Pay upon invoice', currencies: ['EUR'], deferred: 'always', fundedLater: true },
  blik: { label: 'BLIK', currencies: ['PLN'], deferred: 'with-blik-options', fundedLater: false },
  mbway: { label: 'MB WAY', currencies: ['EUR'], deferred: 'always', fundedLater: false },
  bancomatpay: { label: 'Bancomat Pay', currencies: ['EUR'], deferred: 'always', fundedLater: false },
};

/**
 * Ours: BLIK codes. Any six digits are taken (the payer then confirms in the bank's app), except
 * this one, which the bank refuses as expired or wrong, on the landing page and in `blikOptions`.
 */
export const BLIK_REFUSED_CODE = '000000';

/** Ours: the payer every local payment approval names (the provider's are the bank's customer). */
export const SANDBOX_LOCAL_PAYER_ID = 'SBXLOCALPAYER';

/**
 * What the bank does with a direct debit (SEPA or ACH) once it is submitted: it settles, the bank
 * declines it at settlement, or it settles and the payer's bank takes it back later (a return). The
 * controls (`POST /__sandbox/transactions/{id}/settle|fail|return`) do any of these to any debit;
 * the test accounts below decide what automatic settlement does (`settleAfterMs`).
 */
export interface BankDebitOutcome {
  readonly settlement: 'settles' | 'declined' | 'returned';
  /** The bank's reason code and text for a decline or a return (SEPA reason codes, ACH return codes). */
  readonly code: string;
  readonly text: string;
}

const SETTLES = { settlement: 'settles', code: '4000', text: 'Confirmed' } as const;

/**
 * SEPA test IBANs. The provider documents none for its sandbox; ours are valid IBANs (country
 * length and mod-97 check digits) built on the well-known example DE89 3704 0044 0532 0130 00, so
 * the page's own IBAN check accepts them. Any other valid IBAN of a SEPA country settles.
 */
export const SEPA_TEST_IBANS: Readonly<Record<string, BankDebitOutcome>> = {
  DE89370400440532013000: SETTLES,
  FR7630006000011234567890189: SETTLES,
  NL91ABNA0417164300: SETTLES,
  // Ours: AM04, insufficient funds: declined at settlement.
  DE62370400440532013001: { settlement: 'declined', code: 'AM04', text: 'Insufficient funds' },
  // Ours: MD06, the payer asked their bank for the money back after it settled.
  DE35370400440532013002: { settlement: 'returned', code: 'MD06', text: 'Refund request by end customer' },
};

/** What a SEPA debit returns with when the control names no code. */
export const SEPA_DEFAULT_RETURN = { code: 'MD06', text: 'Refund request by end customer' } as const;
/** What a SEPA debit is declined with when the control names no code. */
export const SEPA_DEFAULT_DECLINE = { code: 'AM04', text: 'Insufficient funds' } as const;

/**
 * ACH routing numbers: the provider's sandbox takes any real 9-digit routing number (it documents
 * 011000015). Ours: the sandbox checks the ABA checksum only, and names the bank of these.
 */
export const ACH_TEST_ROUTING_NUMBERS: Readonly<Record<string, string>> = {
  '011000015': 'FEDERAL RESERVE BANK',
  '021000021': 'JPMORGAN CHASE BANK, NA',
  '011000028': 'STATE STREET BANK AND TRUST COMPANY',
};

export interface NetworkCheckOutcome {
  readonly status: 'verified' | 'failed' | 'processor_declined';
  readonly code: string;
  readonly text: string;
  readonly additional: string | null;
}

/** The provider's documented network-check verification results by account number; any other number is 2038. */
export const ACH_NETWORK_CHECK_ACCOUNTS: Readonly<Record<string, NetworkCheckOutcome>> = {
  '1000000000': { status: 'verified', code: '1000', text: 'Approved', additional: null },
  '1000000001': { status: 'verified', code: '1003', text: 'Approved with Risk', additional: null },
  '1000000002': { status: 'failed', code: '3000', text: 'Processor Network Unavailable - Try Again', additional: null },
  '1000000004': { status: 'processor_declined', code: '2046', text: 'Declined', additional: null },
  '1000000005': { status: 'processor_declined', code: '2061', text: 'Invalid Transaction Data', additional: 'Invalid routing number' },
  '1000000006': { status: 'processor_declined', code: '2092', text: 'No Data Found - Try Another Verification Method', additional: null },
  '1000000007': { status: 'processor_declined', code: '2092', text: 'No Data Found - Try Another Verification Method', additional: null },
  '1000000008': { status: 'processor_declined', code: '2061', text: 'Invalid Transaction Data', additional: 'Invalid account number' },
  '1000000009': { status: 'processor_declined', code: '2061', text: 'Invalid Transaction Data', additional: 'Invalid account type' },
};
export const ACH_NETWORK_CHECK_OTHER: NetworkCheckOutcome = { status: 'processor_declined', code: '2038', text: 'Processor Declined', additional: null };

/**
 * Ours: ACH accounts by what settlement does (the provider documents verification values only).
 * These verify by network check too, so a store that saves and verifies first can test each.
 */
export const ACH_SETTLEMENT_ACCOUNTS: Readonly<Record<string, BankDebitOutcome>> = {
  '1000000000': SETTLES,
  '2000000001': { settlement: 'declined', code: 'R01', text: 'Insufficient Funds' },
  '2000000002': { settlement: 'returned', code: 'R10', text: 'Customer Advises Not Authorized' },
};
export const ACH_DEFAULT_RETURN = { code: 'R10', text: 'Customer Advises Not Authorized' } as const;
export const ACH_DEFAULT_DECLINE = { code: 'R01', text: 'Insufficient Funds' } as const;

export function bankDebitOutcome(account: { readonly kind: 'SepaDebitAccount'; readonly iban: string } | { readonly kind: 'UsBankAccount'; readonly accountNumber: string }): BankDebitOutcome {
  const found = account.kind === 'SepaDebitAccount' ? SEPA_TEST_IBANS[account.iban] : ACH_SETTLEMENT_ACCOUNTS[account.accountNumber];
  return found ?? SETTLES;
}

export function networkCheckOutcome(accountNumber: string): NetworkCheckOutcome {
  if (Object.hasOwn(ACH_NETWORK_CHECK_ACCOUNTS, accountNumber)) return ACH_NETWORK_CHECK_ACCOUNTS[accountNumber];
  if (Object.hasOwn(ACH_SETTLEMENT_ACCOUNTS, accountNumber)) return ACH_NETWORK_CHECK_ACCOUNTS['1000000000'];
  return ACH_NETWORK_CHECK_OTHER;
}
