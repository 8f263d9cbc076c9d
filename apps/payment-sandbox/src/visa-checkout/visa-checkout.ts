import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { escapeHtml, sandboxPage, sendHtml, sendJavaScript } from '../assets/responses';
import { answerClientApiCall } from '../client-api/authorization';
import { isObject, sendJson, stringOf, type JsonObject } from '../client-api/http';
import { clientBinData, createNonce } from '../client-api/payment-methods';
import type { RouteHandler, SandboxConfig, SandboxContext, SandboxRequest } from '../context';
import { cardRecord } from '../gateway/cards';
import type { NonceRecord } from '../store';
import { VISA_SDK_SOURCE, VISA_LIGHTBOX_SOURCE } from './visa-scripts';

/**
 * Ours, not Visa's or the provider's: Visa Checkout as braintree-web's visa-checkout module meets it.
 * Visa retired Visa Checkout for Click to Pay, so the sandbox stands in for Visa's half too: its
 * sdk.js (window.V: init, on) under Visa's assets host, and its lightbox (a card from the wallet,
 * or Cancel) under Visa's checkout host. The lightbox hands the page what Visa's does, a call id
 * with an encrypted key and encrypted payment data; the module sends them to the client API's
 * `payment_methods/visa_checkout_cards`, where the sandbox decrypts its own data (README: "Visa
 * Checkout") and answers a VisaCheckoutCard nonce that pays as the chosen card would.
 */

const CLIENT_API_PATH = /^\/merchants\/([^/]+)\/client_api\/v1\/(payment_methods\/visa_checkout_cards)$/;
/** Visa's own path for its SDK (https://sandbox-assets.secure.checkout.visa.com/...). */
export const VISA_SDK_PATH = '/checkout-widget/resources/js/integration/v1/sdk.js';
/** Ours: the lightbox page and its script under Visa's checkout host. */
export const VISA_LIGHTBOX_PATH = '/wallet-services-web/__sandbox/visa-checkout/lightbox';
const LIGHTBOX_SCRIPT_PATH = '/wallet-services-web/__sandbox/visa-checkout/lightbox.js';

/** The cards in the sandbox's Visa Checkout wallet (ours): documented test numbers and the sandbox's own declining card. */
export const VISA_CHECKOUT_WALLET_CARDS = [
  { id: 'visa-1111', label: 'Visa ending in 1111', number: '4111111111111111' },
  { id: 'mc-4444', label: 'Mastercard ending in 4444', number: '5555555555554444' },
  // The sandbox's own declining card: the provider's verification test cards do not decline sales.
  { id: 'visa-0010', label: 'Visa ending in 0010 (the bank declines it: 2000 Do Not Honor)', number: '4000000000000010' },
] as const;

/** The gateway configuration's `visaCheckout` (ours: made-up identifiers; the encryption key names the sandbox's key). */
export function visaCheckoutConfiguration(config: SandboxConfig) {
  return {
    apikey: `${config.merchantId}_visa_checkout_apikey`,
    externalClientId: `${config.merchantId}_visa_checkout_client`,
    encryptionKey: `${config.merchantId}_visa_checkout_key`,
    supportedCardTypes: ['Visa', 'MasterCard', 'Discover', 'American Express'],
  };
}

/** The sandbox's shared secret with "Visa": the key that wraps each payment's data key. Never leaves the server. */
const sharedSecret = (config: SandboxConfig) => createHash('sha256').update(`visa-checkout:${config.merchantId}:${config.privateKey}`).digest();

/** AES-256-GCM, written as base64 of iv (12 bytes), ciphertext, tag (16 bytes). */
function seal(key: Buffer, plain: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

function open(key: Buffer, sealed: string): Buffer | null {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < 12 + 16 + 1) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
  } catch {
    return null;
  }
}

interface PaymentData {
  readonly callid: string;
  readonly cardId: string;
  readonly total: string;
  readonly currencyCode: string;
}

/** What the lightbox hands the page: `{callid, encKey, encPaymentData}`, as Visa's payment.success does. */
export function encryptPayment(config: SandboxConfig, data: Omit<PaymentData, 'callid'>): { callid: string; encKey: string; encPaymentData: string } {
  const callid = `vco-${randomBytes(10).toString('hex')}`;
  const dataKey = randomBytes(32);
  return {
    callid,
    encKey: seal(sharedSecret(config), dataKey),
    encPaymentData: seal(dataKey, Buffer.from(JSON.stringify({ ...data, callid }), 'utf8')),
  };
}

function decryptPayment(config: SandboxConfig, callid: string, encKey: string, encPaymentData: string): PaymentData | null {
  const dataKey = open(sharedSecret(config), encKey);
  if (!dataKey || dataKey.length !== 32) return null;
  const plain = open(dataKey, encPaymentData);
  if (!plain) return null;
  try {
    const data = JSON.parse(plain.toString('utf8')) as PaymentData;
    return data.callid === callid ? data : null;
  } catch {
    return null;
  }
}

/** Call ids already tokenized: each payment from the lightbox makes one nonce. */
const usedCallIds = new Set<string>();
const REMEMBERED = 500;

/** `visaCheckoutCards[0]`: braintree-web's VisaCheckout~tokenizePayload. */
function visaCheckoutCardJson(record: NonceRecord, callId: string) {
  const { card } = record;
  const address = { firstName: 'Sandbox', lastName: 'Shopper', streetAddress: '1 Sandbox Street', extendedAddress: '', locality: 'London', region: '', postalCode: 'EC1A 1BB', countryCode: 'GB' };
  return {
    type: 'VisaCheckoutCard',
    nonce: record.nonce,
    description: `ending in ${card.last4.slice(-2)}`,
    consumed: false,
    callId,
    details: { cardType: card.cardType, lastFour: card.last4, lastTwo: card.last4.slice(-2) },
    binData: clientBinData(card.number),
    billingAddress: address,
    shippingAddress: address,
    userData: { userFirstName: 'Sandbox', userLastName: 'Shopper', userFullName: 'Sandbox Shopper', userName: 'shopper@example.com', userEmail: 'shopper@example.com' },
  };
}

/** POST payment_methods/visa_checkout_cards {visaCheckoutCard: {callId, encryptedKey, encryptedPaymentData}}. */
function tokenizeVisaCheckoutCard(request: SandboxRequest, response: ServerResponse, context: SandboxContext, customerId: string | null, body: JsonObject): void {
  const input = isObject(body.visaCheckoutCard) ? body.visaCheckoutCard : {};
  const callId = stringOf(input.callId) ?? '';
  const data = decryptPayment(context.config, callId, stringOf(input.encryptedKey) ?? '', stringOf(input.encryptedPaymentData) ?? '');
  const walletCard = data && VISA_CHECKOUT_WALLET_CARDS.find((card) => card.id === data.cardId);
  if (!data || !walletCard || usedCallIds.has(callId)) {
    return sendJson(request, response, 422, { error: { message: 'Visa Checkout payment data could not be decrypted.' } });
  }
  usedCallIds.add(callId);
  while (usedCallIds.size > REMEMBERED) usedCallIds.delete(usedCallIds.values().next().value as string);
  // Ours: the wallet's cards expire years ahead, so no test meets an expired one.
  const card = cardRecord({ number: walletCard.number, expirationMonth: '12', expirationYear: String(new Date().getUTCFullYear() + 5), cardholderName: 'Sandbox Shopper' });
  const record = createNonce(context.store, card, { customerId, kind: 'VisaCheckoutCard' });
  context.store.save();
  sendJson(request, response, 201, { visaCheckoutCards: [visaCheckoutCardJson(record, callId)] });
}

const STYLE = `
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #1a1a1a; background: #fff; }
      main { max-width: 26rem; margin: 0 auto; }
      h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
      fieldset { border: 1px solid #555; border-radius: 4px; margin: 1rem 0 0; }
      label { display: block; padding: 0.25rem 0; }
      .hint { color: #444; font-size: 0.875rem; }
      .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 1.5rem; }
      button { font: inherit; padding: 0.5rem 1rem; border: 1px solid #1a1a1a; border-radius: 4px; background: #fff; color: #1a1a1a; cursor: pointer; }
      button[value="approve"] { background: #1a1a1a; color: #fff; }
      button:focus-visible, input:focus-visible { outline: 3px solid #0a58ca; outline-offset: 2px; }`;

const page = (body: string) =>
  sandboxPage({ comment: "Ours, not Visa's: the payment sandbox's stand-in for the Visa Checkout lightbox.", title: 'Visa Checkout', style: STYLE, scripts: [LIGHTBOX_SCRIPT_PATH], body });

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const CURRENCY = /^[A-Z]{3}$/;
/** The merchant page the lightbox answers: an http(s) origin, nothing more. */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

interface LightboxRequest {
  readonly total: string;
  readonly currencyCode: string;
  readonly origin: string;
}

/** What V.init passed on (through the lightbox's address or its form), checked as Visa would: its api key and encryption key. */
function lightboxRequest(config: SandboxConfig, params: URLSearchParams): LightboxRequest | string {
  const expected = visaCheckoutConfiguration(config);
  const origin = params.get('origin') ?? '';
  if (!ORIGIN.test(origin)) return 'The page that opened Visa Checkout is unknown.';
  if (params.get('apikey') !== expected.apikey || params.get('encryptionKey') !== expected.encryptionKey) return 'This merchant is not set up for Visa Checkout.';
  const total = params.get('total') ?? '';
  const currencyCode = params.get('currencyCode') ?? '';
  if (!AMOUNT.test(total) || Number(total) <= 0 || !CURRENCY.test(currencyCode)) return 'The amount to pay is missing.';
  return { total, currencyCode, origin };
}

/** A page that hands its result to the merchant page (lightbox.js reads the data attributes). */
function resultPage(origin: string, type: 'payment.success' | 'payment.cancel' | 'payment.error', fields: Record<string, string>, words: string): string {
  const attributes = Object.entries({ type, origin, ...fields })
    .map(([name, value]) => ` data-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}="${escapeHtml(value)}"`)
    .join('');
  return page(`      <h1>Visa Checkout</h1>\n      <p role="status" id="visa-checkout-result"${attributes}>${escapeHtml(words)}</p>`);
}

function errorPage(origin: string | null, message: string): string {
  if (origin && ORIGIN.test(origin)) return resultPage(origin, 'payment.error', { message }, message);
  return page(`      <h1>Visa Checkout</h1>\n      <p role="alert">${escapeHtml(message)}</p>`);
}

function walletBody(flow: LightboxRequest, params: URLSearchParams): string {
  const hidden = ['apikey', 'encryptionKey', 'total', 'currencyCode', 'origin']
    .map((name) => `        <input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? '')}">`)
    .join('\n');
  const cards = VISA_CHECKOUT_WALLET_CARDS.map(
    (card, index) => `          <label><input type="radio" name="card" value="${card.id}"${index === 0 ? ' checked' : ''}> ${escapeHtml(card.label)}</label>`,
  ).join('\n');
  return `      <h1>Visa Checkout</h1>
      <p>Pay <strong>${escapeHtml(flow.total)} ${escapeHtml(flow.currencyCode)}</strong> with a card from your Visa Checkout wallet.</p>
      <p class="hint">Payment sandbox: this page stands in for Visa Checkout, which Visa retired for Click to Pay.</p>
      <form method="post" action="${VISA_LIGHTBOX_PATH}" aria-label="Visa Checkout">
${hidden}
        <fieldset>
          <legend>Your cards</legend>
${cards}
        </fieldset>
        <div class="actions">
          <button type="submit" name="action" value="approve">Continue with this card</button>
          <button type="submit" name="action" value="cancel">Cancel and return to the shop</button>
        </div>
      </form>`;
}

/** POST the lightbox's form: approve (with a card) or cancel; the answer page tells the merchant page. */
function answerLightbox(request: SandboxRequest, response: ServerResponse, context: SandboxContext): void {
  const form = new URLSearchParams(request.body.toString('utf8'));
  const flow = lightboxRequest(context.config, form);
  if (typeof flow === 'string') return sendHtml(response, 422, errorPage(form.get('origin'), flow));
  if (form.get('action') !== 'approve') return sendHtml(response, 200, resultPage(flow.origin, 'payment.cancel', {}, 'Returning to the shop…'));
  const card = VISA_CHECKOUT_WALLET_CARDS.find((candidate) => candidate.id === form.get('card'));
  if (!card) return sendHtml(response, 422, page(walletBody(flow, form)));
  const payment = encryptPayment(context.config, { cardId: card.id, total: flow.total, currencyCode: flow.currencyCode });
  sendHtml(response, 200, resultPage(flow.origin, 'payment.success', payment, 'Returning to the shop with your card…'));
}

export const visaCheckoutRoutes: RouteHandler = (request, response, context) => {
  const path = request.url.pathname;
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  if (CLIENT_API_PATH.test(path)) {
    return answerClientApiCall(request, response, context, CLIENT_API_PATH, () => 'POST', ({ token, body }) =>
      tokenizeVisaCheckoutCard(request, response, context, token.customerId, body ?? {}),
    );
  }
  if (path === VISA_SDK_PATH && isRead) {
    sendJavaScript(response, VISA_SDK_SOURCE);
    return true;
  }
  if (path === LIGHTBOX_SCRIPT_PATH && isRead) {
    sendJavaScript(response, VISA_LIGHTBOX_SOURCE);
    return true;
  }
  if (path === VISA_LIGHTBOX_PATH && isRead) {
    const flow = lightboxRequest(context.config, request.url.searchParams);
    if (typeof flow === 'string') sendHtml(response, 422, errorPage(request.url.searchParams.get('origin'), flow));
    else sendHtml(response, 200, page(walletBody(flow, request.url.searchParams)));
    return true;
  }
  if (path === VISA_LIGHTBOX_PATH && request.method === 'POST') {
    answerLightbox(request, response, context);
    return true;
  }
  return false;
};
