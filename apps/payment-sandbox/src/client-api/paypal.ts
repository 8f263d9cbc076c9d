import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { SandboxContext, SandboxRequest } from '../context';
import type { ClientTokenRecord, PayPalOrderRecord } from '../store';
import { isObject, sendJson, stringOf, type JsonObject } from './http';
import { createWalletNonce, PAYPAL_PLACEHOLDER_CARD, paypalAccountJson, SANDBOX_PAYPAL_PAYER } from './wallet-nonces';
import { cartOfNewPayment, creditFinancingOffered, isCartProblem, refuseCart, type CheckedCart } from '../wallets/paypal-cart';
import { popupPagesOf } from '../wallets/paypal-vault-initiated';

/**
 * PayPal through the client API (paypal_hermes and paypal_accounts), as braintree-web's
 * paypal-checkout calls it: set up a payment or billing agreement, then, once the payer approved it
 * on the PayPal JS SDK stand-in, tokenize it into a PayPalAccount nonce.
 */

/** PayPal's id alphabet: upper-case letters and digits. */
export function paypalId(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Ours: the provider's messages for these refusals are not documented; braintree-web reads only the status. */
const invalid = (request: SandboxRequest, response: ServerResponse, message: string) => sendJson(request, response, 422, { error: { message } });

const INTENTS = new Set(['authorize', 'sale', 'order']);

function newOrder(context: SandboxContext, token: ClientTokenRecord, body: JsonObject, flow: PayPalOrderRecord['flow'], cart: CheckedCart | null = null): PayPalOrderRecord {
  const profile = isObject(body.experienceProfile) ? body.experienceProfile : {};
  const checkout = flow === 'checkout';
  // braintree-web sends requestBillingAgreement and billingAgreementDetails with the checkout flow
  // only, and the vault flow's billingAgreementDescription as `description`.
  const requestBillingAgreement = checkout && body.requestBillingAgreement === true;
  const agreementDetails = isObject(body.billingAgreementDetails) ? body.billingAgreementDetails : {};
  const order: PayPalOrderRecord = {
    token: `${checkout ? 'EC' : 'BA'}-${paypalId(17)}`,
    flow,
    paymentId: checkout ? `PAYID-${paypalId(24)}` : null,
    amount: checkout ? Number(stringOf(body.amount)).toFixed(2) : null,
    currency: checkout ? (stringOf(body.currencyIsoCode)?.toUpperCase() ?? null) : null,
    intent: checkout ? (stringOf(body.intent) ?? 'authorize') : null,
    displayName: stringOf(profile.brandName) ?? context.config.displayName,
    requestBillingAgreement,
    billingAgreementDescription: checkout ? (requestBillingAgreement ? stringOf(agreementDetails.description) : null) : stringOf(body.description),
    customerId: token.customerId,
    createdAt: new Date().toISOString(),
    status: 'created',
    payerId: null,
    ...(cart?.lineItems ? { lineItems: cart.lineItems } : {}),
    ...(cart?.amountBreakdown ? { amountBreakdown: cart.amountBreakdown } : {}),
    ...(body.offerPaypalCredit === true ? { offerCredit: true } : {}),
  };
  context.store.state.paypalOrders[order.token] = order;
  context.store.save();
  return order;
}

/** POST paypal_hermes/create_payment_resource (checkout flow): the EC token rides in redirectUrl. */
export function createPaymentResource(request: SandboxRequest, response: ServerResponse, context: SandboxContext, token: ClientTokenRecord, body: JsonObject): void {
  const amount = stringOf(body.amount)?.trim() ?? '';
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return invalid(request, response, 'Amount must be a positive number with at most two decimals.');
  if (!/^[A-Za-z]{3}$/.test(stringOf(body.currencyIsoCode) ?? '')) return invalid(request, response, 'Currency ISO code is required.');
  const intent = stringOf(body.intent);
  if (intent !== null && !INTENTS.has(intent)) return invalid(request, response, 'Intent must be authorize, sale or order.');
  // Vault-initiated checkout names a saved PayPal account of the token's own customer; it and the
  // classic module open PayPal's page in their popup, which returns to their frames.
  const popupPages = popupPagesOf(context, token, body);
  if (typeof popupPages === 'string') return invalid(request, response, popupPages);
  const cart = cartOfNewPayment(body, String(body.currencyIsoCode), amount);
  if (isCartProblem(cart)) return refuseCart(request, response, cart);
  const order = newOrder(context, token, body, 'checkout', cart);
  if (popupPages) {
    context.store.state.paypalOrders[order.token] = { ...order, ...popupPages };
    context.store.save();
  }
  sendJson(request, response, 201, {
    paymentResource: {
      paymentToken: order.paymentId,
      intent: order.intent,
      redirectUrl: `https://www.sandbox.paypal.com/checkoutnow?nolegacy=1&token=${order.token}`,
      authenticateUrl: null,
    },
  });
}

/** POST paypal_hermes/setup_billing_agreement (vault flow): braintree-web reads agreementSetup.tokenId. */
export function setupBillingAgreement(request: SandboxRequest, response: ServerResponse, context: SandboxContext, token: ClientTokenRecord, body: JsonObject): void {
  const order = newOrder(context, token, body, 'vault');
  sendJson(request, response, 201, {
    agreementSetup: { tokenId: order.token, approvalUrl: `https://www.sandbox.paypal.com/agreements/approve?nolegacy=1&ba_token=${order.token}` },
  });
}

function findOrder(context: SandboxContext, account: JsonObject): PayPalOrderRecord | null {
  const orders = Object.values(context.store.state.paypalOrders);
  const billingToken = stringOf(account.billingAgreementToken);
  if (billingToken) return orders.find((order) => order.flow === 'vault' && order.token === billingToken) ?? null;
  // braintree-web sends the onApprove paymentID, else the orderID (the EC token).
  const paymentToken = stringOf(account.paymentToken);
  return orders.find((order) => order.flow === 'checkout' && paymentToken !== null && (order.paymentId === paymentToken || order.token === paymentToken)) ?? null;
}

/** POST payment_methods/paypal_accounts: an approved payment or agreement becomes a single-use PayPalAccount nonce. */
export function tokenizePayPalAccount(request: SandboxRequest, response: ServerResponse, context: SandboxContext, token: ClientTokenRecord, body: JsonObject): void {
  const account = isObject(body.paypalAccount) ? body.paypalAccount : {};
  const order = findOrder(context, account);
  if (!order) return invalid(request, response, 'Unknown PayPal payment token.');
  if (order.status === 'tokenized') return invalid(request, response, 'This PayPal payment has already been tokenized.');
  if (order.status !== 'approved' || order.payerId === null) return invalid(request, response, 'The payer has not approved this PayPal payment.');
  if (order.flow === 'checkout' && stringOf(account.payerId) !== order.payerId) return invalid(request, response, 'Payer ID does not match the approved PayPal payment.');
  order.status = 'tokenized';
  const record = createWalletNonce(context.store, 'PayPalAccount', PAYPAL_PLACEHOLDER_CARD, {
    customerId: token.customerId,
    paypal: {
      payerEmail: SANDBOX_PAYPAL_PAYER.email,
      payerId: order.payerId,
      payerFirstName: SANDBOX_PAYPAL_PAYER.firstName,
      payerLastName: SANDBOX_PAYPAL_PAYER.lastName,
      payerCountryCode: SANDBOX_PAYPAL_PAYER.countryCode,
      paymentId: order.paymentId,
      // The vault flow, and Checkout with Vault, make a billing agreement the merchant may save.
      billingAgreementId: order.flow === 'vault' || order.requestBillingAgreement === true ? `B-${paypalId(17)}` : null,
    },
  });
  context.store.save();
  const json = paypalAccountJson(record, stringOf(account.correlationId));
  // Paid with Pay Later or PayPal Credit: the financing the payer accepted comes with the nonce.
  const financing = creditFinancingOffered(order);
  sendJson(request, response, 201, { paypalAccounts: [financing ? { ...json, details: { ...json.details, creditFinancingOffered: financing } } : json] });
}
