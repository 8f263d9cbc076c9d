import type { ServerResponse } from 'node:http';
import { escapeHtml, sandboxPage, sendHtml } from '../assets/responses';
import type { RouteHandler, SandboxContext, SandboxRequest } from '../context';
import type { SepaMandateRecord } from '../store';
import { findMandateByCart, SEPA_MANDATE_PATH } from './sepa';

/**
 * Ours, not PayPal's: the SEPA mandate page the approvalUrl opens, in braintree-web's 400x570
 * popup or in the tab for the redirect flow. It shows the mandate (creditor, account holder, the
 * IBAN's last four, one-off or recurrent, the payer's rights) and asks for Approve or Cancel. It is a
 * plain form, so it works without script and from the keyboard; its answer sends the payer back to
 * the module's return URL (`success`, `cart_id`) or cancel URL (`cancel`, `cart_id`).
 */

/** Ours: the creditor identifier the mandate names (the Bundesbank's published example). */
export const SANDBOX_CREDITOR_ID = 'DE98ZZZ09999999999';

const STYLE = `
      body { font: 15px/1.45 system-ui, sans-serif; margin: 0; padding: 0.75rem; color: #1a1a1a; background: #fff; }
      main { max-width: 32rem; margin: 0 auto; }
      h1 { font-size: 1.2rem; margin: 0 0 0.5rem; }
      dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.15rem 0.75rem; margin: 0.5rem 0; }
      dt { font-weight: 600; }
      dd { margin: 0; overflow-wrap: anywhere; }
      .mandate { font-size: 0.875rem; border: 1px solid #888; border-radius: 4px; padding: 0.5rem; margin: 0.5rem 0; }
      .hint { color: #444; font-size: 0.8rem; margin: 0.25rem 0 0; }
      .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.75rem; }
      button { font: inherit; padding: 0.5rem 1rem; border: 1px solid #1a1a1a; border-radius: 4px; background: #fff; color: #1a1a1a; cursor: pointer; min-height: 44px; }
      button[value="approve"] { background: #1a1a1a; color: #fff; }
      button:focus-visible { outline: 3px solid #0a58ca; outline-offset: 2px; }`;

const page = (title: string, body: string) =>
  sandboxPage({ comment: "Ours, not PayPal's or the provider's: the payment sandbox's stand-in for the SEPA direct debit mandate page.", title, style: STYLE, scripts: [], body });

const kindOf = (mandate: SepaMandateRecord) => (mandate.mandateType === 'RECURRENT' ? 'Recurring payments' : 'One-off payment');

function mandateBody(context: SandboxContext, mandate: SepaMandateRecord): string {
  const creditor = escapeHtml(context.config.displayName);
  const details = `      <h1 id="mandate-title">SEPA Direct Debit mandate</h1>
      <dl>
        <dt>Creditor</dt><dd>${creditor}</dd>
        <dt>Creditor ID</dt><dd>${SANDBOX_CREDITOR_ID}</dd>
        <dt>Mandate reference</dt><dd>${escapeHtml(mandate.cartId)}</dd>
        <dt>Account holder</dt><dd>${escapeHtml(mandate.accountHolderName)}</dd>
        <dt>IBAN</dt><dd>ending in ${escapeHtml(mandate.iban.slice(-4))}</dd>
        <dt>Type</dt><dd>${kindOf(mandate)}</dd>
      </dl>`;
  if (mandate.status !== 'created') return `${details}\n      <p role="status">This mandate is already ${escapeHtml(mandate.status)}.</p>`;
  return `${details}
      <p class="mandate" id="mandate-text">By approving this mandate, you authorise (A) ${creditor} to send instructions to your bank to debit your account and (B) your bank to debit your account in accordance with the instructions from ${creditor}. As part of your rights, you are entitled to a refund from your bank under the terms and conditions of your agreement with your bank. A refund must be claimed within 8 weeks starting from the date on which your account was debited.</p>
      <form method="post" aria-labelledby="mandate-title" aria-describedby="mandate-text">
        <div class="actions">
          <button type="submit" name="action" value="approve">Approve mandate</button>
          <button type="submit" name="action" value="cancel">Cancel</button>
        </div>
      </form>
      <p class="hint">Payment sandbox: this page stands in for the provider's mandate page.</p>`;
}

function redirectTo(response: ServerResponse, target: string, params: Record<string, string>): void {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  response.writeHead(303, { Location: url.href, 'Cache-Control': 'no-store' }).end();
}

/** POST the mandate form: action=approve|cancel. */
function answerMandate(request: SandboxRequest, response: ServerResponse, context: SandboxContext, mandate: SepaMandateRecord): void {
  const action = new URLSearchParams(request.body.toString('utf8')).get('action');
  if (mandate.status !== 'created' || (action !== 'approve' && action !== 'cancel')) return sendHtml(response, 200, page('SEPA Direct Debit mandate', mandateBody(context, mandate)));
  const now = new Date().toISOString();
  mandate.updatedAt = now;
  if (action === 'approve') {
    mandate.status = 'approved';
    mandate.approvedAt = now;
    context.store.save();
    // The popup flow's return URL already says success=1; the redirect flow's says nothing, and braintree-web looks for success=true.
    return redirectTo(response, mandate.returnUrl, { success: 'true', cart_id: mandate.cartId });
  }
  mandate.status = 'canceled';
  context.store.save();
  return redirectTo(response, mandate.cancelUrl, { cancel: 'true', cart_id: mandate.cartId });
}

export const sepaMandatePageRoutes: RouteHandler = (request, response, context) => {
  const match = SEPA_MANDATE_PATH.exec(request.url.pathname);
  if (!match) return false;
  const mandate = findMandateByCart(context, match[1]);
  if (!mandate) {
    sendHtml(response, 404, page('Unknown mandate', '      <h1>Unknown mandate</h1>\n      <p>The payment sandbox has no SEPA mandate with this reference.</p>'));
    return true;
  }
  if (request.method === 'GET' || request.method === 'HEAD') sendHtml(response, 200, page('SEPA Direct Debit mandate', mandateBody(context, mandate)));
  else if (request.method === 'POST') answerMandate(request, response, context, mandate);
  else response.writeHead(405, { Allow: 'GET, POST' }).end();
  return true;
};
