import fc from 'fast-check';
import { catalogueEntryFor, DomainError, ErrorCatalogue, errorNameForCode, type ErrorName } from './error-catalogue';
import { authProblemCode, classifyHttpStatus, dropInErrorCode, isProviderErrorType, PROVIDER_ERROR_TYPES } from './response-codes';
import { enqueueSnackbar, SNACKBAR_DURATION_MS, snackbarFor } from './snackbar';
import { readiness, WAITING_STATES, waitingClosingText, waitingMessage } from './waiting-overlay';

const names = Object.keys(ErrorCatalogue) as ErrorName[];

describe('the error catalogue', () => {
  it('gives every entry its own code', () => {
    const codes = names.map((name) => ErrorCatalogue[name].code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const name of names) expect(errorNameForCode(ErrorCatalogue[name].code)).toBe(name);
  });

  it.each([
    ['SIGN_IN_DETAILS_INCORRECT', 'The sign-in details you have entered are incorrect.'],
    ['ACCOUNT_NOT_FOUND', 'We cannot find an Affinity Store account with the email address you entered.'],
    ['PASSWORD_INCORRECT', 'The password you have entered is incorrect.'],
    ['SECURITY_CODE_INVALID', 'The security code you entered is invalid.'],
    ['ACCOUNT_EXISTS', 'This account already exists. Please enter a different email address or sign in to your existing account.'],
    ['ACCOUNT_LOCKED', 'This account is locked. Please reset your password to continue.'],
    ['ACCOUNT_SUSPENDED', 'This account is suspended. Please contact our customer support operatives.'],
    ['ACCOUNT_UPDATE_FAILED', 'There was a problem updating your account details. Please try again.'],
    ['SESSION_EXPIRED', 'Your session has expired. Please sign in and try again.'],
    [
      'ALREADY_SIGNED_IN',
      'We are unable to create a new account as you are already signed in to the Affinity Store. Please sign out and try again.',
    ],
    ['TOO_MANY_REQUESTS', "Too many failed attempts. You can't access this page right now. Please try again later."],
    ['NAME_INVALID', 'The name you have entered contains invalid characters.'],
    ['EMAIL_INVALID', 'The email address you entered is not valid.'],
    ['PASSWORD_TOO_SHORT', 'Your password must be at least six characters.'],
    ['BASKET_STALE', "This basket has been updated while you've been using the checkout. Please refresh the page and try again."],
    ['BASKET_UPDATED', 'Your basket has been updated'],
    ['BASKET_LINES_REMOVED', "One or more items have been removed from your basket as they're no longer available for purchase"],
    ['ORDER_ALREADY_COMPLETE', 'Order is already complete'],
    ['REQUIRED_FIELDS_MISSING', 'One or more required fields were missing'],
    ['ORDER_FAILED', "We're sorry but something went wrong while placing your order"],
    ['PAYMENT_METHODS_UNAVAILABLE', 'There was a problem obtaining payment methods'],
    [
      'PASSWORD_COMPROMISED',
      'You have chosen a popular password. To help keep your account secure, please choose one that is more unique',
    ],
  ] as const)('%s says the spec’s words', (name, message) => {
    expect(ErrorCatalogue[name].message).toBe(message);
    expect('ours' in ErrorCatalogue[name]).toBe(false);
  });

  it.each([
    ['BASKET_UPDATED', 210],
    ['BASKET_LINES_REMOVED', 300],
    ['GENERIC', 999],
    ['ACCOUNT_EXISTS', 100200],
    ['PASSWORD_COMPROMISED', 700001],
  ] as const)('%s keeps the spec’s number %i', (name, code) => {
    expect(ErrorCatalogue[name].code).toBe(code);
  });

  it('keeps every number inside the groups the spec declares', () => {
    const inGroup = (code: number) =>
      [200, 210, 300, 400, 403, 404, 429, 500, 503, 999].includes(code) ||
      (code >= 100100 && code <= 101100) ||
      // 1012xx: our own account checks after the spec's 1011xx (email verification).
      (code >= 101201 && code <= 101209) ||
      // 2014xx-2019xx: our own basket and order refusals after the spec's 2013xx.
      (code >= 200000 && code <= 201999) ||
      (code >= 300001 && code <= 301400) ||
      (code >= 310001 && code <= 310012) ||
      // ours: the saved payment methods (several per customer): removing, choosing and paying with one
      (code >= 310013 && code <= 310019) ||
      // ours: the local payment methods' refusals, the store's (3102 0x) and the page's (3102 1x); the bank debits' (3102 2x)
      (code >= 310201 && code <= 310229) ||
      // ours: PayPal's vault flows, the account saved without paying and the saved account's renewed consent (3102 3x),
      // and the rest of PayPal's checkout (3102 4x)
      (code >= 310231 && code <= 310249) ||
      // ours: the browser's Payment Request API (3102 6x)
      (code >= 310261 && code <= 310269) ||
      // ours: Venmo (3102 7x)
      (code >= 310271 && code <= 310279) ||
      // ours: Masterpass (3102 8x)
      (code >= 310281 && code <= 310289) ||
      // ours: Visa Checkout (3102 9x)
      (code >= 310291 && code <= 310299) ||
      // ours: UnionPay's SMS enrollment (3103 0x)
      (code >= 310301 && code <= 310309) ||
      (code >= 700001 && code <= 700002) ||
      (code >= 710000 && code <= 710999) ||
      (code >= 800001 && code <= 800003) ||
      // ours: limits on what one customer may send (certificate uploads)
      (code >= 800111 && code <= 800119) ||
      // ours: the payment providers' notifications refused at the door (unsigned, mis-signed, unreadable)
      (code >= 800121 && code <= 800129) ||
      // ours: the back office (staff sign-in and roles, order look-up, refunds, disputes, what needs a person),
      // a group of its own: none of it is the shopper's, whom the spec's groups are for
      (code >= 900001 && code <= 900049);
    expect(names.filter((name) => !inGroup(ErrorCatalogue[name].code))).toEqual([]);
  });

  it('builds domain errors with the code, kind and message of their entry', () => {
    const error = new DomainError('BASKET_STALE');
    expect(error).toMatchObject({ code: 200001, kind: 'conflict', errorName: 'BASKET_STALE', message: ErrorCatalogue.BASKET_STALE.message });
    expect(new DomainError('VALIDATION_FAILED', { message: 'x', fields: { a: ['b'] } })).toMatchObject({ message: 'x', fields: { a: ['b'] } });
    expect(catalogueEntryFor(123456)).toBe(ErrorCatalogue.GENERIC);
    expect(catalogueEntryFor(210)).toBe(ErrorCatalogue.BASKET_UPDATED);
  });
});

describe('snackbar messages', () => {
  it('shows basket notices at the top and the rest at the bottom, each for 8 seconds', () => {
    expect(snackbarFor(210)).toEqual({ code: 210, text: 'Your basket has been updated', tone: 'success', position: 'top', durationMs: 8000 });
    expect(snackbarFor(300).position).toBe('top');
    expect(snackbarFor(200001)).toMatchObject({ tone: 'error', position: 'top' });
    expect(snackbarFor(200407)).toMatchObject({ text: 'Sorry, a limited product in your basket has just sold out.', tone: 'error', position: 'top' });
    expect(snackbarFor(100103)).toMatchObject({ tone: 'error', position: 'bottom', durationMs: SNACKBAR_DURATION_MS });
    expect(snackbarFor(555555)).toMatchObject({ code: 555555, text: ErrorCatalogue.GENERIC.message, position: 'bottom' });
    expect(snackbarFor(100117, 'Blocked by the server').text).toBe('Blocked by the server');
  });

  it('queues in order without repeating the same message back to back', () => {
    const first = enqueueSnackbar([], snackbarFor(210));
    const same = enqueueSnackbar(first, snackbarFor(210));
    const other = enqueueSnackbar(same, snackbarFor(300));
    expect(same).toBe(first);
    expect(other.map((message) => message.code)).toEqual([210, 300]);
  });
});

describe('response codes', () => {
  it.each([
    [200, 'ok', 200],
    [302, 'ok', 200],
    [403, 'forbidden', 403],
    [429, 'rate-limited', 429],
    [503, 'unavailable', 503],
    [400, 'customer-input', 400],
    [422, 'customer-input', 400],
    [500, 'network', 500],
    [502, 'network', 500],
    [0, 'network', 500],
  ] as const)('reads HTTP %i as %s', (status, kind, code) => {
    expect(classifyHttpStatus(status)).toEqual({ class: kind, code });
  });

  it('classifies every status into exactly one class', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), (status) => {
        const { class: kind } = classifyHttpStatus(status);
        expect(kind === 'ok').toBe(status >= 200 && status < 400);
      }),
    );
  });

  it('maps auth problems, drop-in errors and provider error types', () => {
    expect(authProblemCode('invalid-credentials')).toBe(100101);
    expect(authProblemCode('mfa-challenge')).toBe(100114);
    expect(authProblemCode('waf-block')).toBe(authProblemCode('block'));
    expect(authProblemCode('rate-limit')).toBe(429);
    expect(authProblemCode('something-new')).toBe(999);
    expect(dropInErrorCode('source_creation_failed')).toBe(710001);
    expect(dropInErrorCode('incomplete_card_number')).toBeNull();
    expect(dropInErrorCode('invalid_security_code')).toBeNull();
    expect(dropInErrorCode('boom')).toBe(999);
    expect(PROVIDER_ERROR_TYPES).toEqual(['MERCHANT', 'CUSTOMER', 'NETWORK', 'INTERNAL', 'UNKNOWN']);
    expect(isProviderErrorType('NETWORK')).toBe(true);
    expect(isProviderErrorType('network')).toBe(false);
    expect(isProviderErrorType(3)).toBe(false);
  });
});

describe('the waiting overlay', () => {
  it.each([
    ['free-content', 'Processing'],
    ['retail-order', 'Processing your order'],
    ['creating-account', 'Creating Affinity Store account'],
    ['signing-in', 'Signing in to your Affinity Store account'],
    ['updating-checkout', 'Updating checkout'],
    ['tax-certificate-upload', 'Uploading tax exemption certificate'],
    ['payment-details', 'Loading payment details'],
    ['please-wait', 'Please wait'],
  ] as const)('%s says "%s"', (state, message) => {
    expect(waitingMessage(state)).toBe(message);
  });

  it('closes with Done or the error text, and knows the readiness', () => {
    expect(Object.keys(WAITING_STATES)).toHaveLength(8);
    expect(waitingClosingText(200)).toBe('Done');
    expect(waitingClosingText(500)).toBe('There was an error. Please try again');
    expect(readiness({ requestCount: 1, responseCount: 1, startWaitCount: 0, endWaitCount: 0 })).toBe('READY');
    expect(readiness({ requestCount: 2, responseCount: 1, startWaitCount: 0, endWaitCount: 0 })).toBe('PROGRESS');
    expect(readiness({ requestCount: 2, responseCount: 1, startWaitCount: 1, endWaitCount: 0 })).toBe('WAITING');
  });
});
