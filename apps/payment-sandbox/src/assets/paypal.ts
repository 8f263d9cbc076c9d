import type { ServerResponse } from 'node:http';
import type { SandboxRequest } from '../context';
import { answerPreflight, sendJson } from '../client-api/http';
import { sendJavaScript } from './responses';

/**
 * The provider's fraud and analytics endpoints braintree-web calls on the side. The sandbox
 * collects nothing: it answers so dataCollector.create resolves and the console stays clean.
 * Returns false for any other path.
 */
export function answerPayPalEndpoint(request: SandboxRequest, response: ServerResponse, merchantId: string): boolean {
  const path = request.url.pathname;
  if (path === '/da/r/fb.js') {
    // dataCollector rejects when this script fails to load; an empty one is enough for it.
    sendJavaScript(response, "/* Ours: the payment sandbox's empty stand-in for PayPal's fraud-detection script. */\n");
    return true;
  }
  if (path === '/counter.cgi') {
    response.writeHead(204).end();
    return true;
  }
  if (path === '/xoplatform/logger/api/logger' || path === `/${merchantId}`) {
    if (request.method === 'OPTIONS') answerPreflight(request, response);
    else sendJson(request, response, 200, {});
    return true;
  }
  return false;
}
