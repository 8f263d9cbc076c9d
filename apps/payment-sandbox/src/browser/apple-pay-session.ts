/*
 * Ours, not Apple's: the payment sandbox's stand-in for Safari's ApplePaySession, for tests in
 * Chromium (which has none). A test injects it before the page loads (Playwright's addInitScript with
 * this file, served at /__sandbox/apple-pay-session.js). begin() shows an in-page sheet (where
 * Safari shows its own) and asks the page to validate the merchant; "Pay" is enabled once the page
 * hands back a merchant session, and gives the page a payment token braintree-web's
 * applePay.tokenize sends to the gateway. "Cancel" calls oncancel. The token's paymentData is not
 * encrypted: its `data` is the decrypted payload Apple documents, as base64 JSON, which the sandbox
 * reads. It makes no network call.
 */
import { openSheet, type Sheet } from './wallet-sheet';

type Json = Record<string, unknown>;
type Handler = ((event: Event & Json) => void) | null;

interface PaymentRequest {
  readonly countryCode?: string;
  readonly currencyCode?: string;
  readonly supportedNetworks?: readonly string[];
  readonly merchantCapabilities?: readonly string[];
  readonly total?: { readonly label?: string; readonly amount?: string };
  readonly requiredBillingContactFields?: readonly string[];
  readonly requiredShippingContactFields?: readonly string[];
}

/** The card the sandbox's Wallet holds for each network (device account numbers: the gateway's test numbers). */
const CARDS: Readonly<Record<string, { network: string; number: string }>> = {
  visa: { network: 'Visa', number: '4111111111111111' },
  mastercard: { network: 'MasterCard', number: '5555555555554444' },
  amex: { network: 'AmEx', number: '378282246310005' },
  discover: { network: 'Discover', number: '6011111111111117' },
};

/** ISO 4217 numeric codes and minor units, for the payload's currencyCode and transactionAmount. */
const CURRENCIES: Readonly<Record<string, readonly [code: string, digits: number]>> = {
  GBP: ['826', 2],
  EUR: ['978', 2],
  USD: ['840', 2],
  AUD: ['036', 2],
  CAD: ['124', 2],
  JPY: ['392', 0],
};

const CONTACT = {
  givenName: 'Sandbox',
  familyName: 'Buyer',
  addressLines: ['1 Sandbox Street'],
  locality: 'London',
  postalCode: 'SW1A 1AA',
  countryCode: 'GB',
  country: 'United Kingdom',
};

const hex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
const base64 = (bytes: number) => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(bytes))));

function cardFor(request: PaymentRequest) {
  const networks = (request.supportedNetworks ?? []).map((network) => network.toLowerCase());
  const key = Object.keys(CARDS).find((network) => networks.includes(network));
  return key ? CARDS[key] : null;
}

/** What Apple's token carries for the merchant: paymentData (here unencrypted), the card's name and network. */
function paymentToken(request: PaymentRequest, card: { network: string; number: string }) {
  const [currencyCode, digits] = CURRENCIES[request.currencyCode ?? ''] ?? ['826', 2];
  const expiry = `${String(new Date().getUTCFullYear() + 5).slice(2)}1231`;
  const transactionId = hex(32);
  const payload = {
    applicationPrimaryAccountNumber: card.number,
    applicationExpirationDate: expiry,
    currencyCode,
    transactionAmount: Math.round(Number(request.total?.amount ?? 0) * 10 ** digits),
    deviceManufacturerIdentifier: hex(6).toUpperCase(),
    paymentDataType: '3DSecure',
    paymentData: { onlinePaymentCryptogram: base64(20), eciIndicator: '7' },
  };
  return {
    paymentData: {
      version: 'EC_v1',
      data: btoa(JSON.stringify(payload)),
      signature: btoa('payment-sandbox: not signed'),
      header: { ephemeralPublicKey: base64(65), publicKeyHash: base64(32), transactionId },
    },
    paymentMethod: { displayName: `${card.network} ${card.number.slice(-4)}`, network: card.network, type: 'credit' },
    transactionIdentifier: transactionId.toUpperCase(),
  };
}

const hasFields = (value: unknown, ...keys: string[]) => typeof value === 'object' && value !== null && keys.every((key) => typeof (value as Json)[key] === 'string');

class ApplePaySession extends EventTarget {
  static readonly STATUS_SUCCESS = 0;
  static readonly STATUS_FAILURE = 1;
  static readonly STATUS_INVALID_BILLING_POSTAL_ADDRESS = 2;
  static readonly STATUS_INVALID_SHIPPING_POSTAL_ADDRESS = 3;
  static readonly STATUS_INVALID_SHIPPING_CONTACT = 4;

  static canMakePayments(): boolean {
    return true;
  }

  static canMakePaymentsWithActiveCard(): Promise<boolean> {
    return Promise.resolve(true);
  }

  static supportsVersion(version: number): boolean {
    return Number.isInteger(version) && version >= 1 && version <= 14;
  }

  onvalidatemerchant: Handler = null;
  onpaymentauthorized: Handler = null;
  oncancel: Handler = null;
  onpaymentmethodselected: Handler = null;
  onshippingcontactselected: Handler = null;
  onshippingmethodselected: Handler = null;

  private state: 'new' | 'validating' | 'ready' | 'authorizing' | 'done' = 'new';
  private sheet: Sheet | null = null;
  private readonly card: { network: string; number: string };

  constructor(
    version: number,
    private readonly request: PaymentRequest,
  ) {
    super();
    if (!ApplePaySession.supportsVersion(version)) throw new TypeError(`"${version}" is not a supported version.`);
    for (const field of ['countryCode', 'currencyCode'] as const) if (typeof request?.[field] !== 'string') throw new TypeError(`Missing ${field}.`);
    if (!request.merchantCapabilities?.length) throw new TypeError('At least one merchant capability must be provided.');
    if (!hasFields(request.total, 'label', 'amount')) throw new TypeError('Missing total.');
    const card = cardFor(request);
    if (!card) throw new TypeError('At least one supported network must be provided.');
    this.card = card;
  }

  private fire(type: string, detail: Json = {}): void {
    const event = Object.assign(new Event(type), detail);
    const handler = this[`on${type}` as 'oncancel'];
    if (typeof handler === 'function') handler.call(this, event);
    this.dispatchEvent(event);
  }

  private finish(): void {
    this.state = 'done';
    this.sheet?.close();
    this.sheet = null;
  }

  begin(): void {
    if (this.state !== 'new') throw new DOMException('Page already has an active payment session.', 'InvalidAccessError');
    this.state = 'validating';
    const total = this.request.total ?? {};
    this.sheet = openSheet({
      title: 'Apple Pay sandbox',
      marker: 'apple-pay-sheet',
      lines: [`Pay ${total.label ?? ''}`.trim(), `Amount: ${total.amount ?? ''} ${this.request.currencyCode ?? ''}`.trim(), `Card: ${this.card.network} ${this.card.number.slice(-4)}`],
      accent: { background: '#000', color: '#fff' },
      actions: [
        { label: 'Pay', primary: true, disabled: true, onClick: () => this.pay() },
        { label: 'Cancel', onClick: () => this.cancel() },
      ],
      onEscape: () => this.cancel(),
    });
    this.sheet.status('Contacting the merchant…');
    setTimeout(() => this.fire('validatemerchant', { validationURL: 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession' }), 0);
  }

  /** The merchant session the page got from its gateway; anything else ends the session, as in Safari. */
  completeMerchantValidation(merchantSession: unknown): void {
    if (this.state !== 'validating') throw new DOMException('The session is not waiting for merchant validation.', 'InvalidStateError');
    if (!hasFields(merchantSession, 'merchantSessionIdentifier', 'signature', 'merchantIdentifier')) {
      this.cancel();
      return;
    }
    this.state = 'ready';
    this.sheet?.status('');
    this.payButton(true)?.focus();
  }

  private payButton(enabled: boolean): HTMLButtonElement | undefined {
    const button = this.sheet?.button('Pay');
    if (button) button.disabled = !enabled;
    return button;
  }

  private pay(): void {
    if (this.state !== 'ready') return;
    this.state = 'authorizing';
    this.sheet?.status('Processing…');
    this.payButton(false);
    const billing = this.request.requiredBillingContactFields?.length ? { billingContact: CONTACT } : {};
    const shipping = this.request.requiredShippingContactFields?.length ? { shippingContact: { ...CONTACT, emailAddress: 'sandbox-buyer@example.com', phoneNumber: '+44 20 7946 0000' } } : {};
    this.fire('paymentauthorized', { payment: { token: paymentToken(this.request, this.card), ...billing, ...shipping } });
  }

  /** STATUS_SUCCESS closes the sheet; a failure leaves it open to pay again or cancel, as Safari does. */
  completePayment(result: number | { status: number }): void {
    if (this.state !== 'authorizing') throw new DOMException('The session is not waiting for a payment result.', 'InvalidStateError');
    const status = typeof result === 'number' ? result : result?.status;
    if (status === ApplePaySession.STATUS_SUCCESS) {
      this.finish();
      return;
    }
    this.state = 'ready';
    this.sheet?.status('Payment not completed');
    this.payButton(true);
  }

  /** The sheet offers one card and no shipping choices, so these updates change nothing. */
  completePaymentMethodSelection(): void {
    return undefined;
  }

  completeShippingContactSelection(): void {
    return undefined;
  }

  completeShippingMethodSelection(): void {
    return undefined;
  }

  abort(): void {
    this.finish();
  }

  private cancel(): void {
    if (this.state === 'done') return;
    this.finish();
    this.fire('cancel', { sessionError: { code: 'unknown', info: {} } });
  }
}

declare global {
  interface Window {
    ApplePaySession?: unknown;
  }
}

window.ApplePaySession ??= ApplePaySession;
