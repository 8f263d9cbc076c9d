import { bundlePath } from '../assets/bundles';
import { escapeHtml, sandboxPage, sendHtml } from '../assets/responses';
import { answerPreflight, sendJson } from '../client-api/http';
import type { RouteHandler } from '../context';
import { venmoAppSwitchRoutes } from './app-switch';
import { actOnVenmoContext, allowedVenmoActions, findVenmoContext, isVenmoAppAction, listVenmoContexts, SANDBOX_VENMO_USER, type VenmoPaymentContext } from './payment-contexts';

/**
 * Ours, not the provider's: braintree-web's Venmo desktop frame (unpublished, so the sandbox's own,
 * under the assets host), the page that plays the payer's Venmo app for a payment context (Scan,
 * then Approve, Cancel or Fail), and the control endpoints tests use in its place:
 * `GET /__sandbox/venmo/payment-contexts` lists contexts (newest first) and
 * `POST /__sandbox/venmo/payment-contexts/{id}/{scan|approve|cancel|fail|expire}` acts on one.
 */
export const VENMO_DESKTOP_FRAME_PATH = /^\/web\/[^/]+\/html\/venmo-desktop-frame(\.min)?\.html$/;
export const VENMO_APP_PATH = '/__sandbox/venmo-app';
const CONTROL_LIST_PATH = '/__sandbox/venmo/payment-contexts';
const CONTROL_ACTION_PATH = /^\/__sandbox\/venmo\/payment-contexts\/([^/]+)\/([a-z]+)$/;

const FRAME_STYLE = `
      html, body { margin: 0; height: 100%; }
      body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: rgba(0, 0, 0, 0.7); display: flex; align-items: center; justify-content: center; }
      main { width: 100%; display: flex; justify-content: center; }
      .dialog { background: #fff; border-radius: 8px; padding: 1.5rem; width: min(22rem, calc(100vw - 2rem)); box-sizing: border-box; text-align: center; }
      h1 { font-size: 1.25rem; margin: 0 0 0.75rem; color: #008cff; }
      img { display: block; margin: 0.5rem auto; max-width: 100%; height: auto; }
      .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; justify-content: center; margin-top: 1rem; }
      button { font: inherit; padding: 0.5rem 1rem; border: 1px solid #1a1a1a; border-radius: 4px; background: #fff; color: #1a1a1a; cursor: pointer; }
      #venmo-retry { background: #1a1a1a; color: #fff; }
      a { color: #0a58ca; }
      button:focus-visible, a:focus-visible { outline: 3px solid #0a58ca; outline-offset: 2px; }`;

const APP_STYLE = `
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #1a1a1a; background: #fff; }
      main { max-width: 28rem; margin: 0 auto; }
      h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
      .hint { color: #444; font-size: 0.875rem; }
      .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 1rem; }
      button { font: inherit; padding: 0.5rem 1rem; border: 1px solid #1a1a1a; border-radius: 4px; background: #fff; color: #1a1a1a; cursor: pointer; }
      button[value="approve"], button[value="scan"] { background: #1a1a1a; color: #fff; }
      button:focus-visible, a:focus-visible { outline: 3px solid #0a58ca; outline-offset: 2px; }
      ul { padding-left: 1.25rem; }`;

const framePage = () =>
  sandboxPage({
    comment: "Ours, not the provider's: the payment sandbox's stand-in for braintree-web's Venmo desktop (QR code) frame.",
    title: 'Pay with Venmo',
    style: FRAME_STYLE,
    scripts: [bundlePath('venmo-desktop-frame')],
    body: '',
  });

const ACTION_LABELS = { scan: 'Scan the QR code', approve: 'Approve', cancel: 'Cancel', fail: 'Fail' } as const;
const hasLabel = (action: string): action is keyof typeof ACTION_LABELS => Object.hasOwn(ACTION_LABELS, action);

const appHref = (id: string) => `${VENMO_APP_PATH}?context=${encodeURIComponent(id)}`;

function appBody(record: VenmoPaymentContext | null, notice: string | null): string {
  const note = `      <p class="hint">Payment sandbox: this page plays the payer's Venmo app (signed in as @${SANDBOX_VENMO_USER.userName}).</p>`;
  if (!record) return `      <h1>Venmo</h1>\n${note}\n      <p role="alert">No such payment request.</p>`;
  const actions = allowedVenmoActions(record).filter(hasLabel);
  const buttons = actions.map((action) => `          <button type="submit" name="action" value="${action}">${ACTION_LABELS[action]}</button>`).join('\n');
  return `      <h1>Venmo: pay ${escapeHtml(record.merchantId)}</h1>
${note}
      <p role="status">Status: <strong>${escapeHtml(record.status)}</strong>${notice ? `. ${escapeHtml(notice)}` : ''}</p>
${actions.length ? `      <form method="post" action="${escapeHtml(appHref(record.id))}">\n        <div class="actions">\n${buttons}\n        </div>\n      </form>` : '      <p>Nothing more to do here.</p>'}`;
}

function listBody(records: readonly VenmoPaymentContext[]): string {
  const items = records.map((record) => `        <li><a href="${escapeHtml(appHref(record.id))}">${escapeHtml(record.createdAt)}</a>: ${escapeHtml(record.status)}</li>`).join('\n');
  return `      <h1>Venmo: payment requests</h1>
      <p class="hint">Payment sandbox: this page plays the payer's Venmo app (signed in as @${SANDBOX_VENMO_USER.userName}).</p>
${records.length ? `      <ul>\n${items}\n      </ul>` : '      <p>No payment requests yet.</p>'}`;
}

const appPage = (body: string) =>
  sandboxPage({ comment: "Ours, not Venmo's: the payment sandbox's stand-in for the payer's Venmo app.", title: 'Venmo (payment sandbox)', style: APP_STYLE, scripts: [], body });

/** A context as the control endpoints show it: everything but the client token it belongs to. */
const publicView = (record: VenmoPaymentContext) => {
  const { id, merchantId, createdAt, expiresAt, intent, paymentMethodUsage, customerClient, legacy, status, paymentMethodId } = record;
  return { id, merchantId, createdAt, expiresAt, intent, paymentMethodUsage, customerClient, legacy, status, paymentMethodId };
};

/** The urlencoded form's `action`. */
const formAction = (body: Buffer) => new URLSearchParams(body.toString('utf8')).get('action') ?? '';

export const venmoRoutes: RouteHandler = async (request, response, context) => {
  if (await venmoAppSwitchRoutes(request, response, context)) return true;
  const path = request.url.pathname;
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  if (isRead && VENMO_DESKTOP_FRAME_PATH.test(path)) {
    sendHtml(response, 200, framePage());
    return true;
  }
  if (path === VENMO_APP_PATH) {
    const id = request.url.searchParams.get('context');
    if (isRead) {
      sendHtml(response, 200, appPage(id ? appBody(findVenmoContext(context, id), null) : listBody(listVenmoContexts(context))));
      return true;
    }
    if (request.method === 'POST' && id) {
      const action = formAction(request.body);
      if (!isVenmoAppAction(action) || action === 'expire') {
        sendHtml(response, 400, appPage(appBody(findVenmoContext(context, id), 'Unknown action.')));
        return true;
      }
      const result = actOnVenmoContext(context, id, action);
      if (!result.ok) {
        sendHtml(response, result.status, appPage(appBody(findVenmoContext(context, id), result.message)));
        return true;
      }
      // Back to the page (GET), so reloading it does not act twice.
      response.writeHead(303, { Location: appHref(id) }).end();
      return true;
    }
  }
  const control = CONTROL_ACTION_PATH.exec(path);
  if ((control || path === CONTROL_LIST_PATH) && request.method === 'OPTIONS') {
    answerPreflight(request, response);
    return true;
  }
  if (path === CONTROL_LIST_PATH && isRead) {
    sendJson(request, response, 200, { paymentContexts: listVenmoContexts(context).map(publicView) });
    return true;
  }
  if (control && request.method === 'POST') {
    const [, encodedId, action] = control;
    let id: string;
    try {
      id = decodeURIComponent(encodedId);
    } catch {
      id = encodedId;
    }
    if (!isVenmoAppAction(action)) {
      sendJson(request, response, 400, { error: `Unknown action ${action}: scan, approve, cancel, fail or expire.` });
      return true;
    }
    const result = actOnVenmoContext(context, id, action);
    if (!result.ok) sendJson(request, response, result.status, { error: result.message });
    else sendJson(request, response, 200, { paymentContext: publicView(result.record) });
    return true;
  }
  return false;
};
