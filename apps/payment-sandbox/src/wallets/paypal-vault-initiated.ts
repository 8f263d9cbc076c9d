import type { ServerResponse } from 'node:http';
import { bundlePath } from '../assets/bundles';
import { escapeHtml, sandboxPage, sendHtml } from '../assets/responses';
import { stringOf, type JsonObject } from '../client-api/http';
import { SANDBOX_PAYPAL_PAYER } from '../client-api/wallet-nonces';
import type { RouteHandler, SandboxContext, SandboxRequest } from '../context';
import { findNonce } from '../gateway/vault';
import type { ClientTokenRecord, PayPalOrderRecord } from '../store';

/**
 * PayPal's page in braintree-web's own popup, for the two flows that use it (the PayPal JS SDK's
 * flows use the SDK stand-in's dialog instead).
 *
 * Vault-initiated checkout (braintree-web's `startVaultInitiatedCheckout`): the module opens
 * its frame-service popup on its PayPal landing frame, asks create_payment_resource for a checkout
 * naming a saved PayPal account (`vaultInitiatedCheckoutPaymentMethodToken`, a nonce of it) with
 * its redirect and cancel frames as returnUrl and cancelUrl, and sends the popup to the redirectUrl.
 * Ours, not PayPal's: the page there (`/checkoutnow` on the PayPal host), where the saved account's
 * payer agrees again or cancels, and the two frames braintree-web does not publish (its landing and
 * cancel frames; the redirect frame is the shared frame-service one, local-payments/pages.ts).
 *
 * The deprecated classic `paypal` module (`tokenize({flow: 'checkout'})`) opens the same landing
 * frame and sends the popup to the same page, with its redirect and cancel frames as returnUrl and
 * cancelUrl; the payer pays or cancels there.
 */

type VaultInitiated = NonNullable<PayPalOrderRecord['vaultInitiated']>;

const NOT_SAVED_PAYPAL = 'vaultInitiatedCheckoutPaymentMethodToken is not a saved PayPal account.';

/**
 * The saved account a create_payment_resource body names, null when it names none, or why it is
 * refused (the provider's wording is undocumented; braintree-web reads only the 422). The nonce
 * must be one of the client token's own customer: another customer's account is never offered.
 */
export function vaultInitiatedAccount(context: SandboxContext, token: ClientTokenRecord, body: JsonObject): VaultInitiated | null | string {
  if (!Object.hasOwn(body, 'vaultInitiatedCheckoutPaymentMethodToken')) return null;
  const nonceValue = stringOf(body.vaultInitiatedCheckoutPaymentMethodToken);
  const found = nonceValue ? findNonce(context.store, nonceValue) : null;
  if (!found || 'problem' in found) return 'Unknown vaultInitiatedCheckoutPaymentMethodToken.';
  const method = found.nonce.paymentMethodToken ? context.store.state.paymentMethods[found.nonce.paymentMethodToken] : undefined;
  if (!method?.paypal || token.customerId === null || method.customerId !== token.customerId) return NOT_SAVED_PAYPAL;
  const returnUrl = stringOf(body.returnUrl);
  const cancelUrl = stringOf(body.cancelUrl);
  if (!returnUrl || !cancelUrl || !URL.canParse(returnUrl) || !URL.canParse(cancelUrl)) return 'returnUrl and cancelUrl are required.';
  return { paymentMethodToken: method.token, returnUrl, cancelUrl };
}

/** The configuration's `paypal.assetsUrl` (client-api/wallet-configuration.ts): where braintree-web's PayPal frames live. */
const PAYPAL_ASSETS_ORIGIN = 'https://checkout.paypal.com';
const FRAME_OF = (name: string) => new RegExp(`^/web/[^/]+/html/${name}(\\.min)?\\.html$`);

/**
 * The classic module's return pages: its redirect and cancel frames under the assets host, which
 * the PayPal JS SDK's flows never send (their returnUrl is PayPal's error page, unused).
 */
function classicReturnOf(body: JsonObject): PayPalOrderRecord['classicReturn'] | null {
  const returnUrl = stringOf(body.returnUrl);
  const cancelUrl = stringOf(body.cancelUrl);
  if (!returnUrl || !cancelUrl || !URL.canParse(returnUrl) || !URL.canParse(cancelUrl)) return null;
  const [back, cancel] = [new URL(returnUrl), new URL(cancelUrl)];
  if (back.origin !== PAYPAL_ASSETS_ORIGIN || cancel.origin !== PAYPAL_ASSETS_ORIGIN || !FRAME_OF('redirect-frame').test(back.pathname) || !FRAME_OF('cancel-frame').test(cancel.pathname)) return null;
  return { returnUrl, cancelUrl };
}

/** What a checkout opened in braintree-web's popup adds to its order, nothing, or why it is refused. */
export function popupPagesOf(context: SandboxContext, token: ClientTokenRecord, body: JsonObject): Pick<PayPalOrderRecord, 'vaultInitiated' | 'classicReturn'> | null | string {
  const vaultInitiated = vaultInitiatedAccount(context, token, body);
  if (typeof vaultInitiated === 'string') return vaultInitiated;
  if (vaultInitiated) return { vaultInitiated };
  const classicReturn = classicReturnOf(body);
  return classicReturn ? { classicReturn } : null;
}

const CHECKOUT_PATH = '/checkoutnow';
const LANDING_FRAME_PATH = /^\/web\/[^/]+\/html\/paypal-landing-frame(\.min)?\.html$/;
const CANCEL_FRAME_PATH = /^\/web\/[^/]+\/html\/cancel-frame(\.min)?\.html$/;
/** local-payments/pages.ts's script: closes the window when a page opened it. */
const CLOSE_WINDOW_SCRIPT = '/__sandbox/close-window.js';

const STYLE = `
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #1a1a1a; background: #fff; }
      main { max-width: 32rem; margin: 0 auto; }
      h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
      .hint { color: #444; font-size: 0.875rem; }
      .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 1.5rem; }
      button { font: inherit; padding: 0.5rem 1rem; border: 1px solid #1a1a1a; border-radius: 4px; background: #fff; color: #1a1a1a; cursor: pointer; }
      button[value="consent"] { background: #003087; border-color: #003087; color: #fff; }
      button:focus-visible { outline: 3px solid #0a58ca; outline-offset: 2px; }`;

const page = (title: string, body: string, scripts: readonly string[] = []) =>
  sandboxPage({ comment: "Ours, not PayPal's: the payment sandbox's PayPal page for vault-initiated checkout.", title, style: STYLE, scripts, body });

/** braintree-web's landing and cancel frames: the popup's first page (and its page while the merchant tokenizes), and the page that closes it. */
function framePage(kind: 'loading' | 'cancel'): string {
  return `<!doctype html>
<!-- Ours, not PayPal's or the provider's: the payment sandbox's PayPal ${kind === 'loading' ? 'landing' : 'cancel'} frame for braintree-web's frame service. -->
<html lang="en" data-frame="${kind}">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>PayPal (payment sandbox)</title>
    <script src="${kind === 'loading' ? bundlePath('frame-service') : CLOSE_WINDOW_SCRIPT}" defer></script>
  </head>
  <body><main><p role="status">${kind === 'loading' ? 'Loading PayPal…' : 'Returning to the shop…'}</p></main></body>
</html>
`;
}

/** Where braintree-web's popup goes back to from an order opened in it (vault-initiated or classic). */
const returnPagesOf = (order: PayPalOrderRecord) => order.vaultInitiated ?? order.classicReturn ?? null;

/** An order opened in braintree-web's popup, by its EC token. */
const popupOrder = (context: SandboxContext, token: string | null): PayPalOrderRecord | null => {
  const order = token && Object.hasOwn(context.store.state.paypalOrders, token) ? context.store.state.paypalOrders[token] : null;
  return order && returnPagesOf(order) ? order : null;
};

function checkoutBody(order: PayPalOrderRecord): string {
  const amount = `<strong>${escapeHtml(order.amount ?? '')} ${escapeHtml(order.currency ?? '')}</strong> to <strong>${escapeHtml(order.displayName)}</strong>`;
  const summary = order.vaultInitiated
    ? `      <h1>Confirm your payment</h1>
      <p>Pay ${amount} from your saved PayPal account <strong>${escapeHtml(SANDBOX_PAYPAL_PAYER.email)}</strong>.</p>`
    : `      <h1>Pay with PayPal</h1>
      <p>Signed in as <strong>${escapeHtml(SANDBOX_PAYPAL_PAYER.email)}</strong>. Pay ${amount}.</p>`;
  if (order.status !== 'created') return `${summary}\n      <p role="status">This payment is already ${escapeHtml(order.status)}.</p>`;
  const why = order.vaultInitiated
    ? `\n      <p>You withdrew ${escapeHtml(order.displayName)}'s permission to charge this account. Agreeing pays this order and lets ${escapeHtml(order.displayName)} charge the account again when you choose it.</p>`
    : '';
  return `${summary}${why}
      <p class="hint">Payment sandbox: this page stands in for PayPal's. Choose what the payer does.</p>
      <form method="post" aria-label="${order.vaultInitiated ? 'Confirm your PayPal payment' : 'Pay with PayPal'}">
        <div class="actions">
          <button type="submit" name="action" value="consent">${order.vaultInitiated ? 'Agree and pay' : 'Pay now'}</button>
          <button type="submit" name="action" value="cancel">Cancel and return to the shop</button>
        </div>
      </form>`;
}

function redirectTo(response: ServerResponse, target: string, params: Record<string, string>): void {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  response.writeHead(303, { Location: url.href, 'Cache-Control': 'no-store' }).end();
}

/** The payer's answer: PayPal's return carries token, PayerID and paymentId (what braintree-web tokenizes); a cancel, the token only. */
function answer(request: SandboxRequest, response: ServerResponse, context: SandboxContext, order: PayPalOrderRecord): void {
  const returnPages = returnPagesOf(order);
  if (!returnPages) return;
  const action = new URLSearchParams(request.body.toString('utf8')).get('action');
  if (order.status !== 'created' || (action !== 'consent' && action !== 'cancel')) {
    sendHtml(response, order.status !== 'created' ? 409 : 422, page('PayPal', checkoutBody(order)));
    return;
  }
  if (action === 'cancel') {
    order.status = 'cancelled';
    context.store.save();
    return redirectTo(response, returnPages.cancelUrl, { token: order.token });
  }
  order.status = 'approved';
  order.payerId = SANDBOX_PAYPAL_PAYER.payerId;
  // Agreeing again renews the saved account's pre-approval at PayPal: it pays again from now on.
  const method = order.vaultInitiated ? context.store.state.paymentMethods[order.vaultInitiated.paymentMethodToken] : undefined;
  if (method) {
    method.paypalConsentRevoked = false;
    method.updatedAt = new Date().toISOString();
  }
  context.store.save();
  redirectTo(response, returnPages.returnUrl, { token: order.token, PayerID: order.payerId, ...(order.paymentId ? { paymentId: order.paymentId } : {}) });
}

export const payPalVaultInitiatedRoutes: RouteHandler = (request, response, context) => {
  const path = request.url.pathname;
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  if (isRead && LANDING_FRAME_PATH.test(path)) {
    sendHtml(response, 200, framePage('loading'));
    return true;
  }
  if (isRead && CANCEL_FRAME_PATH.test(path)) {
    sendHtml(response, 200, framePage('cancel'));
    return true;
  }
  if (path !== CHECKOUT_PATH) return false;
  const order = popupOrder(context, request.url.searchParams.get('token'));
  if (!order) {
    sendHtml(response, 404, page('Unknown payment', '      <h1>Unknown payment</h1>\n      <p>The payment sandbox has no PayPal payment with this token for a PayPal window.</p>'));
    return true;
  }
  if (isRead) sendHtml(response, 200, page(`${order.vaultInitiated ? 'Confirm your payment' : 'Pay with PayPal'} (PayPal sandbox)`, checkoutBody(order)));
  else if (request.method === 'POST') answer(request, response, context, order);
  else response.writeHead(405, { Allow: 'GET, POST' }).end();
  return true;
};
