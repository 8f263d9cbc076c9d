import type { RouteHandler } from '../context';
import { createApplePaySession, tokenizeApplePayToken } from './apple-pay';
import { clientTokenByFingerprint, clientTokenOf } from './authorization';
import { configurationFor } from './configuration';
import { tokenizeCard } from './credit-cards';
import { answerPreflight, readJson, sendJson } from './http';
import { legacyRequest } from './legacy';
import { createLocalPayment, isLocalPaymentTokenization, tokenizeLocalPayment } from './local-payments';
import { createPaymentResource, setupBillingAgreement, tokenizePayPalAccount } from './paypal';
import { patchPaymentResource } from '../wallets/paypal-cart';
import { authenticateFromJwt, lookup } from './three-d-secure';
import { listPaymentMethods } from './vault';
import { createSepaMandate, describeSepaMandate, tokenizeSepaAccount } from '../bank-debits/sepa';

const CLIENT_API_PATH = /^\/merchants\/([^/]+)\/client_api\/v1\/(.+)$/;
const SEPA_MANDATE_DETAIL_PATH = /^sepa_debit\/([A-Za-z0-9]+)$/;
const THREE_D_SECURE_PATH = /^payment_methods\/([^/]+)\/three_d_secure\/(lookup|authenticate_from_jwt)$/;

/**
 * The client API braintree-web calls from the browser (JSON, camelCase, CORS): configuration,
 * card tokenization, the vault list, the 3-D Secure lookup and authentication, and the wallets'
 * calls (PayPal payment resources and accounts, Apple Pay sessions and tokens), local payments,
 * and SEPA direct debit mandates.
 */
export const clientApiRoutes: RouteHandler = async (request, response, context) => {
  const match = CLIENT_API_PATH.exec(request.url.pathname);
  if (!match) return false;
  if (request.method === 'OPTIONS') {
    answerPreflight(request, response);
    return true;
  }
  const [, merchantId, path] = match;
  if (merchantId !== context.config.merchantId) {
    sendJson(request, response, 404, { error: { message: `Unknown merchant ${merchantId}.` } });
    return true;
  }
  // The older clients' dialect is read into braintree-web 3's; braintree-web 3's own is read as it always was.
  const legacy = legacyRequest(request, path);
  const endpoint = legacy?.endpoint ?? path;
  const body = legacy ? legacy.body : request.method === 'GET' ? null : readJson(request);
  const token = legacy ? clientTokenByFingerprint(context.store, legacy.fingerprint) : clientTokenOf(context.store, request, body);
  if (!token) {
    sendJson(request, response, 401, { error: { message: 'Authorization fingerprint is invalid.' } });
    return true;
  }
  const route = `${request.method} ${endpoint}`;
  const threeDSecure = THREE_D_SECURE_PATH.exec(endpoint);
  if (route === 'GET configuration') sendJson(request, response, 200, configurationFor(context, token));
  else if (route === 'POST payment_methods/credit_cards') tokenizeCard(request, response, context, token, body ?? {}, legacy ? 'legacy' : 'current');
  else if (route === 'POST paypal_hermes/create_payment_resource') createPaymentResource(request, response, context, token, body ?? {});
  else if (route === 'POST paypal_hermes/setup_billing_agreement') setupBillingAgreement(request, response, context, token, body ?? {});
  else if (route === 'POST paypal_hermes/patch_payment_resource') patchPaymentResource(request, response, context, token, body ?? {});
  else if (route === 'POST local_payments/create') await createLocalPayment(request, response, context, token, body ?? {});
  else if (route === 'POST payment_methods/paypal_accounts' && isLocalPaymentTokenization(context, body ?? {})) tokenizeLocalPayment(request, response, context, body ?? {});
  else if (route === 'POST payment_methods/paypal_accounts') tokenizePayPalAccount(request, response, context, token, body ?? {});
  else if (route === 'POST apple_pay_web/sessions') createApplePaySession(request, response, context, body ?? {});
  else if (route === 'POST payment_methods/apple_payment_tokens') tokenizeApplePayToken(request, response, context, token, body ?? {});
  else if (route === 'POST sepa_debit') createSepaMandate(request, response, context, token, body ?? {});
  else if (route === 'POST payment_methods/sepa_debit_accounts') tokenizeSepaAccount(request, response, context, token, body ?? {});
  else if (request.method === 'GET' && SEPA_MANDATE_DETAIL_PATH.test(endpoint)) describeSepaMandate(request, response, context, SEPA_MANDATE_DETAIL_PATH.exec(endpoint)?.[1] ?? '');
  else if (route === 'GET payment_methods') listPaymentMethods(request, response, context, token);
  else if (threeDSecure && request.method === 'POST' && threeDSecure[2] === 'lookup') lookup(request, response, context, threeDSecure[1], body ?? {});
  else if (threeDSecure && request.method === 'POST') authenticateFromJwt(request, response, context, threeDSecure[1], body ?? {});
  else sendJson(request, response, 404, { error: { message: `The sandbox does not serve ${route}.` } });
  return true;
};
