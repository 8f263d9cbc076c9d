import type { RouteHandler } from '../context';
import { sendBundle } from '../assets/bundles';
import { sendHtml } from '../assets/responses';
import { answerPreflight, corsHeaders } from '../client-api/http';
import { GOOGLE_PAY_TOKENIZE_PATH, tokenizeGooglePay } from './google-pay';
import { answerGraphQL, GRAPHQL_PATH } from './graphql';
import { answerPayPalOrder, PAYPAL_ORDER_PATH } from './paypal-approval';

/** braintree-web's PayPal frame service loads this from `paypal.assetsUrl` (checkout.paypal.com) at create. */
const DISPATCH_FRAME_PATH = /^\/web\/[^/]+\/html\/dispatch-frame(\.min)?\.html$/;

const DISPATCH_FRAME_PAGE = `<!doctype html>
<!--
  Ours, not PayPal's: an empty stand-in for the dispatch frame braintree-web's PayPal module loads.
  The frame relays PayPal popups for vault-initiated checkout, which the sandbox does not model; the
  PayPal JS SDK stand-in approves in the merchant's page instead.
-->
<html lang="en"><head><meta charset="utf-8"><title>PayPal dispatch frame (payment sandbox)</title></head><body></body></html>
`;

/**
 * The wallets' browser side under their own hosts: the PayPal JS SDK and Google Pay stand-ins and
 * the endpoints they call, PayPal's dispatch frame, and the provider's GraphQL endpoint.
 */
export const walletRoutes: RouteHandler = async (request, response, context) => {
  const path = request.url.pathname;
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  const order = PAYPAL_ORDER_PATH.exec(path);
  const crossOrigin = order !== null || path === GOOGLE_PAY_TOKENIZE_PATH || path === GRAPHQL_PATH;
  if (crossOrigin && request.method === 'OPTIONS') {
    answerPreflight(request, response);
    return true;
  }
  if (order) {
    answerPayPalOrder(request, response, context, order[1], order[2]);
    return true;
  }
  if (path === GOOGLE_PAY_TOKENIZE_PATH && request.method === 'POST') {
    tokenizeGooglePay(request, response, context);
    return true;
  }
  if (path === GRAPHQL_PATH && request.method === 'POST') {
    answerGraphQL(request, response, context);
    return true;
  }
  if (isRead && path === '/sdk/js') {
    // PayPal's SDK refuses to load without a client id; so does the stand-in (the script's onerror fires).
    if (!request.url.searchParams.get('client-id')) {
      response.writeHead(400, { 'Content-Type': 'application/javascript; charset=utf-8' }).end('throw new Error("SDK Validation error: client-id is required");\n');
      return true;
    }
    await sendBundle(response, 'paypal-sdk');
    return true;
  }
  if (isRead && path === '/gp/p/js/pay.js') {
    await sendBundle(response, 'google-pay');
    return true;
  }
  if (isRead && DISPATCH_FRAME_PATH.test(path)) {
    sendHtml(response, 200, DISPATCH_FRAME_PAGE);
    return true;
  }
  if (isRead && path === '/smart/buttons/preload') {
    // PayPal's preload pixel (paypal-checkout's autoSetDataUserIdToken); nothing to preload here.
    response.writeHead(204, corsHeaders(request)).end();
    return true;
  }
  return false;
};
