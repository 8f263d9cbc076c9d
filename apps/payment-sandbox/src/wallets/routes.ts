import type { RouteHandler } from '../context';
import { sendBundle } from '../assets/bundles';
import { answerPreflight, corsHeaders } from '../client-api/http';
import { GOOGLE_PAY_TOKENIZE_PATH, tokenizeGooglePay } from './google-pay';
import { answerGraphQL, GRAPHQL_PATH } from './graphql';
import { answerPayPalOrder, PAYPAL_ORDER_PATH } from './paypal-approval';

/**
 * The wallets' browser side under their own hosts: the PayPal JS SDK and Google Pay stand-ins and
 * the endpoints they call, and the provider's GraphQL endpoint (the frame service's dispatch frame,
 * which PayPal's module loads too, is local-payments/pages.ts's).
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
  if (isRead && path === '/smart/buttons/preload') {
    // PayPal's preload pixel (paypal-checkout's autoSetDataUserIdToken); nothing to preload here.
    response.writeHead(204, corsHeaders(request)).end();
    return true;
  }
  return false;
};
