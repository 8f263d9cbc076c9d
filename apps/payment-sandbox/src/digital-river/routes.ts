import type { ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { SCRIPT_PATH, sendScript, sendStylesheet, STYLESHEET_PATH } from './assets';
import { attachSource, createCheckout, deleteCheckout, detachSource, getCheckout, listCheckouts, updateCheckout } from './checkouts';
import type { DigitalRiverContext, DrReply, DrRequest } from './context';
import { controlReply, takeFault } from './control';
import { createSource, getSession, getTaxIdentifierTypes } from './drjs';
import { corsHeaders, errorReply, jsonBody, requirePublicKey, requireSecretKey, segmentsOf, send, type Json } from './http';
import type { ForcedFault } from './model';
import { createFulfillment, listFulfillments } from './fulfillments';
import { createOrder, getOrder, listOrders } from './orders';
import { advanceRefunds, createRefund, getRefund, listRefunds } from './refunds';
import {
  attachSourceToCustomer,
  attachTaxIdentifierToCustomer,
  createCustomer,
  createFile,
  createTaxIdentifier,
  deleteCustomer,
  deleteTaxIdentifier,
  detachSourceFromCustomer,
  getCustomer,
  getFile,
  getSource,
  getTaxIdentifier,
  listTaxIdentifiers,
  updateCustomer,
} from './resources';

const API_RESOURCES = new Set(['checkouts', 'orders', 'fulfillments', 'refunds', 'tax-identifiers', 'customers', 'files', 'sources']);

const methodNotAllowed = (request: DrRequest) => errorReply(405, { code: 'method_not_allowed', message: `${request.method} is not allowed on ${request.url.pathname}.` });
const serviceUnavailable = errorReply(503, { code: 'service_unavailable', message: 'The service is temporarily unavailable. Try again later.' });

type Handler = (call: { request: DrRequest; context: DigitalRiverContext; body: Json; id: string; subId: string; fault: ForcedFault | null }) => DrReply;

/** The server API by path shape, then method. */
const API: Readonly<Record<string, Readonly<Record<string, Handler>>>> = {
  checkouts: { POST: (c) => createCheckout(c.context, c.body), GET: (c) => listCheckouts(c.context, c.request.url.searchParams) },
  'checkouts/:id': { GET: (c) => getCheckout(c.context, c.id), POST: (c) => updateCheckout(c.context, c.id, c.body), DELETE: (c) => deleteCheckout(c.context, c.id) },
  'checkouts/:id/sources/:sub': { POST: (c) => attachSource(c.context, c.id, c.subId), DELETE: (c) => detachSource(c.context, c.id, c.subId) },
  orders: { POST: (c) => createOrder(c.context, c.body, c.fault?.fail === 'declined'), GET: (c) => listOrders(c.context, c.request.url.searchParams) },
  'orders/:id': { GET: (c) => getOrder(c.context, c.id) },
  fulfillments: { POST: (c) => createFulfillment(c.context, c.body), GET: (c) => listFulfillments(c.context, c.request.url.searchParams) },
  refunds: { POST: (c) => createRefund(c.context, c.body), GET: (c) => listRefunds(c.context, c.request.url.searchParams) },
  'refunds/:id': { GET: (c) => getRefund(c.context, c.id) },
  'tax-identifiers': { POST: (c) => createTaxIdentifier(c.context, c.body), GET: (c) => listTaxIdentifiers(c.context, c.request.url.searchParams) },
  'tax-identifiers/:id': { GET: (c) => getTaxIdentifier(c.context, c.id), DELETE: (c) => deleteTaxIdentifier(c.context, c.id) },
  customers: { POST: (c) => createCustomer(c.context, c.body) },
  'customers/:id': { GET: (c) => getCustomer(c.context, c.id), POST: (c) => updateCustomer(c.context, c.id, c.body), DELETE: (c) => deleteCustomer(c.context, c.id) },
  'customers/:id/tax-identifiers/:sub': { POST: (c) => attachTaxIdentifierToCustomer(c.context, c.id, c.subId) },
  'customers/:id/sources/:sub': { POST: (c) => attachSourceToCustomer(c.context, c.id, c.subId), DELETE: (c) => detachSourceFromCustomer(c.context, c.id, c.subId) },
  files: { POST: (c) => createFile(c.context, c.request) },
  'files/:id': { GET: (c) => getFile(c.context, c.id) },
  'sources/:id': { GET: (c) => getSource(c.context, c.id) },
};

/** The server API's answer, or a method/path error. */
function apiReply(request: DrRequest, context: DigitalRiverContext, segments: string[], fault: ForcedFault | null): DrReply {
  const [resource, id = '', sub, subId = ''] = segments;
  const shape = [resource, segments.length > 1 ? ':id' : null, sub ?? null, segments.length > 3 ? ':sub' : null].filter(Boolean).join('/');
  const methods = segments.length <= 4 ? API[shape] : undefined;
  if (!methods) return notFoundPath(request);
  const handler = methods[request.method];
  if (!handler) return methodNotAllowed(request);
  let body: Json = {};
  if (request.method === 'POST' && resource !== 'files') {
    const parsed = jsonBody(request);
    if ('error' in parsed) return parsed.error;
    body = parsed.body;
  }
  return handler({ request, context, body, id, subId, fault });
}

const notFoundPath = (request: DrRequest) => errorReply(404, { code: 'not_found', message: `No resource at ${request.url.pathname}.` });

function drjsReply(request: DrRequest, context: DigitalRiverContext, segments: string[]): DrReply {
  const [, what, id] = segments;
  if (request.method === 'GET' && what === 'sessions' && id) return getSession(context, id);
  if (request.method === 'GET' && what === 'tax-identifier-types' && !id) return getTaxIdentifierTypes(context, request.url.searchParams);
  if (request.method === 'POST' && what === 'sources' && !id) {
    const parsed = jsonBody(request);
    return 'error' in parsed ? parsed.error : createSource(context, parsed.body);
  }
  return notFoundPath(request);
}

/** Runs a call under any forced fault: 503 without doing it, or done and answered late. */
async function withFault(context: DigitalRiverContext, resource: string, method: string, run: (fault: ForcedFault | null) => DrReply): Promise<DrReply> {
  const fault = takeFault(context, resource, method);
  if (fault?.fail === 'service_unavailable') return serviceUnavailable;
  const reply = run(fault);
  if (fault?.delayMs) await delay(fault.delayMs);
  return reply;
}

/** Every request: the controls, the browser files, the browser script's calls, then the server API. */
export async function handle(request: DrRequest, response: ServerResponse, context: DigitalRiverContext): Promise<void> {
  const segments = segmentsOf(request.url);
  const path = request.url.pathname;
  const isRead = request.method === 'GET' || request.method === 'HEAD';

  if (segments[0] === '__sandbox') {
    send(response, controlReply(request, context, segments.slice(1).join('/')) ?? { status: 404, body: { error: `no control at ${path}` } });
    return;
  }
  if (isRead && path === SCRIPT_PATH) return sendScript(response);
  if (isRead && path === STYLESHEET_PATH) return sendStylesheet(response);

  if (segments[0] === '__drjs') {
    const cors = corsHeaders(request);
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...cors, 'Access-Control-Max-Age': '600' }).end();
      return;
    }
    const unauthorized = requirePublicKey(request, context.config);
    if (unauthorized) return send(response, unauthorized, cors);
    send(response, await withFault(context, 'drjs', request.method, () => drjsReply(request, context, segments)), cors);
    return;
  }

  if (!API_RESOURCES.has(segments[0] ?? '')) return send(response, notFoundPath(request));
  const unauthorized = requireSecretKey(request, context.config);
  if (unauthorized) return send(response, unauthorized);
  // Refunds due to succeed do so first, so every answer (a refund, its order) tells the same.
  advanceRefunds(context);
  send(response, await withFault(context, segments[0], request.method, (fault) => apiReply(request, context, segments, fault)));
}
