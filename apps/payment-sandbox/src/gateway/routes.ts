import { timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { RouteHandler, SandboxConfig, SandboxRequest } from '../context';
import type { GatewayHandler } from './call';
import { generateClientToken } from './client-token';
import { createAddress, deleteAddress, findAddressRoute, updateAddress } from './addresses';
import { createCustomerRoute, deleteCustomer, findCustomer, updateCustomer } from './customers';
import { searchCustomerIds, searchCustomers } from './customer-search';
import { findMerchantAccount, listMerchantAccounts } from './merchant-accounts';
import { Params } from './params';
import {
  createNonceForPaymentMethod,
  createPaymentMethod,
  deleteCreditCard,
  deletePaymentMethodRoute,
  findCreditCard,
  findCreditCardFromNonce,
  findPaymentMethod,
  findPaymentMethodNonce,
  updateCreditCard,
  updatePaymentMethod,
} from './payment-methods';
import { acceptDispute, addEvidence, createDocumentUpload, finalizeDispute, findDispute, removeEvidence, searchDisputes } from './disputes';
import { createVerification, findVerification, searchVerificationIds, searchVerifications } from './verifications';
import type { Reply } from './reply';
import { sale } from './sale';
import { createThreeDSecureVerification } from './three-d-secure-authentications';
import { searchTransactionIds, searchTransactions } from './search';
import {
  findTransaction,
  refundTransaction,
  settlementConfirmTransaction,
  settlementDeclineTransaction,
  settlementPendingTransaction,
  settleTransaction,
  submitForSettlement,
  voidTransaction,
} from './transactions';
import { XML_CONTENT_TYPE, xmlDocument } from './xml';

/**
 * The server API the `braintree` Node SDK calls: `/merchants/{merchantId}/…`, Basic auth with the
 * public and private key, JSON in, XML out.
 */

type Route = readonly [method: string, pattern: string, handler: GatewayHandler];

const ROUTES: readonly Route[] = [
  ['POST', 'client_token', generateClientToken],
  ['POST', 'transactions', sale],
  ['POST', 'transactions/advanced_search_ids', searchTransactionIds],
  ['POST', 'transactions/advanced_search', searchTransactions],
  ['GET', 'transactions/:id', findTransaction],
  ['PUT', 'transactions/:id/submit_for_settlement', submitForSettlement],
  ['PUT', 'transactions/:id/void', voidTransaction],
  ['POST', 'transactions/:id/refund', refundTransaction],
  ['PUT', 'transactions/:id/settle', settleTransaction],
  ['PUT', 'transactions/:id/settlement_confirm', settlementConfirmTransaction],
  ['PUT', 'transactions/:id/settlement_decline', settlementDeclineTransaction],
  ['PUT', 'transactions/:id/settlement_pending', settlementPendingTransaction],
  ['POST', 'three_d_secure/create_verification/:merchantAccountId', createThreeDSecureVerification],
  ['POST', 'customers', createCustomerRoute],
  ['POST', 'customers/advanced_search_ids', searchCustomerIds],
  ['POST', 'customers/advanced_search', searchCustomers],
  ['GET', 'customers/:id', findCustomer],
  ['PUT', 'customers/:id', updateCustomer],
  ['DELETE', 'customers/:id', deleteCustomer],
  ['POST', 'payment_methods', createPaymentMethod],
  ['GET', 'payment_methods/any/:token', findPaymentMethod],
  ['PUT', 'payment_methods/any/:token', updatePaymentMethod],
  ['DELETE', 'payment_methods/any/:token', deletePaymentMethodRoute],
  ['POST', 'payment_methods/:token/nonces', createNonceForPaymentMethod],
  ['GET', 'payment_method_nonces/:nonce', findPaymentMethodNonce],
  ['POST', 'customers/:customerId/addresses', createAddress],
  ['GET', 'customers/:customerId/addresses/:id', findAddressRoute],
  ['PUT', 'customers/:customerId/addresses/:id', updateAddress],
  ['DELETE', 'customers/:customerId/addresses/:id', deleteAddress],
  ['GET', 'payment_methods/credit_card/:token', findCreditCard],
  ['PUT', 'payment_methods/credit_card/:token', updateCreditCard],
  ['DELETE', 'payment_methods/credit_card/:token', deleteCreditCard],
  ['GET', 'payment_methods/from_nonce/:nonce', findCreditCardFromNonce],
  ['POST', 'verifications', createVerification],
  ['POST', 'verifications/advanced_search_ids', searchVerificationIds],
  ['POST', 'verifications/advanced_search', searchVerifications],
  ['GET', 'verifications/:id', findVerification],
  ['GET', 'merchant_accounts', listMerchantAccounts],
  ['GET', 'merchant_accounts/:id', findMerchantAccount],
  ['GET', 'disputes/:id', findDispute],
  ['PUT', 'disputes/:id/accept', acceptDispute],
  ['PUT', 'disputes/:id/finalize', finalizeDispute],
  ['POST', 'disputes/:id/evidence', addEvidence],
  ['DELETE', 'disputes/:id/evidence/:evidenceId', removeEvidence],
  ['POST', 'disputes/advanced_search', searchDisputes],
  ['POST', 'document_uploads', createDocumentUpload],
];

/** The first path segments this group answers; everything else under /merchants (the client API) is left alone. */
const RESOURCES = new Set(ROUTES.map(([, pattern]) => pattern.split('/')[0]));

function match(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = pattern.split('/');
  if (parts.length !== segments.length) return null;
  const captures: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    if (part.startsWith(':')) captures[part.slice(1)] = segments[index];
    else if (part !== segments[index]) return null;
  }
  return captures;
}

function authorized(request: SandboxRequest, config: SandboxConfig): boolean {
  const header = request.headers.authorization ?? '';
  const expected = Buffer.from(`Basic ${Buffer.from(`${config.publicKey}:${config.privateKey}`).toString('base64')}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The SDK sends `X-ApiVersion: 6`; versions before 4 are retired on the provider's side. */
function supportedApiVersion(request: SandboxRequest): boolean {
  const header = request.headers['x-apiversion'];
  // Ours: a request without the header (curl by hand) is served as version 6.
  if (header === undefined) return true;
  const version = Number(Array.isArray(header) ? header[0] : header);
  return Number.isInteger(version) && version >= 4;
}

export function writeReply(response: ServerResponse, reply: Reply): void {
  if (response.destroyed) return;
  if (reply.root === undefined || reply.body === undefined) {
    response.writeHead(reply.status).end();
    return;
  }
  const body = xmlDocument(reply.root, reply.body);
  response.writeHead(reply.status, { 'Content-Type': XML_CONTENT_TYPE, 'Content-Length': Buffer.byteLength(body) }).end(body);
}

export const gatewayRoutes: RouteHandler = async (request, response, context) => {
  const segments = request.url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (segments[0] !== 'merchants' || segments.length < 3 || !RESOURCES.has(segments[2])) return false;
  const [, merchantId, ...rest] = segments;

  // Keys for another merchant id are refused as wrong keys, as the provider does (AuthenticationError).
  if (merchantId !== context.config.merchantId || !authorized(request, context.config)) {
    writeReply(response, { status: 401 });
    return true;
  }
  if (!supportedApiVersion(request)) {
    writeReply(response, { status: 426 });
    return true;
  }
  for (const [method, pattern, handler] of ROUTES) {
    if (method !== request.method) continue;
    const captures = match(pattern, rest);
    if (!captures) continue;
    // A document upload is multipart (its handler reads the parts); everything else is JSON.
    const multipart = String(request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
    const params = multipart ? new Params() : Params.parse(request.body);
    if (!params) {
      response.writeHead(400, { 'Content-Type': 'text/plain' }).end('The body is not a JSON object.');
      return true;
    }
    writeReply(response, await handler({ request, context, params, captures }));
    return true;
  }
  writeReply(response, { status: 404 });
  return true;
};
