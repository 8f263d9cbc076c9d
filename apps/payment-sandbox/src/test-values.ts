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
  | { readonly kind: 'gateway_rejected'; readonly reason: 'cvv' | 'avs' | 'avs_and_cvv' | 'fraud' | 'three_d_secure' | 'risk_threshold' }
  | { readonly kind: 'failed'; readonly code: string; readonly text: string };

/**
 * What a 3-D Secure 2 lookup does with a card (the documented 3DS2 test cards). `frictionless`
 * answers at once; `challenge` asks the cardholder on the sandbox's challenge page.
 */
export type ThreeDSecureScenario =
  | { readonly flow: 'frictionless'; readonly status: string; readonly liabilityShifted: boolean; readonly liabilityShiftPossible: boolean; readonly enrolled: string }
  | { readonly flow: 'challenge'; readonly succeeds: boolean }
  | { readonly flow: 'lookup-error'; readonly status: string };

/** Processor response texts by code (the provider's documented list, the ones the sandbox uses). */
export const PROCESSOR_RESPONSES: Readonly<Record<string, { readonly text: string; readonly type: 'soft_declined' | 'hard_declined' }>> = {
  '2000': { text: 'Do Not Honor', type: 'soft_declined' },
  '2001': { text: 'Insufficient Funds', type: 'soft_declined' },
  '2002': { text: 'Limit Exceeded', type: 'soft_declined' },
  '2003': { text: 'Cardholder\'s Activity Limit Exceeded', type: 'soft_declined' },
  '2004': { text: 'Expired Card', type: 'hard_declined' },
  '2005': { text: 'Invalid Credit Card Number', type: 'hard_declined' },
  '2006': { text: 'Invalid Expiration Date', type: 'hard_declined' },
  '2010': { text: 'Card Issuer Declined CVV', type: 'hard_declined' },
  '2014': { text: 'Processor Declined - Fraud Suspected', type: 'hard_declined' },
  '2015': { text: 'Transaction Not Allowed', type: 'hard_declined' },
  '2038': { text: 'Processor Declined', type: 'soft_declined' },
  '2044': { text: 'Declined - Call Issuer', type: 'hard_declined' },
  '2046': { text: 'Declined', type: 'soft_declined' },
  '2047': { text: 'Call Issuer. Pick Up Card', type: 'hard_declined' },
  '2057': { text: 'Issuer or Cardholder has put a restriction on the card', type: 'soft_declined' },
  // PayPal: the payer withdrew the saved account's pre-approval (the provider names it a hard decline).
  '2071': { text: 'PayPal Payer Revoked Authorization', type: 'hard_declined' },
  '2099': { text: 'Cardholder Authentication Required', type: 'soft_declined' },
};

export interface TestCard {
  readonly number: string;
  readonly type: CardType;
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
  // Processor declined (documented: "processor declined" cards answer 2000 Do Not Honor).
  { number: '4000111111111115', type: 'Visa', sale: declined('2000') },
  { number: '5105105105105100', type: 'MasterCard', sale: declined('2000') },
  { number: '378734493671000', type: 'American Express', sale: declined('2000') },
  { number: '6011000990139424', type: 'Discover', sale: declined('2000') },
  { number: '3566002020360505', type: 'JCB', sale: declined('2000') },
  // Gateway rejected for fraud (documented).
  { number: '4000111111111511', type: 'Visa', sale: { kind: 'gateway_rejected', reason: 'fraud' } },
  // Ours: more decline codes by card, so each message can be tried from the page.
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

/** CVV test values (documented): 200 does not match, 201 not verified, 301 issuer does not participate. */
export const CVV_RESPONSES: Readonly<Record<string, 'N' | 'U' | 'S'>> = { '200': 'N', '201': 'U', '301': 'S' };
/** Postal code test values (documented): 20000 does not match, 20001 not verified, 20002 not supported. */
export const POSTAL_CODE_RESPONSES: Readonly<Record<string, 'N' | 'U' | 'S'>> = { '20000': 'N', '20001': 'U', '20002': 'S' };

/**
 * Amount test values (documented): 2000.00–2999.99 decline with the amount as the code (the
 * documented text where we have it), 3000.00–3000.99 fail at the processor, 5001.00 soft-declines.
 */
export function saleOutcomeForAmount(amount: string): SaleOutcome | null {
  const value = Number(amount);
  if (value >= 2000 && value < 3000) {
    const code = String(Math.floor(value));
    const known = PROCESSOR_RESPONSES[code];
    return { kind: 'processor_declined', code, text: known?.text ?? 'Processor Declined', type: known?.type ?? 'soft_declined' };
  }
  if (value >= 3000 && value < 3001) return { kind: 'failed', code: '3000', text: 'Processor Network Unavailable - Try Again' };
  return null;
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
