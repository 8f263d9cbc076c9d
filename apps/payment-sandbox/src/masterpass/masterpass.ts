import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { bundlePath } from '../assets/bundles';
import { escapeHtml, sandboxPage, sendHtml } from '../assets/responses';
import { answerClientApiCall } from '../client-api/authorization';
import { isObject, sendJson, stringOf, type JsonObject } from '../client-api/http';
import { clientBinData, createNonce } from '../client-api/payment-methods';
import type { RouteHandler, SandboxContext, SandboxRequest } from '../context';
import { cardRecord } from '../gateway/cards';
import type { ClientTokenRecord, NonceRecord } from '../store';

/**
 * Ours, not Mastercard's or the provider's: the client API's two Masterpass calls
 * (`masterpass/request_token`, `payment_methods/masterpass_cards`), braintree-web's unpublished
 * Masterpass frames under the assets host (the popup's landing frame, and the loading frame, which
 * here is the wallet's own page: Mastercard retired Masterpass for Click to Pay, so nothing real is
 * left to stand in for), and the wallet page's answer: back to the module's callbackUrl (its
 * redirect frame) with the query Masterpass returned, mpstatus, oauth_token, oauth_verifier and
 * checkout_resource_url. The request tokens live in memory: a restart ends the flows under way.
 */

const CLIENT_API_PATH = /^\/merchants\/([^/]+)\/client_api\/v1\/(masterpass\/request_token|payment_methods\/masterpass_cards)$/;
const LANDING_FRAME_PATH = /^\/web\/[^/]+\/html\/masterpass-landing-frame(\.min)?\.html$/;
const WALLET_PAGE_PATH = /^\/web\/[^/]+\/html\/masterpass-loading-frame(\.min)?\.html$/;
const ANSWER_PATH = /^\/__sandbox\/masterpass\/([A-Za-z0-9-]+)$/;
/** The module returns to its own redirect frame (or a popup bridge's URL, which the sandbox never sees). */
const CALLBACK_PATH = /^\/web\/[^/]+\/html\/redirect-frame(\.min)?\.html$/;

/** The cards in the sandbox's Masterpass wallet (ours): documented test numbers and the sandbox's own declining card. */
export const MASTERPASS_WALLET_CARDS = [
  { id: 'mc-4444', label: 'Mastercard ending in 4444', number: '5555555555554444' },
  { id: 'visa-1111', label: 'Visa ending in 1111', number: '4111111111111111' },
  // The sandbox's own declining card: the provider's verification test cards do not decline sales.
  { id: 'mc-0008', label: 'Mastercard ending in 0008 (the bank declines it: 2000 Do Not Honor)', number: '5100000000000008' },
] as const;

interface RequestToken {
  readonly token: string;
  readonly subtotal: string;
  readonly currencyCode: string;
  readonly callbackUrl: string;
  readonly customerId: string | null;
  status: 'created' | 'approved' | 'canceled' | 'tokenized';
  verifier: string | null;
  cardId: string | null;
}

const requestTokens = new Map<string, RequestToken>();
/** At most this many flows are remembered; the oldest go first. */
const REMEMBERED = 500;

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const CURRENCY = /^[A-Z]{3}$/;

function fieldError(request: SandboxRequest, response: ServerResponse, field: string, message: string): void {
  sendJson(request, response, 422, { error: { message }, fieldErrors: [{ field: 'requestToken', fieldErrors: [{ field, code: '93101', message }] }] });
}

/** POST masterpass/request_token {requestToken: {originUrl, subtotal, currencyCode, callbackUrl}}: `{requestToken}`. */
function createRequestToken(request: SandboxRequest, response: ServerResponse, context: SandboxContext, token: ClientTokenRecord, body: JsonObject): void {
  const input = isObject(body.requestToken) ? body.requestToken : {};
  const subtotal = stringOf(input.subtotal) ?? '';
  const currencyCode = (stringOf(input.currencyCode) ?? '').toUpperCase();
  const callbackUrl = stringOf(input.callbackUrl) ?? '';
  if (!AMOUNT.test(subtotal) || Number(subtotal) <= 0) return fieldError(request, response, 'subtotal', 'Subtotal must be a positive amount.');
  if (!CURRENCY.test(currencyCode)) return fieldError(request, response, 'currencyCode', 'Currency code is invalid.');
  if (!callbackUrlAllowed(context, callbackUrl)) return fieldError(request, response, 'callbackUrl', 'Callback URL is invalid.');
  const value = `mp-req-${randomBytes(12).toString('hex')}`;
  requestTokens.set(value, { token: value, subtotal, currencyCode, callbackUrl, customerId: token.customerId, status: 'created', verifier: null, cardId: null });
  while (requestTokens.size > REMEMBERED) requestTokens.delete(requestTokens.keys().next().value as string);
  sendJson(request, response, 201, { requestToken: value });
}

function callbackUrlAllowed(context: SandboxContext, callbackUrl: string): boolean {
  try {
    const url = new URL(callbackUrl);
    return url.origin === new URL(context.config.assetsOrigin).origin && CALLBACK_PATH.test(url.pathname);
  } catch {
    return false;
  }
}

/** `masterpassCards[0]`: braintree-web's Masterpass~tokenizePayload. */
function masterpassCardJson(record: NonceRecord) {
  const { card } = record;
  const address = { countryCodeAlpha2: 'GB', extendedAddress: '', locality: 'London', postalCode: 'EC1A 1BB', region: '', streetAddress: '1 Sandbox Street' };
  return {
    type: 'MasterpassCard',
    nonce: record.nonce,
    description: `${card.cardType} ending in ${card.last4.slice(-2)}`,
    consumed: false,
    details: { cardType: card.cardType, lastFour: card.last4, lastTwo: card.last4.slice(-2) },
    binData: clientBinData(card.number),
    billingAddress: address,
    shippingAddress: address,
  };
}

/** POST payment_methods/masterpass_cards {masterpassCard: {checkoutResourceUrl, requestToken, verifierToken}}. */
function tokenizeMasterpassCard(request: SandboxRequest, response: ServerResponse, context: SandboxContext, body: JsonObject): void {
  const input = isObject(body.masterpassCard) ? body.masterpassCard : {};
  const flow = requestTokens.get(stringOf(input.requestToken) ?? '');
  const verifier = stringOf(input.verifierToken);
  const resource = stringOf(input.checkoutResourceUrl);
  if (!flow || flow.status !== 'approved' || verifier !== flow.verifier || resource !== checkoutResourceUrl(context, flow)) {
    return sendJson(request, response, 422, { error: { message: 'Masterpass checkout could not be retrieved.' } });
  }
  const walletCard = MASTERPASS_WALLET_CARDS.find((card) => card.id === flow.cardId) ?? MASTERPASS_WALLET_CARDS[0];
  // Ours: the wallet's cards expire years ahead, so no test meets an expired one.
  const card = cardRecord({ number: walletCard.number, expirationMonth: '12', expirationYear: String(new Date().getUTCFullYear() + 5), cardholderName: null });
  const record = createNonce(context.store, card, { customerId: flow.customerId, kind: 'MasterpassCard' });
  flow.status = 'tokenized';
  context.store.save();
  sendJson(request, response, 201, { masterpassCards: [masterpassCardJson(record)] });
}

const checkoutResourceUrl = (context: SandboxContext, flow: RequestToken) => `${context.config.clientApiOrigin}/__sandbox/masterpass/checkout/${flow.token}`;

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

const page = (title: string, body: string, scripts: readonly string[] = []) =>
  sandboxPage({ comment: "Ours, not Mastercard's: the payment sandbox's stand-in for the Masterpass wallet.", title, style: STYLE, scripts, body });

function walletBody(flow: RequestToken): string {
  const summary = `      <h1>Masterpass</h1>
      <p>Pay <strong>${escapeHtml(flow.subtotal)} ${escapeHtml(flow.currencyCode)}</strong> with a card from your Masterpass wallet.</p>
      <p class="hint">Payment sandbox: this page stands in for Masterpass, which Mastercard retired for Click to Pay.</p>`;
  if (flow.status !== 'created') return `${summary}\n      <p role="status">This checkout is already ${escapeHtml(flow.status)}.</p>`;
  const cards = MASTERPASS_WALLET_CARDS.map(
    (card, index) => `          <label><input type="radio" name="card" value="${card.id}"${index === 0 ? ' checked' : ''}> ${escapeHtml(card.label)}</label>`,
  ).join('\n');
  return `${summary}
      <form method="post" action="/__sandbox/masterpass/${escapeHtml(flow.token)}" aria-label="Masterpass checkout">
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

/** The popup's first page while the module asks for the request token: the frame service's loading frame. */
const LANDING_FRAME = `<!doctype html>
<!-- Ours, not the provider's: the payment sandbox's Masterpass landing frame for braintree-web's frame service. -->
<html lang="en" data-frame="loading">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Masterpass (payment sandbox)</title>
    <script src="${bundlePath('frame-service')}" defer></script>
  </head>
  <body><main><div id="container"><p role="status">Loading Masterpass…</p></div></main></body>
</html>
`;

function redirectTo(response: ServerResponse, target: string, params: Record<string, string>): void {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  response.writeHead(303, { Location: url.href, 'Cache-Control': 'no-store' }).end();
}

/** POST the wallet page's form: action=approve (with card) or cancel, back to the module's callbackUrl. */
function answerWallet(request: SandboxRequest, response: ServerResponse, context: SandboxContext, flow: RequestToken): void {
  const form = new URLSearchParams(request.body.toString('utf8'));
  if (flow.status !== 'created') return sendHtml(response, 409, page('Masterpass', walletBody(flow)));
  if (form.get('action') === 'approve') {
    const card = MASTERPASS_WALLET_CARDS.find((candidate) => candidate.id === form.get('card'));
    if (!card) return sendHtml(response, 422, page('Masterpass', walletBody(flow)));
    flow.status = 'approved';
    flow.cardId = card.id;
    flow.verifier = randomBytes(10).toString('hex');
    return redirectTo(response, flow.callbackUrl, {
      mpstatus: 'success',
      oauth_token: flow.token,
      oauth_verifier: flow.verifier,
      checkout_resource_url: checkoutResourceUrl(context, flow),
    });
  }
  flow.status = 'canceled';
  redirectTo(response, flow.callbackUrl, { mpstatus: 'cancel', oauth_token: flow.token });
}

function notFound(response: ServerResponse): void {
  sendHtml(response, 404, page('Unknown checkout', '      <h1>Unknown checkout</h1>\n      <p>The payment sandbox has no Masterpass checkout with this token.</p>'));
}

export const masterpassRoutes: RouteHandler = (request, response, context) => {
  const path = request.url.pathname;
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  if (CLIENT_API_PATH.test(path)) {
    return answerClientApiCall(request, response, context, CLIENT_API_PATH, () => 'POST', ({ endpoint, token, body }) =>
      endpoint === 'masterpass/request_token' ? createRequestToken(request, response, context, token, body ?? {}) : tokenizeMasterpassCard(request, response, context, body ?? {}),
    );
  }
  if (LANDING_FRAME_PATH.test(path) && isRead) {
    sendHtml(response, 200, LANDING_FRAME);
    return true;
  }
  if (WALLET_PAGE_PATH.test(path) && isRead) {
    const flow = requestTokens.get(request.url.searchParams.get('requestToken') ?? '');
    if (flow) sendHtml(response, 200, page('Masterpass', walletBody(flow)));
    else notFound(response);
    return true;
  }
  const answer = ANSWER_PATH.exec(path);
  if (answer && request.method === 'POST') {
    const flow = requestTokens.get(answer[1]);
    if (flow) answerWallet(request, response, context, flow);
    else notFound(response);
    return true;
  }
  return false;
};
