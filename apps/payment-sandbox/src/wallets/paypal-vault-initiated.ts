import type { ServerResponse } from 'node:http';
import { bundlePath } from '../assets/bundles';
import { escapeHtml, sandboxPage, sendHtml } from '../assets/responses';
import { stringOf, type JsonObject } from '../client-api/http';
import { SANDBOX_PAYPAL_PAYER } from '../client-api/wallet-nonces';
import type { RouteHandler, SandboxContext, SandboxRequest } from '../context';
import { findNonce } from '../gateway/vault';
import type { ClientTokenRecord, PayPalOrderRecord } from '../store';

/**
 * PayPal's vault-initiated checkout (braintree-web's `startVaultInitiatedCheckout`): the module opens
 * its frame-service popup on its PayPal landing frame, asks create_payment_resource for a checkout
 * naming a saved PayPal account (`vaultInitiatedCheckoutPaymentMethodToken`, a nonce of it) with
 * its redirect and cancel frames as returnUrl and cancelUrl, and sends the popup to the redirectUrl.
 * Ours, not PayPal's: the page there (`/checkoutnow` on the PayPal host), where the saved account's
 * payer agrees again or cancels, and the two frames braintree-web does not publish (its landing and
 * cancel frames; the redirect frame is the shared frame-service one, local-payments/pages.ts).
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

const vaultInitiatedOrder = (context: SandboxContext, token: string | null): (PayPalOrderRecord & { vaultInitiated: VaultInitiated }) | null => {
  const order = token && Object.hasOwn(context.store.state.paypalOrders, token) ? context.store.state.paypalOrders[token] : null;
  return order?.vaultInitiated ? (order as PayPalOrderRecord & { vaultInitiated: VaultInitiated }) : null;
};

function checkoutBody(order: PayPalOrderRecord): string {
  const summary = `      <h1>Confirm your payment</h1>
      <p>Pay <strong>${escapeHtml(order.amount ?? '')} ${escapeHtml(order.currency ?? '')}</strong> to <strong>${escapeHtml(order.displayName)}</strong> from your saved PayPal account <strong>${escapeHtml(SANDBOX_PAYPAL_PAYER.email)}</strong>.</p>`;
  if (order.status !== 'created') return `${summary}\n      <p role="status">This payment is already ${escapeHtml(order.status)}.</p>`;
  return `${summary}
      <p>You withdrew ${escapeHtml(order.displayName)}'s permission to charge this account. Agreeing pays this order and lets ${escapeHtml(order.displayName)} charge the account again when you choose it.</p>
      <p class="hint">Payment sandbox: this page stands in for PayPal's. Choose what the payer does.</p>
      <form method="post" aria-label="Confirm your PayPal payment">
        <div class="actions">
          <button type="submit" name="action" value="consent">Agree and pay</button>
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
function answer(request: SandboxRequest, response: ServerResponse, context: SandboxContext, order: PayPalOrderRecord & { vaultInitiated: VaultInitiated }): void {
  const action = new URLSearchParams(request.body.toString('utf8')).get('action');
  if (order.status !== 'created' || (action !== 'consent' && action !== 'cancel')) {
    sendHtml(response, order.status !== 'created' ? 409 : 422, page('PayPal', checkoutBody(order)));
    return;
  }
  if (action === 'cancel') {
    order.status = 'cancelled';
    context.store.save();
    return redirectTo(response, order.vaultInitiated.cancelUrl, { token: order.token });
  }
  order.status = 'approved';
  order.payerId = SANDBOX_PAYPAL_PAYER.payerId;
  // Agreeing again renews the pre-approval at PayPal: the saved account pays again from now on.
  const method = context.store.state.paymentMethods[order.vaultInitiated.paymentMethodToken];
  if (method) {
    method.paypalConsentRevoked = false;
    method.updatedAt = new Date().toISOString();
  }
  context.store.save();
  redirectTo(response, order.vaultInitiated.returnUrl, { token: order.token, PayerID: order.payerId, ...(order.paymentId ? { paymentId: order.paymentId } : {}) });
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
  const order = vaultInitiatedOrder(context, request.url.searchParams.get('token'));
  if (!order) {
    sendHtml(response, 404, page('Unknown payment', '      <h1>Unknown payment</h1>\n      <p>The payment sandbox has no vault-initiated PayPal payment with this token.</p>'));
    return true;
  }
  if (isRead) sendHtml(response, 200, page('Confirm your payment (PayPal sandbox)', checkoutBody(order)));
  else if (request.method === 'POST') answer(request, response, context, order);
  else response.writeHead(405, { Allow: 'GET, POST' }).end();
  return true;
};
