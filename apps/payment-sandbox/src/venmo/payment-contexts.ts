import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../context';
import { isObject, stringOf } from '../client-api/http';
import { createNonce } from '../client-api/payment-methods';
import { PAYPAL_PLACEHOLDER_CARD } from '../client-api/wallet-nonces';
import type { ClientTokenRecord, VenmoDetails } from '../store';

/**
 * Venmo's payment contexts, as braintree-web 3.124.0's `venmo` module meets them on the provider's
 * GraphQL endpoint (venmo/external/queries.js): the create mutation (createVenmoPaymentContext, or
 * the legacy createVenmoQRCodePaymentContext without paymentMethodUsage), the status update the
 * module sends when it gives up (CANCELED, EXPIRED), and the `node(id:)` status query its desktop
 * flow polls every second. The payer's side (scan, approve, cancel, fail) is the sandbox's Venmo
 * app page and control endpoint.
 */

export type VenmoContextStatus = 'CREATED' | 'SCANNED' | 'APPROVED' | 'CANCELED' | 'FAILED' | 'EXPIRED';
export type VenmoAppAction = 'scan' | 'approve' | 'cancel' | 'fail' | 'expire';

export interface VenmoPaymentContext {
  readonly id: string;
  readonly merchantId: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly intent: string;
  readonly paymentMethodUsage: string | null;
  readonly customerClient: string;
  readonly legacy: boolean;
  readonly fingerprint: string;
  /** The client token's customer and merchant account: a later page of the same shopper (a new client token) may read it. */
  readonly customerId: string | null;
  readonly merchantAccountId: string | null;
  status: VenmoContextStatus;
  paymentMethodId: string | null;
}

/** Ours: a context lasts five minutes, the module's own polling expiry for its mobile flow. */
export const VENMO_CONTEXT_LIFETIME_MS = 5 * 60_000;

/** Ours: the sandbox's Venmo payer, the same for every approval so tests can name them. */
export const SANDBOX_VENMO_USER = {
  userName: 'venmojoe',
  venmoUserId: '1234567891234567891',
  firstName: 'Venmo',
  lastName: 'Joe',
  email: 'venmojoe@example.com',
  phoneNumber: '5551234567',
} as const;

export const CREATE_CONTEXT = /\bcreateVenmo(QRCode)?PaymentContext\b/;
export const UPDATE_CONTEXT = /\b(updateVenmoPaymentContextStatus|updateVenmoQRCodePaymentContext)\b/;
export const CONTEXT_STATUS = /\.\.\.\s*on\s+Venmo(QRCode)?PaymentContext\b/;

// Payment contexts live while the sandbox runs (minutes each); they are not written to its state file.
const contexts = new WeakMap<object, Map<string, VenmoPaymentContext>>();

function contextsOf(context: SandboxContext): Map<string, VenmoPaymentContext> {
  let found = contexts.get(context.store);
  if (!found) {
    found = new Map();
    contexts.set(context.store, found);
  }
  return found;
}

const TERMINAL: ReadonlySet<VenmoContextStatus> = new Set(['APPROVED', 'CANCELED', 'FAILED', 'EXPIRED']);

/** A context past its expiry that nobody ended is EXPIRED, as the provider reports it. */
function current(record: VenmoPaymentContext, now = Date.now()): VenmoPaymentContext {
  if (!TERMINAL.has(record.status) && now > Date.parse(record.expiresAt)) record.status = 'EXPIRED';
  return record;
}

export function findVenmoContext(context: SandboxContext, id: string): VenmoPaymentContext | null {
  const record = contextsOf(context).get(id);
  return record ? current(record) : null;
}

export function listVenmoContexts(context: SandboxContext): VenmoPaymentContext[] {
  return [...contextsOf(context).values()].map((record) => current(record)).reverse();
}

type Answer = { readonly data: unknown; readonly errors?: unknown[] };

const graphQLError = (message: string, path: string, errorClass = 'VALIDATION'): Answer => ({
  data: { [path]: null },
  errors: [{ message, path: [path], extensions: { errorClass } }],
});

export function createVenmoContext(context: SandboxContext, token: ClientTokenRecord, query: string, variables: unknown): Answer {
  const legacy = CREATE_CONTEXT.exec(query)?.[1] === 'QRCode';
  const field = legacy ? 'createVenmoQRCodePaymentContext' : 'createVenmoPaymentContext';
  const input = isObject(variables) && isObject(variables.input) ? variables.input : null;
  const intent = stringOf(input?.intent);
  if (!input || (intent !== 'PAY_FROM_APP' && intent !== 'CONTINUE')) return graphQLError("Variable 'intent' has an invalid value.", field);
  const usage = stringOf(input.paymentMethodUsage);
  if (!legacy && usage !== 'SINGLE_USE' && usage !== 'MULTI_USE') return graphQLError("Variable 'paymentMethodUsage' has an invalid value.", field);
  const now = Date.now();
  const record: VenmoPaymentContext = {
    id: Buffer.from(`venmopaymentcontext_${randomUUID()}`).toString('base64'),
    merchantId: stringOf(input.merchantProfileId) ?? context.config.merchantId,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + VENMO_CONTEXT_LIFETIME_MS).toISOString(),
    intent,
    paymentMethodUsage: legacy ? null : usage,
    customerClient: stringOf(input.customerClient) ?? 'MOBILE_WEB',
    legacy,
    fingerprint: token.fingerprint,
    customerId: token.customerId,
    merchantAccountId: token.merchantAccountId,
    status: 'CREATED',
    paymentMethodId: null,
  };
  contextsOf(context).set(record.id, record);
  const shape = { id: record.id, merchantId: record.merchantId, createdAt: record.createdAt, expiresAt: record.expiresAt };
  return legacy
    ? { data: { createVenmoQRCodePaymentContext: { clientMutationId: stringOf(input.clientMutationId), venmoQRCodePaymentContext: shape } } }
    : { data: { createVenmoPaymentContext: { clientMutationId: stringOf(input.clientMutationId), venmoPaymentContext: shape } } };
}

/**
 * Whose context it is: the client token that made it, or another of the same merchant account and
 * customer. A phone's app switch comes back to a freshly loaded page, whose new client token asks
 * the status of the context the earlier page made.
 */
function belongsTo(record: VenmoPaymentContext, token: ClientTokenRecord | undefined): boolean {
  if (!token) return false;
  return record.fingerprint === token.fingerprint || (record.merchantAccountId === token.merchantAccountId && record.customerId === token.customerId);
}

/** The merchant's page ends a context (the module sends CANCELED when the payer closes it, EXPIRED when it times out). */
export function updateVenmoContext(context: SandboxContext, token: ClientTokenRecord, query: string, variables: unknown): Answer {
  const field = UPDATE_CONTEXT.exec(query)?.[1] ?? 'updateVenmoPaymentContextStatus';
  const input = isObject(variables) && isObject(variables.input) ? variables.input : {};
  const record = findVenmoContext(context, stringOf(input.id) ?? '');
  if (!record || !belongsTo(record, token)) return graphQLError('Payment context not found.', field, 'NOT_FOUND');
  const status = stringOf(input.status);
  if (status !== 'CANCELED' && status !== 'EXPIRED' && status !== 'FAILED') return graphQLError("Variable 'status' has an invalid value.", field);
  // Ours: an ended context keeps its status (an approved one is not undone by a late cancel).
  if (!TERMINAL.has(record.status)) record.status = status;
  return { data: { [field]: { clientMutationId: stringOf(input.clientMutationId) } } };
}

function payerInfo() {
  const user = SANDBOX_VENMO_USER;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    email: user.email,
    externalId: user.venmoUserId,
    userName: user.userName,
    billingAddress: null,
    shippingAddress: null,
  };
}

export function venmoContextStatus(context: SandboxContext, token: ClientTokenRecord, variables: unknown): Answer {
  const id = isObject(variables) ? stringOf(variables.id) : null;
  const record = id ? findVenmoContext(context, id) : null;
  if (!record || !belongsTo(record, token)) return { data: { node: null } };
  return {
    data: {
      node: {
        status: record.status,
        paymentMethodId: record.paymentMethodId,
        userName: record.status === 'APPROVED' ? SANDBOX_VENMO_USER.userName : null,
        ...(record.legacy ? {} : { payerInfo: record.status === 'APPROVED' ? payerInfo() : null }),
      },
    },
  };
}

/** Which app action each status allows: scan a fresh code, then approve, cancel or fail; expire any open one. */
const ALLOWED: Readonly<Record<VenmoAppAction, readonly VenmoContextStatus[]>> = {
  scan: ['CREATED'],
  approve: ['SCANNED'],
  cancel: ['CREATED', 'SCANNED'],
  fail: ['SCANNED'],
  expire: ['CREATED', 'SCANNED'],
};

/**
 * A phone's app switch opens the request in the app itself, so there is no code to scan: its
 * contexts (any client but DESKTOP) approve or fail straight from CREATED.
 */
const ALLOWED_BY_APP_SWITCH: Readonly<Record<VenmoAppAction, readonly VenmoContextStatus[]>> = {
  ...ALLOWED,
  scan: [],
  approve: ['CREATED', 'SCANNED'],
  fail: ['CREATED', 'SCANNED'],
};

/** Whether the payer reaches this context by switching to the app on the same phone (not by a QR code). */
export const isAppSwitchContext = (record: VenmoPaymentContext) => record.customerClient !== 'DESKTOP';

/** The actions the payer's app can take on a context now. */
export const allowedVenmoActions = (record: VenmoPaymentContext): VenmoAppAction[] =>
  (Object.keys(NEXT) as VenmoAppAction[]).filter((action) => (isAppSwitchContext(record) ? ALLOWED_BY_APP_SWITCH : ALLOWED)[action].includes(record.status));

const NEXT: Readonly<Record<VenmoAppAction, VenmoContextStatus>> = { scan: 'SCANNED', approve: 'APPROVED', cancel: 'CANCELED', fail: 'FAILED', expire: 'EXPIRED' };

export const isVenmoAppAction = (action: string): action is VenmoAppAction => Object.hasOwn(NEXT, action);

/**
 * The payer's Venmo app acts on a context. Approving makes a VenmoAccount nonce for the client
 * token's customer, the payment method id the status query hands the module.
 */
export function actOnVenmoContext(context: SandboxContext, id: string, action: VenmoAppAction): { ok: true; record: VenmoPaymentContext } | { ok: false; status: 404 | 409; message: string } {
  const record = findVenmoContext(context, id);
  if (!record) return { ok: false, status: 404, message: 'No such Venmo payment context.' };
  if (!allowedVenmoActions(record).includes(action)) return { ok: false, status: 409, message: `A ${record.status} payment context cannot ${action}.` };
  if (action === 'approve') {
    const token = context.store.state.clientTokens[record.fingerprint];
    const venmo: VenmoDetails = { username: `@${SANDBOX_VENMO_USER.userName}`, venmoUserId: SANDBOX_VENMO_USER.venmoUserId, paymentContextId: record.id, multiUse: record.paymentMethodUsage === 'MULTI_USE' };
    const nonce = createNonce(context.store, PAYPAL_PLACEHOLDER_CARD, { customerId: token?.customerId ?? null, kind: 'VenmoAccount' });
    context.store.state.nonces[nonce.nonce] = { ...nonce, venmo };
    context.store.save();
    record.paymentMethodId = nonce.nonce;
  }
  record.status = NEXT[action];
  return { ok: true, record };
}
