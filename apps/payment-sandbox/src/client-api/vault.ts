import type { ServerResponse } from 'node:http';
import type { SandboxContext, SandboxRequest } from '../context';
import type { ClientTokenRecord } from '../store';
import { isCard, nonceForMethod } from '../gateway/vault';
import { sendJson } from './http';
import { paymentMethodJson } from './payment-methods';
import { paypalAccountJson } from './wallet-nonces';
import { bankNonceDetails } from '../bank-debits/presenters';
import type { NonceRecord } from '../store';

/** A saved bank account in the vault list: its kind, description and account details (never the full number). */
function bankAccountJson(nonce: NonceRecord) {
  const { description, details } = nonce.bankAccount ? bankNonceDetails(nonce.bankAccount) : { description: nonce.kind, details: {} };
  return { type: nonce.kind, nonce: nonce.nonce, description, consumed: false, details, binData: null };
}

/** A saved Venmo account in the vault list (the payer's username names it). */
function venmoAccountJson(nonce: NonceRecord) {
  const username = nonce.venmo?.username ?? null;
  return {
    type: 'VenmoAccount',
    nonce: nonce.nonce,
    description: username ? `Venmo Account: ${username.replace(/^@/, '')}` : 'Venmo Account',
    consumed: false,
    details: { username, venmoUserId: nonce.venmo?.venmoUserId ?? null },
    binData: null,
  };
}

/**
 * GET payment_methods (vault manager): the saved cards, PayPal and bank accounts of the client token's
 * customer, each with a fresh single-use nonce, as the provider hands them out. braintree-web's
 * vault manager keeps nonce, default, details, hasSubscription, type, description and binData.
 */
export function listPaymentMethods(request: SandboxRequest, response: ServerResponse, context: SandboxContext, token: ClientTokenRecord): void {
  const { customerId } = token;
  if (!customerId) {
    // A client token without a customer may not read any vault.
    sendJson(request, response, 403, { error: { message: 'Authorization fingerprint is not authorized to list payment methods.' } });
    return;
  }
  const defaultFirst = request.url.searchParams.get('defaultFirst') === '1';
  const saved = Object.values(context.store.state.paymentMethods)
    .filter((method) => method.customerId === customerId)
    .sort((a, b) => (defaultFirst ? Number(b.isDefault) - Number(a.isDefault) : 0) || a.createdAt.localeCompare(b.createdAt));
  const paymentMethods = saved.map((method) => {
    const nonce = nonceForMethod(context.store, method);
    const json = isCard(method) ? paymentMethodJson(nonce) : method.bankAccount ? bankAccountJson(nonce) : method.venmo ? venmoAccountJson(nonce) : paypalAccountJson(nonce);
    return { ...json, default: method.isDefault, hasSubscription: false };
  });
  context.store.save();
  sendJson(request, response, 200, { paymentMethods });
}
