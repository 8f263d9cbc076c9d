import type { ServerResponse } from 'node:http';
import type { SandboxContext, SandboxRequest } from '../context';
import { isObject, readJson, sendJson, stringOf } from '../client-api/http';
import { paypalId } from '../client-api/paypal';
import { SANDBOX_PAYPAL_PAYER } from '../client-api/wallet-nonces';
import type { PayPalOrderRecord } from '../store';

/**
 * Ours: what PayPal's own approval pages do, as JSON endpoints for the PayPal JS SDK stand-in
 * (src/browser/paypal-sdk.ts), served under the PayPal host the SDK came from. The provider's buyer
 * logs in and approves at paypal.com; here the sandbox's one buyer approves or cancels by a button.
 */
export const PAYPAL_ORDER_PATH = /^\/__sandbox\/paypal\/orders\/([A-Za-z0-9-]+)(?:\/(approve|cancel))?$/;

const summary = (order: PayPalOrderRecord) => ({
  token: order.token,
  flow: order.flow,
  amount: order.amount,
  currency: order.currency,
  displayName: order.displayName,
  status: order.status,
  payerEmail: SANDBOX_PAYPAL_PAYER.email,
  // Checkout with Vault: the payer also agrees to future charges, as on PayPal's own page.
  billingAgreement: order.flow === 'vault' || order.requestBillingAgreement === true,
  billingAgreementDescription: order.billingAgreementDescription ?? null,
  // The cart the merchant sent (createPayment, then any updatePayment), as PayPal's page lists it.
  lineItems: order.lineItems ?? [],
  amountBreakdown: order.amountBreakdown ?? null,
  offerCredit: order.offerCredit === true,
  updates: order.updates ?? 0,
  fundingSource: order.fundingSource ?? null,
});

/** The SDK's buttons the payer may approve with (a vault agreement only with PayPal itself). */
const FUNDING_SOURCES = new Set(['paypal', 'paylater', 'credit']);

/** What PayPal's JS SDK hands onApprove: braintree-web's tokenizePayment reads orderID, payerID, paymentID, billingToken. */
const approvalData = (order: PayPalOrderRecord) => ({
  orderID: order.token,
  payerID: order.payerId,
  paymentID: order.paymentId,
  billingToken: order.flow === 'vault' ? order.token : null,
  facilitatorAccessToken: `A21AA${paypalId(40)}`,
  paymentSource: order.fundingSource ?? 'paypal',
});

/** GET …/orders/TOKEN (the dialog's amount), POST …/approve, POST …/cancel. */
export function answerPayPalOrder(request: SandboxRequest, response: ServerResponse, context: SandboxContext, token: string, action: string | undefined): void {
  const order = Object.hasOwn(context.store.state.paypalOrders, token) ? context.store.state.paypalOrders[token] : null;
  if (!order) return sendJson(request, response, 404, { error: 'Unknown PayPal order.' });
  if (action === undefined) {
    if (request.method !== 'GET') return sendJson(request, response, 405, { error: 'GET only.' });
    return sendJson(request, response, 200, summary(order));
  }
  if (request.method !== 'POST') return sendJson(request, response, 405, { error: 'POST only.' });
  if (order.status !== 'created') return sendJson(request, response, 409, { error: `This PayPal order is already ${order.status}.` });
  if (action === 'approve') {
    const body = readJson(request);
    const fundingSource = (isObject(body) ? stringOf(body.fundingSource) : null) ?? 'paypal';
    if (!FUNDING_SOURCES.has(fundingSource) || (fundingSource !== 'paypal' && order.flow !== 'checkout')) {
      return sendJson(request, response, 422, { error: `Ours: this PayPal order cannot be approved with ${fundingSource}.` });
    }
    order.fundingSource = fundingSource;
    order.status = 'approved';
    order.payerId = SANDBOX_PAYPAL_PAYER.payerId;
  } else {
    order.status = 'cancelled';
  }
  context.store.save();
  sendJson(request, response, 200, action === 'approve' ? approvalData(order) : { orderID: order.token });
}
