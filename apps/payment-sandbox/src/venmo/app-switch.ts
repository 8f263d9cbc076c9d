import { escapeHtml, sandboxPage, sendHtml } from '../assets/responses';
import type { RouteHandler, SandboxRequest } from '../context';
import { actOnVenmoContext, allowedVenmoActions, findVenmoContext, SANDBOX_VENMO_USER, type VenmoAppAction, type VenmoPaymentContext } from './payment-contexts';

/**
 * The phone's app switch (braintree-web 3.124.0's mobile flow, venmo/venmo.js getUrl): the module
 * sends the payer to https://venmo.com/braintree/checkout (the app only) or /go/checkout (the app,
 * or Venmo's web login without it: `mobileWebFallBack`) with the payment context as `resource_id`
 * and the return addresses `x-success`, `x-cancel` and `x-error` (the merchant's page with
 * `#venmoSuccess=1`, `#venmoCancel=1`, `#venmoError=1`, or NOOP when the payer must return by
 * hand). The sandbox plays the app there (signed in as its one payer): Approve, Cancel or Fail,
 * then back to the return address as the app does, with the context's id added to its query (as
 * Venmo's own mock app does for the mobile SDKs) and to its fragment, where the module's legacy
 * flow reads the nonce and username. The module then asks the payment context's status.
 */
export const VENMO_APP_SWITCH_PATHS: readonly string[] = ['/braintree/checkout', '/go/checkout'];

const STYLE = `
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #1a1a1a; background: #fff; }
      main { max-width: 28rem; margin: 0 auto; }
      h1 { font-size: 1.25rem; margin: 0 0 0.75rem; color: #0a66c2; }
      .hint { color: #444; font-size: 0.875rem; }
      .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 1rem; }
      button { font: inherit; padding: 0.75rem 1rem; min-height: 44px; border: 1px solid #1a1a1a; border-radius: 4px; background: #fff; color: #1a1a1a; cursor: pointer; }
      button[value="approve"] { background: #1a1a1a; color: #fff; }
      a { color: #0a58ca; }
      button:focus-visible, a:focus-visible { outline: 3px solid #0a58ca; outline-offset: 2px; }`;

type Ending = 'success' | 'cancel' | 'error';

const ENDING_OF_STATUS: Readonly<Record<string, Ending>> = { APPROVED: 'success', CANCELED: 'cancel', FAILED: 'error', EXPIRED: 'error' };

/** The merchant's return address for an ending, or null (NOOP, missing, or not a web address: the payer goes back by hand). */
function returnAddress(request: SandboxRequest, ending: Ending, record: VenmoPaymentContext): string | null {
  const given = request.url.searchParams.get(`x-${ending}`);
  if (!given || given === 'NOOP') return null;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('resource_id', record.id);
  // The module reads the fragment with decodeURIComponent, which leaves '+' alone: encode each value itself.
  const extra: Record<string, string> = { resource_id: record.id };
  if (ending === 'success' && record.paymentMethodId) Object.assign(extra, { paymentMethodNonce: record.paymentMethodId, username: SANDBOX_VENMO_USER.userName });
  if (ending === 'error') Object.assign(extra, record.status === 'EXPIRED' ? { errorCode: 'EXPIRED', errorMessage: 'The payment request expired.' } : { errorCode: 'FAILED', errorMessage: 'The payment could not be authorized.' });
  const fragment = url.hash.replace(/^#/, '');
  url.hash = [fragment, ...Object.entries(extra).map(([key, value]) => `${key}=${encodeURIComponent(value)}`)].filter(Boolean).join('&');
  return url.href;
}

const LABELS: Readonly<Partial<Record<VenmoAppAction, string>>> = { approve: 'Approve', cancel: 'Cancel', fail: 'Fail' };

function body(request: SandboxRequest, record: VenmoPaymentContext | null, notice: string | null): string {
  const note = `      <p class="hint">Payment sandbox: this page plays the payer's Venmo app (and Venmo's web login), signed in as @${SANDBOX_VENMO_USER.userName}.</p>`;
  if (!record) return `      <h1>Venmo</h1>\n${note}\n      <p role="alert">No such payment request.</p>`;
  const actions = allowedVenmoActions(record).filter((action) => LABELS[action]);
  const self = `${request.url.pathname}${request.url.search}`;
  const ending = ENDING_OF_STATUS[record.status];
  const back = ending ? returnAddress(request, ending, record) : null;
  const next = actions.length
    ? `      <form method="post" action="${escapeHtml(self)}">\n        <div class="actions">\n${actions.map((action) => `          <button type="submit" name="action" value="${action}">${LABELS[action]}</button>`).join('\n')}\n        </div>\n      </form>`
    : back
      ? `      <p><a href="${escapeHtml(back)}">Back to the shop</a></p>`
      : '      <p>Nothing more to do here: go back to the shop to finish.</p>';
  return `      <h1>Venmo: pay ${escapeHtml(record.merchantId)}</h1>
${note}
      <p role="status">Status: <strong>${escapeHtml(record.status)}</strong>${notice ? `. ${escapeHtml(notice)}` : ''}</p>
${next}`;
}

const page = (content: string) =>
  sandboxPage({ comment: "Ours, not Venmo's: the payment sandbox's stand-in for the Venmo app a phone switches to.", title: 'Venmo (payment sandbox)', style: STYLE, scripts: [], body: content });

const ENDING_OF_ACTION: Readonly<Partial<Record<VenmoAppAction, Ending>>> = { approve: 'success', cancel: 'cancel', fail: 'error' };

export const venmoAppSwitchRoutes: RouteHandler = (request, response, context) => {
  if (!VENMO_APP_SWITCH_PATHS.includes(request.url.pathname)) return false;
  const id = request.url.searchParams.get('resource_id') ?? '';
  if (request.method === 'GET' || request.method === 'HEAD') {
    sendHtml(response, 200, page(body(request, findVenmoContext(context, id), null)));
    return true;
  }
  if (request.method !== 'POST') return false;
  const action = new URLSearchParams(request.body.toString('utf8')).get('action') ?? '';
  const ending = Object.hasOwn(ENDING_OF_ACTION, action) ? ENDING_OF_ACTION[action as VenmoAppAction] : undefined;
  if (!ending) {
    sendHtml(response, 400, page(body(request, findVenmoContext(context, id), 'Unknown action.')));
    return true;
  }
  const result = actOnVenmoContext(context, id, action as VenmoAppAction);
  if (!result.ok) {
    sendHtml(response, result.status, page(body(request, findVenmoContext(context, id), result.message)));
    return true;
  }
  const back = returnAddress(request, ending, result.record);
  // Back to the merchant as the app does; with no address to go to, the page says what to do.
  if (back) response.writeHead(303, { Location: back, 'Cache-Control': 'no-store' }).end();
  else sendHtml(response, 200, page(body(request, result.record, null)));
  return true;
};
