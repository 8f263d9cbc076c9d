/**
 * The one catalogue of error codes. A code is stable: it travels from the domain through the
 * HTTP body to the browser, which shows its message (a snackbar, or a field error).
 *
 * Groups (spec 1 §8): the HTTP codes; 1001xx-1012xx account and sign-in; 2000xx-2013xx basket,
 * discount and voucher; 3000xx-3014xx payment; 3100xx card gateway; 7000xx passwords; 710xxx
 * merchant of record; 8000xx the request itself. Spec 2 §9 fixes 210 (basket updated), 300
 * (lines removed) and 999 (generic). Entries marked `ours` carry wording or numbers the spec
 * does not show; docs/decisions.md lists them.
 */

/** What kind of failure an entry is; the API maps each kind to one HTTP status. */
export type ErrorKind =
  | 'success-notice'
  | 'invalid-input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'unprocessable'
  | 'payload-too-large'
  | 'rate-limited'
  | 'payment-failed'
  | 'unavailable'
  | 'server';

export interface CatalogueEntry {
  readonly code: number;
  readonly message: string;
  readonly kind: ErrorKind;
  /** Basket notices show at the top of the page; everything else at the bottom (spec 2 §8). */
  readonly position?: 'top';
  /** The spec does not show this wording or number: it is our choice. */
  readonly ours?: true;
}

const entry = <K extends ErrorKind>(code: number, message: string, kind: K, extra: Partial<CatalogueEntry> = {}) =>
  ({ code, message, kind, ...extra }) as const;
const GENERIC_ORDER_FAILURE = "We're sorry but something went wrong while placing your order";

export const ErrorCatalogue = {
  // ---- The request and the HTTP codes the spec declares ----
  BAD_REQUEST: entry(400, 'The request is not valid', 'invalid-input', { ours: true }),
  FORBIDDEN: entry(403, 'You are not allowed to do that', 'forbidden', { ours: true }),
  NOT_FOUND: entry(404, 'The page or resource you asked for does not exist', 'not-found', { ours: true }),
  TOO_MANY_REQUESTS: entry(429, "Too many failed attempts. You can't access this page right now. Please try again later.", 'rate-limited'),
  SERVER_ERROR: entry(500, 'Something went wrong', 'server'),
  SERVICE_UNAVAILABLE: entry(503, 'The store is unavailable right now. Please try again shortly.', 'unavailable', { ours: true }),
  MALFORMED_JSON: entry(800001, 'The request body is not valid JSON', 'invalid-input', { ours: true }),
  PAYLOAD_TOO_LARGE: entry(800002, 'The request body is too large', 'payload-too-large', { ours: true }),
  MISSING_REQUESTED_WITH: entry(800003, 'Data requests must carry the header X-Requested-With: XMLHttpRequest', 'forbidden', { ours: true }),
  // Certificate uploads per customer (libs/domain/src/tax/certificate-quota.ts): shown under the file field.
  CERTIFICATE_UPLOADS_TOO_FREQUENT: entry(800111, 'You have uploaded the most certificates allowed in an hour. Please try again later.', 'rate-limited', {
    ours: true,
  }),
  CERTIFICATE_STORAGE_FULL: entry(
    800112,
    'You have uploaded the most certificate files we can keep for you before they are used with an order. Please use one with an order, or try again tomorrow.',
    'rate-limited',
    { ours: true },
  ),
  // The payment providers' signed notifications (webhooks): a delivery we cannot prove the provider sent is refused.
  WEBHOOK_UNSIGNED: entry(800121, 'The notification must carry a signature and a payload', 'invalid-input', { ours: true }),
  WEBHOOK_SIGNATURE_INVALID: entry(800122, 'The notification is not signed by the payment provider', 'forbidden', { ours: true }),
  WEBHOOK_PAYLOAD_MALFORMED: entry(800123, 'The notification could not be read', 'invalid-input', { ours: true }),
  GENERIC: entry(999, 'Something went wrong. Please try again.', 'server', { ours: true }),

  // ---- Account and sign-in (spec 2 §8) ----
  VALIDATION_FAILED: entry(100100, 'One or more fields are not valid', 'invalid-input', { ours: true }),
  SIGN_IN_DETAILS_INCORRECT: entry(100101, 'The sign-in details you have entered are incorrect.', 'unauthenticated'),
  ACCOUNT_NOT_FOUND: entry(100102, 'We cannot find an Affinity Store account with the email address you entered.', 'unauthenticated'),
  PASSWORD_INCORRECT: entry(100103, 'The password you have entered is incorrect.', 'unauthenticated'),
  SECURITY_CODE_INVALID: entry(100104, 'The security code you entered is invalid.', 'unauthenticated'),
  ACCOUNT_LOCKED: entry(100105, 'This account is locked. Please reset your password to continue.', 'forbidden'),
  ACCOUNT_SUSPENDED: entry(100106, 'This account is suspended. Please contact our customer support operatives.', 'forbidden'),
  // Raised when the account changed under a request (suspended since its session was read): a conflict, not a fault.
  ACCOUNT_UPDATE_FAILED: entry(100107, 'There was a problem updating your account details. Please try again.', 'conflict'),
  SESSION_EXPIRED: entry(100108, 'Your session has expired. Please sign in and try again.', 'unauthenticated'),
  ALREADY_SIGNED_IN: entry(
    100109,
    'We are unable to create a new account as you are already signed in to the Affinity Store. Please sign out and try again.',
    'conflict',
  ),
  NAME_INVALID: entry(100110, 'The name you have entered contains invalid characters.', 'invalid-input'),
  EMAIL_INVALID: entry(100111, 'The email address you entered is not valid.', 'invalid-input'),
  PASSWORD_TOO_SHORT: entry(100112, 'Your password must be at least six characters.', 'invalid-input'),
  // The store has no email change in Account details, and the gateway sees the email only when
  // saving a payment method: the way on is to pay without saving it.
  EMAIL_NOT_SUPPORTED_BY_PROVIDER: entry(
    100113,
    'Your email address is not supported by our payment provider, so we cannot save your payment details. Please pay without saving them.',
    'unprocessable',
    { ours: true },
  ),
  SECURITY_CODE_REQUIRED: entry(100114, 'Enter the security code from your authenticator app.', 'unauthenticated', { ours: true }),
  CURRENT_PASSWORD_INCORRECT: entry(100115, 'The current password you have entered is incorrect.', 'unauthenticated', { ours: true }),
  ACCOUNT_STATE_UNSUPPORTED: entry(
    100116,
    'This account cannot be used to sign in right now. Please contact our customer support operatives.',
    'forbidden',
    { ours: true },
  ),
  ACCESS_BLOCKED: entry(100117, "You can't access this page right now. Please try again later.", 'forbidden', { ours: true }),
  RECOVERY_LINK_INVALID: entry(
    100118,
    'This password reset link has expired or has already been used. Please ask for a new one.',
    'unprocessable',
    { ours: true },
  ),
  // A discount code reserved for an address needs that address proven (a mailed link) first.
  EMAIL_VERIFICATION_REQUIRED: entry(101201, "Please verify your email address to use this code. We've sent you a link.", 'unprocessable', {
    ours: true,
  }),
  EMAIL_VERIFICATION_LINK_INVALID: entry(
    101202,
    'This email verification link has expired or has already been used. Please ask for a new one.',
    'unprocessable',
    { ours: true },
  ),
  ACCOUNT_EXISTS: entry(
    100200,
    'This account already exists. Please enter a different email address or sign in to your existing account.',
    'conflict',
  ),
  PASSWORD_COMPROMISED: entry(
    700001,
    'You have chosen a popular password. To help keep your account secure, please choose one that is more unique',
    'unprocessable',
  ),

  // ---- Basket (spec 2 §8, §9) ----
  BASKET_UPDATED: entry(210, 'Your basket has been updated', 'success-notice', { position: 'top' }),
  BASKET_LINES_REMOVED: entry(
    300,
    "One or more items have been removed from your basket as they're no longer available for purchase",
    'success-notice',
    { position: 'top' },
  ),
  BASKET_STALE: entry(
    200001,
    "This basket has been updated while you've been using the checkout. Please refresh the page and try again.",
    'conflict',
    { position: 'top' },
  ),
  BASKET_ORDER_IN_PROGRESS: entry(201401, 'Your order is being placed, so your basket can no longer be changed.', 'conflict', {
    position: 'top',
    ours: true,
  }),
  QUANTITY_NOT_VALID: entry(200002, 'You have reached the maximum quantity of this product for one order.', 'unprocessable', {
    position: 'top',
    ours: true,
  }),
  BASKET_LINE_NOT_FOUND: entry(200003, 'This item is no longer in your basket. Please refresh the page.', 'not-found', {
    position: 'top',
    ours: true,
  }),
  BASKET_NOT_FOUND: entry(200404, 'We could not find your basket. Please refresh the page and try again.', 'not-found', {
    position: 'top',
    ours: true,
  }),
  PRODUCT_NOT_FOUND: entry(200405, 'This product is not available', 'not-found', { position: 'top', ours: true }),
  PRODUCT_NOT_AVAILABLE_IN_COUNTRY: entry(200406, 'This product is not available in your country', 'unprocessable', {
    position: 'top',
    ours: true,
  }),
  PRODUCT_SOLD_OUT: entry(200407, 'Sorry, a limited product in your basket has just sold out.', 'conflict', { position: 'top', ours: true }),

  // ---- Discount codes (spec 2 §8: meaning shown, wording ours) ----
  DISCOUNT_NOT_APPLIED: entry(201001, 'Your discount code could not be applied.', 'unprocessable', { ours: true }),
  DISCOUNT_NOT_FOUND: entry(201002, 'This discount code does not exist.', 'unprocessable', { ours: true }),
  DISCOUNT_PURCHASE_LIMIT: entry(201003, 'You have exceeded the purchase limit for this discount code.', 'unprocessable', { ours: true }),
  DISCOUNT_USAGE_LIMIT: entry(201004, 'This discount code has reached its usage limit.', 'unprocessable', { ours: true }),
  DISCOUNT_EMAIL_MISMATCH: entry(
    201005,
    'Your email address does not match the one attached to this discount code.',
    'unprocessable',
    { ours: true },
  ),
  DISCOUNT_PROBLEM: entry(
    201006,
    'There is a problem with your discount code. Please remove it and apply it again.',
    'unprocessable',
    { ours: true },
  ),
  DISCOUNT_EXPIRED: entry(201007, 'This discount code has expired.', 'unprocessable', { ours: true }),
  DISCOUNT_REGION: entry(201008, 'This discount code is not available in your region.', 'unprocessable', { ours: true }),

  // ---- Voucher codes (spec 2 §8: meaning shown, wording ours) ----
  VOUCHER_NOT_FOUND: entry(201101, 'This voucher code does not exist.', 'unprocessable', { ours: true }),
  VOUCHER_EXPIRED: entry(201102, 'This voucher code has expired.', 'unprocessable', { ours: true }),
  VOUCHER_PURCHASE_LIMIT: entry(201103, 'You have exceeded the purchase limit for this voucher code.', 'unprocessable', { ours: true }),
  VOUCHER_REGION: entry(201104, 'This voucher code is not available in your region.', 'unprocessable', { ours: true }),
  VOUCHER_EMAIL_MISMATCH: entry(
    201105,
    'Your email address does not match the one attached to this voucher code.',
    'unprocessable',
    { ours: true },
  ),
  VOUCHER_NEW_CUSTOMERS_ONLY: entry(201106, 'This voucher code is for new customers only.', 'unprocessable', { ours: true }),
  VOUCHER_SPENT: entry(201107, 'This voucher has no balance left.', 'unprocessable', { ours: true }),
  VOUCHER_NOT_ACCEPTED: entry(201108, 'Vouchers cannot be used when paying through our reseller. Please remove the voucher to continue.', 'unprocessable', {
    ours: true,
  }),

  // ---- Payment (spec 2 §8: quoted where the spec quotes, otherwise ours) ----
  BILLING_POSTCODE_INVALID: entry(300001, 'The postal code of your billing address is not valid.', 'payment-failed', { ours: true }),
  BILLING_ZIP_INVALID: entry(300002, 'The Zip Code of your billing address is not valid.', 'payment-failed', { ours: true }),
  CARD_NOT_SUPPORTED: entry(300003, 'This card is not supported. Please use a different card.', 'payment-failed', { ours: true }),
  CURRENCY_NOT_SUPPORTED: entry(300004, 'Your card does not support payments in this currency.', 'payment-failed', { ours: true }),
  AMOUNT_NOT_ACCEPTED: entry(300005, 'The card network did not accept the amount of this payment.', 'payment-failed', { ours: true }),
  CARD_RESTRICTED: entry(300006, 'Your card has been restricted by the card network.', 'payment-failed', { ours: true }),
  CARD_NUMBER_INCORRECT: entry(300008, 'The card number you have entered is incorrect.', 'payment-failed', { ours: true }),
  CARD_SECURITY_CODE_INCORRECT: entry(300009, 'The security code you have entered is incorrect.', 'payment-failed', { ours: true }),
  CARD_EXPIRY_INCORRECT: entry(300010, 'The expiry date you have entered is incorrect.', 'payment-failed', { ours: true }),
  PAYMENT_DECLINED_CHANGE_METHOD: entry(
    300011,
    'Your payment was declined by your payment provider. Please change your payment method.',
    'payment-failed',
    { ours: true },
  ),
  PAYMENT_UNSUCCESSFUL_CHANGE_METHOD: entry(
    300012,
    'Your payment was unsuccessful. Please change your payment method and try again.',
    'payment-failed',
    { ours: true },
  ),
  PAYMENT_UNSUCCESSFUL_SPEAK_TO_BANK: entry(
    300013,
    'Your payment was unsuccessful. Please speak to your bank or use a different payment method.',
    'payment-failed',
    { ours: true },
  ),
  ORDER_ALREADY_COMPLETE: entry(300014, 'Order is already complete', 'conflict'),
  CARD_EXPIRED: entry(300015, 'Your card has expired. Please use a different card.', 'payment-failed', { ours: true }),
  RECURRING_STOPPED: entry(300016, 'The cardholder has stopped recurring payments on this card.', 'payment-failed', { ours: true }),
  THREE_D_SECURE_REQUIRED: entry(300017, 'Your bank needs you to authorise this payment with 3-D Secure.', 'payment-failed', { ours: true }),
  PAYPAL_ALREADY_PROCESSED: entry(300018, 'This PayPal payment has already been processed.', 'conflict', { ours: true }),
  PAYPAL_CANCELLED: entry(300019, 'The payment was cancelled on PayPal.', 'payment-failed', { ours: true }),
  SUPPORT_NOTIFIED: entry(
    300020,
    'Something went wrong with your payment and our support team has been notified. Please try again later.',
    'server',
    { ours: true },
  ),
  ADDRESS_MISMATCH: entry(300021, 'Your billing address does not match the address of your card.', 'payment-failed', { ours: true }),
  TAX_ID_ADDRESS_MISMATCH: entry(
    300022,
    'Your tax identifier is not valid. The billing address must match the address registered for the tax identifier.',
    'payment-failed',
    { ours: true },
  ),
  REQUIRED_FIELDS_MISSING: entry(300023, 'One or more required fields were missing', 'invalid-input'),
  CARD_UPDATE_FAILED: entry(300024, 'Your card could not be updated. Please contact support', 'payment-failed', { ours: true }),
  // Unprocessable, not a server error: it answers orders that cannot be placed as asked (a tampered
  // gateway or order number, an empty basket, a refusal the gateway gave no reason for); nothing was charged.
  ORDER_FAILED: entry(300100, GENERIC_ORDER_FAILURE, 'unprocessable'),
  ORDER_FAILED_UNEXPECTEDLY: entry(
    300101,
    'Something unexpected happened while placing your order. Please try again.',
    'server',
    { ours: true },
  ),

  // ---- Card gateway (spec 2 §8: numbers not shown) ----
  PAYMENT_METHODS_UNAVAILABLE: entry(310001, 'There was a problem obtaining payment methods', 'unavailable'),
  CARD_TOKENIZATION_FAILED: entry(310002, 'We could not check your card details. Please check them and try again.', 'payment-failed', {
    ours: true,
  }),
  CARD_CVV_VERIFICATION_FAILED: entry(310003, 'The security code you have entered is incorrect.', 'payment-failed', { ours: true }),
  THREE_D_SECURE_FAILED: entry(
    310004,
    'Your bank could not confirm this payment. Please try again or use a different card.',
    'payment-failed',
    { ours: true },
  ),
  CARD_TYPE_NOT_SUPPORTED: entry(310005, 'This type of card is not supported. Please use a different card.', 'payment-failed', {
    ours: true,
  }),
  SAVED_CARD_INVALID: entry(310006, 'Your saved card can no longer be used. Please enter your card details.', 'payment-failed', {
    ours: true,
  }),
  WALLET_CANCELLED: entry(310007, 'The payment was cancelled.', 'payment-failed', { ours: true }),
  PAYPAL_BROWSER_UNSUPPORTED: entry(310008, 'PayPal is not supported in this browser. Please use a different payment method.', 'payment-failed', {
    ours: true,
  }),
  SAVED_PAYPAL_INVALID: entry(310009, 'Your saved PayPal account can no longer be used. Please pay with PayPal again.', 'payment-failed', {
    ours: true,
  }),
  /** The cardholder closed their bank's check: nothing failed, so the shopper is told it was their choice. */
  THREE_D_SECURE_CANCELED: entry(
    310010,
    "You cancelled your bank's check, so you have not been charged. You can try again, or use a different card.",
    'payment-failed',
    { ours: true },
  ),
  /** Saving a US bank account runs the network check first: one that fails is neither saved nor debited. */
  BANK_ACCOUNT_NOT_VERIFIED: entry(
    310011,
    'We could not verify this bank account, so it was not saved and nothing will be debited. You can pay from it without saving it, or choose another way to pay.',
    'payment-failed',
    { ours: true },
  ),
  SAVED_BANK_ACCOUNT_INVALID: entry(310012, 'Your saved bank account can no longer be used. Please enter your bank details.', 'payment-failed', {
    ours: true,
  }),
  /** The gateway did not remove a saved method (it refused, or did not answer): it stays saved, here and there. */
  SAVED_METHOD_REMOVAL_FAILED: entry(310013, 'We could not remove this payment method just now, so it is still saved. Please try again in a moment.', 'unavailable', {
    ours: true,
  }),
  /** An order it pays has not settled yet (a charge awaiting the gateway's answer, a bank debit awaiting the bank). */
  SAVED_METHOD_IN_USE: entry(310014, 'This payment method is paying for an order that has not settled yet. You can remove it once that order is complete.', 'conflict', {
    ours: true,
  }),
  /** A saved card past its expiry month: shown in the list, never charged. */
  SAVED_CARD_EXPIRED: entry(310015, 'Your saved card has expired. Please choose another way to pay or enter your card details.', 'payment-failed', {
    ours: true,
  }),
  /** The chosen saved method is not this customer's, or cannot pay this basket (its currency, country or method switched off). */
  SAVED_METHOD_UNAVAILABLE: entry(310016, 'This saved payment method cannot pay for this order. Please choose another way to pay.', 'payment-failed', {
    ours: true,
  }),
  /** The store's rules ask for the saved card's security code again, and none came with the payment. */
  SAVED_CARD_CVV_REQUIRED: entry(310017, "Please enter your card's security code.", 'invalid-input', { ours: true }),

  // ---- The browser's Payment Request API (3102 6x): spec 3 §8 names the provider's errors; the shopper's words are ours ----
  PAYMENT_REQUEST_NOT_COMPLETED: entry(310261, 'Your browser could not complete the payment, so you have not been charged. Please try again or choose another way to pay.', 'payment-failed', {
    ours: true,
  }),
  PAYMENT_REQUEST_GOOGLE_PAY_FAILED: entry(310262, 'Google Pay could not pass on your card, so you have not been charged. Please try again or choose another way to pay.', 'payment-failed', {
    ours: true,
  }),
  PAYMENT_REQUEST_UNAVAILABLE: entry(310263, 'Paying through your browser is not available at the moment. Please choose another way to pay.', 'unavailable', { ours: true }),

  // ---- Masterpass (3102 8x): spec 3 §8 names the provider's errors; the shopper's words are ours ----
  MASTERPASS_CANCELED: entry(310281, 'You closed Masterpass before choosing a card, so you have not been charged.', 'payment-failed', { ours: true }),
  MASTERPASS_FAILED: entry(310282, 'Masterpass could not pass on your card, so you have not been charged. Please try again or choose another way to pay.', 'payment-failed', {
    ours: true,
  }),
  MASTERPASS_WINDOW_BLOCKED: entry(310283, 'The Masterpass window could not open. Please allow pop-up windows for this site and try again.', 'payment-failed', {
    ours: true,
  }),
  MASTERPASS_IN_PROGRESS: entry(310284, 'Masterpass is already open in another window. Please finish there first.', 'conflict', { ours: true }),
  MASTERPASS_NOT_STARTED: entry(310285, 'Masterpass could not be started. Please try again or choose another way to pay.', 'payment-failed', { ours: true }),
  MASTERPASS_SETUP_FAILED: entry(310286, 'Masterpass could not be reached. Please try again in a moment.', 'payment-failed', { ours: true }),
  MASTERPASS_UNAVAILABLE: entry(310287, 'Masterpass is not available at the moment. Please choose another way to pay.', 'unavailable', { ours: true }),

  // ---- Visa Checkout (3102 9x): spec 3 §8 names the provider's errors; the shopper's words are ours ----
  VISA_CHECKOUT_CANCELED: entry(310291, 'You closed Visa Checkout before choosing a card, so you have not been charged.', 'payment-failed', { ours: true }),
  VISA_CHECKOUT_FAILED: entry(310292, 'Visa Checkout could not pass on your card, so you have not been charged. Please try again or choose another way to pay.', 'payment-failed', {
    ours: true,
  }),
  VISA_CHECKOUT_NOT_STARTED: entry(310293, 'Visa Checkout could not be started. Please try again or choose another way to pay.', 'payment-failed', { ours: true }),
  VISA_CHECKOUT_UNAVAILABLE: entry(310294, 'Visa Checkout is not available at the moment. Please choose another way to pay.', 'unavailable', { ours: true }),

  // ---- UnionPay's SMS enrollment (3103 0x): spec 3 §8 names the provider's errors; the shopper's words are ours ----
  UNIONPAY_UNAVAILABLE: entry(310301, 'UnionPay cards cannot be checked at the moment. Please try again in a moment or use another card.', 'unavailable', { ours: true }),
  UNIONPAY_CHECK_FAILED: entry(310302, 'We could not check your UnionPay card, so you have not been charged. Please try again in a moment.', 'payment-failed', { ours: true }),
  UNIONPAY_MOBILE_INVALID: entry(310303, 'UnionPay could not send a code to this mobile number. Please check the country code and the number and try again.', 'payment-failed', {
    ours: true,
  }),
  UNIONPAY_ENROLLMENT_FAILED: entry(310304, 'UnionPay could not send you a code, so you have not been charged. Please try again in a moment.', 'payment-failed', { ours: true }),
  UNIONPAY_CODE_WRONG: entry(310305, 'That SMS code is not right, so you have not been charged. Please check the code UnionPay sent to your phone and try again.', 'payment-failed', {
    ours: true,
  }),
  UNIONPAY_FAILED: entry(310306, 'Your UnionPay card could not be used, so you have not been charged. Please try again or use another card.', 'payment-failed', { ours: true }),

  // ---- Venmo (3102 7x): spec 3 §8 names the provider's errors; the shopper's words are ours ----
  VENMO_CANCELLED: entry(310271, 'You closed Venmo before approving, so you have not been charged.', 'payment-failed', { ours: true }),
  VENMO_EXPIRED: entry(310272, 'The Venmo request expired before you approved it, so you have not been charged. Please try again.', 'payment-failed', { ours: true }),
  VENMO_TIMED_OUT: entry(310273, 'You took too long to approve in the Venmo app, so you have not been charged. Please try again.', 'payment-failed', { ours: true }),
  VENMO_FAILED: entry(310274, 'Venmo could not authorize the payment, so you have not been charged. Please try again or choose another way to pay.', 'payment-failed', {
    ours: true,
  }),
  VENMO_UNAVAILABLE: entry(310275, 'Venmo is not available at the moment. Please choose another way to pay.', 'unavailable', { ours: true }),
  VENMO_IN_PROGRESS: entry(310276, 'Venmo is already open. Please finish there first.', 'conflict', { ours: true }),
  /** The saved Venmo account is gone from the gateway's vault (removed, or the payer disconnected the store in Venmo). */
  SAVED_VENMO_INVALID: entry(310277, 'Your saved Venmo account can no longer be used. Please pay with Venmo again.', 'payment-failed', { ours: true }),

  // ---- PayPal's vault flows (spec 3 §8 names the provider's errors; the shopper's words are ours) ----
  PAYPAL_VAULT_CANCELED: entry(310231, 'You closed PayPal before agreeing, so nothing was saved and you have not been charged.', 'payment-failed', { ours: true }),
  PAYPAL_VAULT_FAILED: entry(310232, 'Your PayPal account could not be saved. Please try again.', 'payment-failed', { ours: true }),
  PAYPAL_WINDOW_BLOCKED: entry(310233, 'The PayPal window could not open. Please allow pop-up windows for this site and try again.', 'payment-failed', {
    ours: true,
  }),
  PAYPAL_SETUP_FAILED: entry(310234, 'PayPal could not be reached. Please try again in a moment.', 'payment-failed', { ours: true }),
  PAYPAL_IN_PROGRESS: entry(310235, 'PayPal is already open in another window. Please finish there first.', 'payment-failed', { ours: true }),
  PAYPAL_NOT_STARTED: entry(310236, 'PayPal could not be started. Please try again or choose another way to pay.', 'payment-failed', { ours: true }),
  PAYPAL_CONFIRM_CANCELED: entry(310240, 'You closed PayPal before confirming, so you have not been charged. Your saved PayPal account is still there to confirm.', 'payment-failed', {
    ours: true,
  }),
  PAYPAL_UNAVAILABLE: entry(310241, 'PayPal is not available at the moment. Please choose another way to pay.', 'unavailable', { ours: true }),
  PAYPAL_FAILED: entry(310242, 'PayPal could not pass on your account, so you have not been charged. Please try again or choose another way to pay.', 'payment-failed', {
    ours: true,
  }),
  /** The payer withdrew the saved account's pre-approval at PayPal (processor 2071): they agree again in PayPal's window. */
  PAYPAL_CONSENT_NEEDED: entry(
    310237,
    'PayPal needs you to confirm this payment from your saved account, so you have not been charged yet. Choose Confirm with PayPal to continue.',
    'payment-failed',
    { ours: true },
  ),
  /** The basket grew after the payer approved its total at PayPal: nothing is charged, they approve the new total. */
  PAYPAL_BASKET_CHANGED: entry(
    310238,
    'Your basket changed after you approved the payment at PayPal, so you have not been charged. Please check your basket and approve the new total.',
    'payment-failed',
    { ours: true },
  ),
  /** PayPal did not take the smaller basket's new total (braintree-web's updatePayment failed): nothing is charged. */
  PAYPAL_UPDATE_FAILED: entry(
    310239,
    "PayPal could not take your basket's new total, so you have not been charged. Please approve the payment at PayPal again.",
    'payment-failed',
    { ours: true },
  ),

  // ---- Local payment methods (spec 3 §8 names the provider's errors; the shopper's words are ours) ----
  // The store's side: a payment the payer approved is being charged, or one that ended uncharged.
  LOCAL_PAYMENT_COMPLETING: entry(310201, 'Your payment has been approved and is being completed. Please wait a moment.', 'conflict', { ours: true }),
  LOCAL_PAYMENT_ENDED: entry(310202, 'This payment was not completed, so you have not been charged. Please choose a way to pay again.', 'payment-failed', {
    ours: true,
  }),
  LOCAL_PAYMENT_UNKNOWN: entry(310203, 'We could not find this payment. Please start it again.', 'conflict', { ours: true }),
  // The page's side, one per error of the provider's local-payment module.
  LOCAL_PAYMENT_CANCELED: entry(
    310211,
    'You cancelled the payment, so you have not been charged. You can try again or choose another way to pay.',
    'payment-failed',
    { ours: true },
  ),
  LOCAL_PAYMENT_WINDOW_CLOSED: entry(
    310212,
    'The payment window was closed before the payment was approved, so you have not been charged. You can try again.',
    'payment-failed',
    { ours: true },
  ),
  LOCAL_PAYMENT_WINDOW_BLOCKED: entry(310213, 'The payment window could not open. Please allow pop-up windows for this site and try again.', 'payment-failed', {
    ours: true,
  }),
  LOCAL_PAYMENT_FAILED: entry(
    310214,
    'The payment could not be started, so you have not been charged. Please try again or choose another way to pay.',
    'payment-failed',
    { ours: true },
  ),
  LOCAL_PAYMENT_TIMED_OUT: entry(310215, 'The payment was not approved in time, so you have not been charged. Please try again.', 'payment-failed', {
    ours: true,
  }),
  LOCAL_PAYMENT_IN_PROGRESS: entry(310216, 'A payment is already in progress. Please finish it or cancel it first.', 'conflict', { ours: true }),
  LOCAL_PAYMENT_DETAILS_REFUSED: entry(
    310217,
    'The payment provider did not accept these details. Please check them and try again.',
    'payment-failed',
    { ours: true },
  ),
  LOCAL_PAYMENT_NOT_ENABLED: entry(310218, 'This payment method is not available at the moment. Please choose another way to pay.', 'unavailable', {
    ours: true,
  }),

  // ---- Bank debits: the page's side (3102 2x), one per error of the provider's sepa and us-bank-account modules ----
  // A debit is never 'charged' and has no payment window of its own: the shopper approves a mandate or gives bank details,
  // so these say what they did and that nothing will be debited, where the local payments' words would mislead.
  /** The mandate's Cancel and its window closed: the sepa module reports both the same way. */
  SEPA_MANDATE_NOT_APPROVED: entry(
    310221,
    'The SEPA mandate was not approved, so nothing will be debited. You can try again or choose another way to pay.',
    'payment-failed',
    { ours: true },
  ),
  /** The provider refused to create the mandate (it says no more for a refused IBAN), or the mandate's window failed. */
  SEPA_MANDATE_FAILED: entry(
    310222,
    'Your SEPA mandate could not be set up, so nothing will be debited. Please check your IBAN and try again, or choose another way to pay.',
    'payment-failed',
    { ours: true },
  ),
  /** The mandate was approved but the provider's last step, turning it into a payment method, failed. */
  SEPA_DEBIT_NOT_SET_UP: entry(
    310223,
    'Your SEPA mandate was approved, but the debit could not be set up, so nothing will be debited. Please try again or choose another way to pay.',
    'payment-failed',
    { ours: true },
  ),
  /** The store sent the module something it refuses (a missing option, a mandate type): nothing the shopper can change. */
  SEPA_UNAVAILABLE: entry(310224, 'SEPA Direct Debit is not available at the moment, so nothing will be debited. Please choose another way to pay.', 'unavailable', {
    ours: true,
  }),
  BANK_ACCOUNT_DETAILS_REFUSED: entry(310225, 'Your bank did not accept these account details. Please check them and try again.', 'payment-failed', {
    ours: true,
  }),
  BANK_ACCOUNT_NETWORK_FAILED: entry(
    310226,
    'We could not reach the payment provider to check your bank account, so nothing will be debited. Please check your connection and try again.',
    'payment-failed',
    { ours: true },
  ),
  BANK_ACCOUNT_UNAVAILABLE: entry(310227, 'Paying from a US bank account is not available at the moment. Please choose another way to pay.', 'unavailable', {
    ours: true,
  }),
  BANK_ACCOUNT_FAILED: entry(
    310228,
    'Your bank account could not be set up for this payment, so nothing will be debited. Please try again or choose another way to pay.',
    'payment-failed',
    { ours: true },
  ),

  // ---- Billing address and tax ID (account group, 1003xx, ours; the spec's wording where quoted) and gateway (payment group) ----
  TAX_ID_INVALID: entry(100301, 'The Tax ID you have entered is not valid', 'unprocessable', { ours: true }),
  BILLING_COUNTRY_UNSUPPORTED: entry(100302, 'Your billing country is unsupported. Please choose a different country', 'unprocessable', {
    ours: true,
  }),
  BILLING_ADDRESS_REQUIRED: entry(100303, 'Please enter your billing address first.', 'unprocessable', { ours: true }),
  // A basket with a product to post (requires_shipping) is ordered only with an address to deliver it to.
  SHIPPING_ADDRESS_REQUIRED: entry(201501, 'Please give the address we should deliver your order to.', 'unprocessable', { ours: true }),
  // The order is priced for one delivery country (its tax, spec 2 §7 CONFIGURE_BASKET_SHIPPING_COUNTRY) and is posted to that one only.
  SHIPPING_COUNTRY_CHANGED: entry(
    201502,
    'Your delivery country has changed since your total was worked out. Please check your delivery address and total, then try again.',
    'conflict',
    { ours: true },
  ),
  // PLACE_ORDER's billing_address (spec 2 §7) is the address the page showed; another one was saved since (another tab).
  BILLING_ADDRESS_CHANGED: entry(100304, 'Your billing address has changed since this page showed it. Please check it and try again.', 'conflict', {
    ours: true,
  }),
  PAYMENT_GATEWAYS_UNAVAILABLE: entry(
    300102,
    'Sorry, the store cannot take payments for this order at the moment. Our products can also be bought through the Mac App Store, the Microsoft Store and the iPad App Store.',
    'unavailable',
    { ours: true },
  ),

  // ---- Merchant of record (710xxx) ----
  MOR_SOURCE_CREATION_FAILED: entry(710001, 'Your payment details could not be saved. Please check them and try again.', 'payment-failed', {
    ours: true,
  }),
  MOR_DROP_IN_TIMEOUT: entry(710002, 'The payment form took too long to load. Please refresh the page and try again.', 'unavailable', {
    ours: true,
  }),
  MOR_TAX_ID_INVALID: entry(710003, 'The tax identifier you have entered is not valid.', 'payment-failed', { ours: true }),
  MOR_CHECKOUT_EXPIRED: entry(710004, 'Your payment session has expired. Please refresh the page and try again.', 'conflict', { ours: true }),
  MOR_PAYMENT_DECLINED: entry(710005, 'Your payment was declined. Please use a different payment method.', 'payment-failed', { ours: true }),
  // ---- The back office (9000xx, ours): staff sign-in, roles, refunds, disputes ----
  OPERATOR_SIGN_IN_REQUIRED: entry(900001, 'Please sign in to the back office.', 'forbidden', { ours: true }),
  OPERATOR_ROLE_FORBIDDEN: entry(900002, 'Your role does not allow this action.', 'forbidden', { ours: true }),
  OPERATOR_SIGN_IN_FAILED: entry(900003, 'The email, password or security code is incorrect.', 'unauthenticated', { ours: true }),
  OPERATOR_LOCKED: entry(900004, 'Too many failed sign-ins. This staff account is locked for 15 minutes.', 'rate-limited', { ours: true }),
  OPERATOR_EXISTS: entry(900005, 'A member of staff with this email already exists.', 'conflict', { ours: true }),
  OPERATOR_NOT_FOUND: entry(900006, 'There is no member of staff with this id.', 'not-found', { ours: true }),
  OPERATOR_LAST_ADMIN: entry(900007, 'The last active administrator cannot be disabled or lose the role.', 'conflict', { ours: true }),
  ORDER_NOT_FOUND_FOR_STAFF: entry(900010, 'There is no order with this number.', 'not-found', { ours: true }),
  ORDER_SEARCH_EMPTY: entry(900011, 'Enter an order number, an email, a transaction id or a date range.', 'invalid-input', { ours: true }),
  REFUND_NOT_PAID: entry(900020, 'Only a paid order can be refunded.', 'conflict', { ours: true }),
  REFUND_LINES_ALREADY_REFUNDED: entry(900021, 'One or more of these lines are refunded already.', 'conflict', { ours: true }),
  REFUND_LINES_UNKNOWN: entry(900022, 'One or more of these lines are not on the order, or are free.', 'invalid-input', { ours: true }),
  REFUND_NOT_SETTLED: entry(
    900023,
    'This payment has not settled yet, so only all of it can be given back now (a void). Part of it can be refunded once it has settled, usually within a day.',
    'conflict',
    { ours: true },
  ),
  REFUND_DECLINED: entry(900024, 'The payment provider declined the refund.', 'payment-failed', { ours: true }),
  REFUND_IN_PROGRESS: entry(900025, 'A refund of this order is in progress. Please wait a moment and look again.', 'conflict', { ours: true }),
  REFUND_PROVIDER_UNAVAILABLE: entry(900026, 'The payment provider did not answer. The refund will be checked and finished; do not refund again.', 'unavailable', {
    ours: true,
  }),
  REFUND_NOTHING_CHARGED: entry(900027, 'Nothing was charged for these lines, so there is nothing to refund.', 'conflict', { ours: true }),
  DISPUTE_NOT_FOUND: entry(900030, 'There is no dispute with this id.', 'not-found', { ours: true }),
  DISPUTE_NOT_OPEN: entry(900031, 'This dispute is no longer open, so it cannot be changed.', 'conflict', { ours: true }),
  DISPUTE_EVIDENCE_REFUSED: entry(900032, 'The payment provider refused this evidence.', 'invalid-input', { ours: true }),
  ATTENTION_ITEM_NOT_FOUND: entry(900040, 'This item no longer needs attention.', 'not-found', { ours: true }),
} as const;

export type ErrorName = keyof typeof ErrorCatalogue;
export type ErrorCode = (typeof ErrorCatalogue)[ErrorName]['code'];

/** Field-level details, keyed by field name, for validation failures. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/** An expected failure with a catalogued code; carried as a value in results, or thrown at the edge. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly errorName: ErrorName;
  readonly kind: ErrorKind;
  readonly fields?: FieldErrors;
  /** Facts the client needs to recover (e.g. the order number to retry with, spec 2 §7). */
  readonly data?: Readonly<Record<string, unknown>>;

  constructor(name: ErrorName, options: { message?: string; fields?: FieldErrors; data?: Readonly<Record<string, unknown>> } = {}) {
    super(options.message ?? ErrorCatalogue[name].message);
    this.name = 'DomainError';
    this.errorName = name;
    this.code = ErrorCatalogue[name].code;
    this.kind = ErrorCatalogue[name].kind;
    this.fields = options.fields;
    this.data = options.data;
  }
}

const BY_CODE = new Map<number, ErrorName>(
  (Object.keys(ErrorCatalogue) as ErrorName[]).map((name) => [ErrorCatalogue[name].code, name]),
);

export function errorNameForCode(code: number): ErrorName | undefined {
  return BY_CODE.get(code);
}

/** The entry a browser shows for a response code; unknown codes show the generic message (999). */
export function catalogueEntryFor(code: number): CatalogueEntry {
  const name = BY_CODE.get(code);
  return name ? ErrorCatalogue[name] : ErrorCatalogue.GENERIC;
}
