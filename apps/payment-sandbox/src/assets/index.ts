import type { RouteHandler } from '../context';
import { BROWSER_BUNDLES, sendBundle, type BrowserBundle } from './bundles';
import { HOSTED_FIELDS_FRAME_PATH, hostedFieldsFramePage } from './hosted-fields-frame';
import { UNIONPAY_HOSTED_FIELDS_FRAME_PATH, unionPayHostedFieldsFramePage } from './unionpay-hosted-fields-frame';
import { PAYMENT_REQUEST_FRAME_PATH, paymentRequestFramePage } from './payment-request-frame';
import { answerPayPalEndpoint } from './paypal';
import { sendHtml } from './responses';
import { answerChallenge, CHALLENGE_ANSWER_PATH, CHALLENGE_PAGE_PATH, sendChallengePage } from './three-d-secure-challenge';

const BUNDLE_PATH = /^\/__sandbox\/([a-z-]+)\.js$/;

/**
 * What the browser loads from the provider's asset and side hosts: the card field frame, the
 * Songbird stand-in, the 3-D Secure challenge page, and the fraud and analytics endpoints.
 * Paths only: the harness maps the provider's hostnames to this one server.
 */
export const assetRoutes: RouteHandler = async (request, response, context) => {
  const path = request.url.pathname;
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  if (isRead && HOSTED_FIELDS_FRAME_PATH.test(path)) {
    sendHtml(response, 200, hostedFieldsFramePage());
    return true;
  }
  if (isRead && UNIONPAY_HOSTED_FIELDS_FRAME_PATH.test(path)) {
    sendHtml(response, 200, unionPayHostedFieldsFramePage());
    return true;
  }
  if (isRead && PAYMENT_REQUEST_FRAME_PATH.test(path)) {
    sendHtml(response, 200, paymentRequestFramePage());
    return true;
  }
  const bundle = BUNDLE_PATH.exec(path)?.[1];
  if (isRead && bundle && (BROWSER_BUNDLES as readonly string[]).includes(bundle)) {
    await sendBundle(response, bundle as BrowserBundle);
    return true;
  }
  if (isRead && path === CHALLENGE_PAGE_PATH) {
    sendChallengePage(request, response, context);
    return true;
  }
  const answer = CHALLENGE_ANSWER_PATH.exec(path);
  if (answer && request.method === 'POST') {
    answerChallenge(request, response, context, answer[1]);
    return true;
  }
  return answerPayPalEndpoint(request, response, context.config.merchantId);
};
