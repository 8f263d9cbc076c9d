import type { ServerResponse } from 'node:http';
import { bundlePath } from '../assets/bundles';
import { escapeHtml, sandboxPage, sendHtml, sendJavaScript } from '../assets/responses';
import { LOCAL_PAYMENT_LANDING_PATH } from '../client-api/local-payments';
import type { RouteHandler, SandboxContext, SandboxRequest } from '../context';
import type { LocalPaymentRecord } from '../store';
import { BLIK_REFUSED_CODE, LOCAL_PAYMENT_TYPES } from '../test-values';
import { approve, close, expire, findLocalPayment } from './payments';

/**
 * Ours, not the provider's: the page a local payment's redirectUrl opens (in braintree-web's popup,
 * or in the tab for the redirect flow), standing in for the bank's or PayPal's; and braintree-web's
 * unpublished frame-service pages under the assets host (the popup's loading frame, the redirect
 * frame it returns to, the hidden dispatch frame). The landing page is a plain form, so it works
 * without script; its answer sends the payer back to the returnUrl or cancelUrl with the query
 * parameters the return pages read: btLpToken, btLpPaymentId, btLpPayerId, or errorcode.
 */

/** Ours: the payer's bank app for the deferred types, a list of the payments waiting for approval. */
export const BANK_APP_PATH = '/__sandbox/bank-app';
// SEPA's popup uses the same frame service: its own loading frame, and the generic redirect frame.
const FRAME_PAGE_PATH = /^\/web\/[^/]+\/html\/(local-payment-landing-frame|sepa-landing-frame|local-payment-redirect-frame|redirect-frame|dispatch-frame)(\.min)?\.html$/;
const CLOSE_WINDOW_SCRIPT = '/__sandbox/close-window.js';
/** Closes the window only when a page opened it (braintree-web's popup): a tab the payer opened stays. */
const CLOSE_WINDOW_SOURCE = "/* Ours: the payment sandbox's landing page closes its popup. */\nif (window.opener) setTimeout(function () { window.close(); }, 300);\n";

const STYLE = `
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #1a1a1a; background: #fff; }
      main { max-width: 32rem; margin: 0 auto; }
      h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
      label { display: block; font-weight: 600; margin-top: 1rem; }
      input { font: inherit; width: 100%; max-width: 12rem; box-sizing: border-box; padding: 0.5rem; border: 1px solid #555; border-radius: 4px; letter-spacing: 0.2em; }
      input[aria-invalid="true"] { border-color: #b00020; }
      .hint { color: #444; font-size: 0.875rem; margin: 0.25rem 0 0; }
      .error { color: #b00020; margin: 0.25rem 0 0; }
      .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 1.5rem; }
      button { font: inherit; padding: 0.5rem 1rem; border: 1px solid #1a1a1a; border-radius: 4px; background: #fff; color: #1a1a1a; cursor: pointer; }
      button[value="approve"] { background: #1a1a1a; color: #fff; }
      button:focus-visible, input:focus-visible { outline: 3px solid #0a58ca; outline-offset: 2px; }`;

const page = (title: string, body: string, scripts: readonly string[] = []) =>
  sandboxPage({ comment: "Ours, not the provider's: the payment sandbox's stand-in for a local payment's bank page.", title, style: STYLE, scripts, body });

const labelOf = (payment: LocalPaymentRecord) => LOCAL_PAYMENT_TYPES[payment.paymentType]?.label ?? payment.paymentType;
/** BLIK without a code from the merchant's page asks for it here. */
const asksForBlikCode = (payment: LocalPaymentRecord) => payment.paymentType === 'blik' && !payment.deferred;

function landingBody(payment: LocalPaymentRecord, error: string | null): string {
  const label = escapeHtml(labelOf(payment));
  const summary = `      <h1>${label} payment</h1>
      <p>Pay <strong>${escapeHtml(payment.amount)} ${escapeHtml(payment.currency)}</strong> to <strong>${escapeHtml(payment.displayName)}</strong>.</p>
      <p class="hint">Payment sandbox: this page stands in for your bank's. Choose what the payer does.</p>`;
  if (payment.status !== 'created') return `${summary}\n      <p role="status">This payment is already ${escapeHtml(payment.status)}.</p>`;
  const codeField = asksForBlikCode(payment)
    ? `
        <label for="blik-code">BLIK code</label>
        <input id="blik-code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}" aria-describedby="blik-code-hint${error ? ' blik-code-error' : ''}"${error ? ' aria-invalid="true" autofocus' : ''}>
        <p class="hint" id="blik-code-hint">The 6-digit code from your banking app. Test values: any 6 digits are accepted, except ${BLIK_REFUSED_CODE}, which the bank refuses.</p>${error ? `\n        <p class="error" id="blik-code-error" role="alert">${escapeHtml(error)}</p>` : ''}`
    : '';
  const returns = payment.returnUrl !== null;
  const buttons = returns
    ? `<button type="submit" name="action" value="approve">Approve</button>
          <button type="submit" name="action" value="later" formnovalidate>Approve later in the bank app</button>
          <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
          <button type="submit" name="action" value="fail" formnovalidate>Fail</button>
          <button type="submit" name="action" value="expire" formnovalidate>Let it expire</button>`
    : `<button type="submit" name="action" value="approve">Approve</button>
          <button type="submit" name="action" value="expire" formnovalidate>Let it expire</button>`;
  return `${summary}
      <form method="post" aria-label="${label} payment">${codeField}
        <div class="actions">
          ${buttons}
        </div>
      </form>`;
}

function sendLanding(response: ServerResponse, payment: LocalPaymentRecord, error: string | null = null): void {
  sendHtml(response, error ? 422 : 200, page(`${labelOf(payment)} payment`, landingBody(payment, error)));
}

function redirectTo(response: ServerResponse, target: string, params: Record<string, string>): void {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  response.writeHead(303, { Location: url.href, 'Cache-Control': 'no-store' }).end();
}

/** A page that closes the popup (the payer finishes elsewhere), or stays when the payer opened the tab. */
function sendClosingPage(response: ServerResponse, title: string, message: string): void {
  sendHtml(response, 200, page(title, `      <h1>${escapeHtml(title)}</h1>\n      <p role="status">${escapeHtml(message)}</p>`, [CLOSE_WINDOW_SCRIPT]));
}

/** POST the landing page's form: action=approve|later|cancel|fail|expire, code (BLIK). */
function answerLanding(request: SandboxRequest, response: ServerResponse, context: SandboxContext, payment: LocalPaymentRecord): void {
  const form = new URLSearchParams(request.body.toString('utf8'));
  const action = form.get('action');
  if (payment.status !== 'created') return sendLanding(response, payment);
  const token = { btLpToken: payment.token };
  switch (action) {
    case 'approve': {
      if (asksForBlikCode(payment)) {
        const code = (form.get('code') ?? '').trim();
        if (!/^\d{6}$/.test(code)) return sendLanding(response, payment, 'Enter the 6-digit BLIK code from your banking app.');
        if (code === BLIK_REFUSED_CODE) return sendLanding(response, payment, 'Your bank refused this BLIK code. Generate a new code and try again.');
      }
      approve(context, payment);
      if (payment.returnUrl === null) return sendClosingPage(response, 'Payment approved', `You approved ${payment.amount} ${payment.currency} to ${payment.displayName}. You can close this window.`);
      return redirectTo(response, payment.returnUrl, { ...token, btLpPaymentId: payment.paymentId, btLpPayerId: payment.payerId ?? '' });
    }
    case 'later':
      // The payer confirms in their bank's app: the window closes without a return, and the
      // merchant learns of the payment from LOCAL_PAYMENT_COMPLETED only.
      approve(context, payment);
      return sendClosingPage(response, 'Approve in your bank app', 'Confirm the payment in your banking app. You can close this window.');
    case 'cancel':
      close(context, payment, 'canceled');
      return redirectTo(response, payment.cancelUrl ?? '', token);
    case 'fail':
      close(context, payment, 'failed');
      return redirectTo(response, payment.returnUrl ?? '', { ...token, errorcode: 'processing_error' });
    case 'expire':
      expire(context, payment);
      return sendClosingPage(response, 'Payment expired', 'The time to approve this payment ran out. Nothing was charged.');
    default:
      return sendLanding(response, payment, null);
  }
}

function framePage(kind: string): string {
  const frame = kind === 'dispatch-frame' ? 'dispatch' : kind.endsWith('landing-frame') ? 'loading' : 'redirect';
  const content: Readonly<Record<string, string>> = {
    dispatch: '',
    loading: '<p role="status">Loading the payment page…</p>',
    redirect: '<p id="status" role="status">Returning to the shop…</p>',
  };
  return `<!doctype html>
<!-- Ours, not PayPal's or the provider's: the payment sandbox's ${frame} frame for braintree-web's frame service. -->
<html lang="en" data-frame="${frame}">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Payment ${frame} frame (payment sandbox)</title>
    <script src="${bundlePath('frame-service')}" defer></script>
  </head>
  <body><main><div id="container">${content[frame]}</div></main></body>
</html>
`;
}

function bankAppBody(context: SandboxContext): string {
  const waiting = Object.values(context.store.state.localPayments)
    .filter((payment) => payment.deferred && payment.status === 'created')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const items = waiting.map(
    (payment) =>
      `        <li><a href="/__sandbox/lpm/${payment.paymentId}">${escapeHtml(labelOf(payment))}: ${escapeHtml(payment.amount)} ${escapeHtml(payment.currency)} to ${escapeHtml(payment.displayName)}</a> (${escapeHtml(payment.createdAt.slice(11, 19))} UTC)</li>`,
  );
  return `      <h1>Bank app</h1>
      <p class="hint">Payment sandbox: payments that wait for the payer's approval in their bank's app (pay upon invoice, MB WAY, Bancomat Pay, BLIK with a code from the shop).</p>
      ${items.length > 0 ? `<ul>\n${items.join('\n')}\n      </ul>` : '<p>No payment is waiting for approval.</p>'}`;
}

export const localPaymentPageRoutes: RouteHandler = (request, response, context) => {
  const path = request.url.pathname;
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  if (path === BANK_APP_PATH && isRead) {
    sendHtml(response, 200, page('Bank app', bankAppBody(context)));
    return true;
  }
  const frame = FRAME_PAGE_PATH.exec(path);
  if (frame && isRead) {
    sendHtml(response, 200, framePage(frame[1]));
    return true;
  }
  if (path === CLOSE_WINDOW_SCRIPT && isRead) {
    sendJavaScript(response, CLOSE_WINDOW_SOURCE);
    return true;
  }
  const landing = LOCAL_PAYMENT_LANDING_PATH.exec(path);
  if (!landing) return false;
  const payment = findLocalPayment(context, landing[1]);
  if (!payment) {
    sendHtml(response, 404, page('Unknown payment', '      <h1>Unknown payment</h1>\n      <p>The payment sandbox has no local payment with this id.</p>'));
    return true;
  }
  if (isRead) sendLanding(response, payment);
  else if (request.method === 'POST') answerLanding(request, response, context, payment);
  else response.writeHead(405, { Allow: 'GET, POST' }).end();
  return true;
};
