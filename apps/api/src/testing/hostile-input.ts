/**
 * Hostile input for the reliability suite (issue 12): generators of the payloads an attacker or a
 * broken client sends, and the checks every answer to them must pass. Kept under src/testing so it
 * never reaches the production build (apps/api/tsconfig.json leaves src/testing out).
 */
import { ErrorCatalogue } from '@store/domain';
import fc from 'fast-check';
import type { Response } from 'supertest';
import type { TestApp } from './test-app';

/** Runs per property: 100 in CI (issue 12); FAST_CHECK_RUNS=10 for a quick local pass. */
export const RUNS = Math.max(1, Number(process.env.FAST_CHECK_RUNS) || 100);
/**
 * Every run draws a new seed, so each CI run explores more input; a failing run prints its seed and
 * path (fast-check's report), and FAST_CHECK_SEED with FAST_CHECK_PATH replays exactly that case.
 * Counterexamples once found are passed as `examples`: they run first, every time, whatever the seed.
 */
export function propertyParameters<Ts = unknown>(examples: readonly Ts[] = []): fc.Parameters<Ts> {
  return {
    numRuns: RUNS,
    examples: [...examples],
    ...(process.env.FAST_CHECK_SEED ? { seed: Number(process.env.FAST_CHECK_SEED) } : {}),
    ...(process.env.FAST_CHECK_SEED && process.env.FAST_CHECK_PATH ? { path: process.env.FAST_CHECK_PATH } : {}),
  };
}

/** The API's body limit (BODY_LIMIT_BYTES' default): strings just under and over it. */
export const BODY_LIMIT_BYTES = 102_400;

// ---------------------------------------------------------------- strings

export const SQL_INJECTION = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE customers; --",
  "Robert'); DROP TABLE orders;--",
  "1' UNION SELECT password_hash FROM credentials --",
  "1; SELECT pg_sleep(10)",
  "' AND 1=CAST((SELECT version()) AS int) --",
  '" OR ""="',
  "admin'/*",
  '$1',
  "\\'; TRUNCATE sessions; --",
  '%27%20OR%201%3D1',
] as const;

export const SCRIPT_INJECTION = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror=window.__pwned=1>',
  '"><svg/onload=window.__pwned=1>',
  "'><iframe srcdoc='<script>parent.__pwned=1</script>'>",
  '</script><script>window.__pwned=1</script>',
  'javascript:window.__pwned=1',
  '&#60;img src&#61;x onerror&#61;window.__pwned&#61;1&#62;',
  '&lt;b&gt;bold&lt;/b&gt;',
  '{{constructor.constructor("window.__pwned=1")()}}',
  '${window.__pwned=1}',
  '<a href="javascript:alert(1)">x</a>',
  '\u003cscript\u003e',
] as const;

export const UNICODE_ODDITIES = [
  '\u202Egnp.exe',
  'zero\u200Bwidth\u200Cjoin\u200Dhere\u2060',
  '\uFEFFbom',
  '👩🏽‍💻🎉🇬🇧',
  'nul\u0000byte',
  '\u0000',
  'lone \uD800 high',
  'lone \uDFFF low',
  'ＡＤＡ＠ｅｘａｍｐｌｅ．ｃｏｍ',
  'İıŞş',
  'e\u0301\u0301\u0301',
  'Z̷̧͎a̸l̶g̵o̴',
  'line\r\nbreak',
  'tab\there',
  '\u0085\u2028\u2029',
  'עברית العربية',
  '\u001b[31mred',
  '\uFFFF\uFFFE',
] as const;

export const PATHS_AND_FORMATS = [
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  '%s%s%s%n',
  '{0}{1}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffff',
  '',
  ' ',
  '   \t  ',
] as const;

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const HOSTILE_CONSTANTS: readonly string[] = [...SQL_INJECTION, ...SCRIPT_INJECTION, ...UNICODE_ODDITIES, ...PATHS_AND_FORMATS];

/** A string well within the body limit, and one over it. */
export const hugeString = fc.oneof(
  fc.constantFrom(1_000, 20_000, 90_000).map((n) => 'A'.repeat(n)),
  fc.constantFrom(300, 3_000).map((n) => '\u202E🎉'.repeat(n)),
  fc.constant('B'.repeat(BODY_LIMIT_BYTES + 1_000)),
);

/** Any hostile string: injections, unicode oddities, paths, random code points, huge ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_CONSTANTS), weight: 6 },
  { arbitrary: fc.tuple(fc.constantFrom('ada', 'AB-12', 'x@example.com', '42'), fc.constantFrom(...HOSTILE_CONSTANTS)).map(([a, b]) => a + b), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }), weight: 1 },
  { arbitrary: hugeString, weight: 1 },
);

// ---------------------------------------------------------------- JSON with hostile keys

/**
 * JSON values written out by hand, so that keys such as __proto__ stay own keys of the text (an
 * object literal would set the prototype instead) and numbers such as 1e400 or -0 stay as written.
 */
export class JsonObject {
  constructor(readonly entries: ReadonlyArray<readonly [string, Json]>) {}
}
export class RawJson {
  constructor(readonly text: string) {}
}
export type Json = null | boolean | number | string | readonly Json[] | JsonObject | RawJson;

export function toJson(value: Json): string {
  if (value instanceof JsonObject) return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(',')}}`;
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  return JSON.stringify(value) ?? 'null';
}

export const obj = (record: Record<string, Json>) => new JsonObject(Object.entries(record));

/** What a prototype-pollution payload tries to plant on every object. */
export const POLLUTION = obj({ polluted: 'yes', isAdmin: true, toString: 'hijacked' });

/** Objects whose keys try to reach a prototype, at the top and nested. */
export const pollutingObject: fc.Arbitrary<JsonObject> = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS).map((key) => new JsonObject([[key, POLLUTION]])),
  fc.constant(new JsonObject([['constructor', obj({ prototype: POLLUTION })]])),
  fc.constant(new JsonObject([['a', new JsonObject([['__proto__', POLLUTION]])]])),
  fc.constant(new JsonObject([['__proto__', new JsonObject([['__proto__', POLLUTION]])]])),
);

/** JSON nested far deeper than any payload: recursive parsers and transformers overflow the stack on it. */
export const deeplyNested = fc.constantFrom(
  new RawJson('['.repeat(5_000) + ']'.repeat(5_000)),
  new RawJson('{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000)),
  new RawJson('['.repeat(40) + '"x"' + ']'.repeat(40)),
);

const oddNumber = fc.constantFrom(new RawJson('1e400'), new RawJson('-1e400'), new RawJson('-0'), new RawJson('1e-400'), new RawJson('123456789012345678901234567890'));

const scalar: fc.Arbitrary<Json> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 2 ** 53, -(2 ** 31), 1.5, 1e308),
  oddNumber,
  fc.boolean(),
  fc.constant(null),
  hostileString,
);

/** Any JSON value, scalars to nested arrays and objects with hostile keys. */
export const anyJson: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })), tie('value')), { maxLength: 3 }).map((entries) => new JsonObject(entries)),
    pollutingObject,
    deeplyNested,
  ),
})).value;

export type FieldType = 'string' | 'boolean' | 'integer' | 'any';

/** A value of any JSON type but the one a field takes (null aside: that is its own case). */
export function wrongTypeFor(type: FieldType): fc.Arbitrary<Json> {
  const strings = fc.oneof(hostileString, fc.constantFrom('true', '1', '1.5', '[]', '{}'));
  const numbers = fc.oneof(fc.integer(), fc.constantFrom(1.5, -0.25, 1e308), oddNumber);
  const compound = fc.oneof(fc.array(scalar, { maxLength: 3 }), pollutingObject, deeplyNested, fc.constant(obj({})), fc.constant([] as Json[]));
  switch (type) {
    case 'string':
      return fc.oneof(numbers, fc.boolean(), compound);
    case 'boolean':
      return fc.oneof(strings, numbers, compound);
    case 'integer':
      return fc.oneof(strings, fc.constantFrom(1.5, -0.25, 0.1), fc.constantFrom(new RawJson('1e400'), new RawJson('-1e400')), fc.boolean(), compound);
    case 'any':
      return compound;
  }
}

// ---------------------------------------------------------------- payload plans

export interface FieldSpec {
  readonly type: FieldType;
  /** Refused when missing or null (by the DTO or by the domain's rules). */
  readonly required: boolean;
  /** Well-formed values a tampering client may send instead (another gateway, a stranger's reference). */
  readonly tampered?: readonly Json[];
}
export type FieldSpecs = Readonly<Record<string, FieldSpec>>;

export type FieldPlan =
  | { readonly kind: 'keep' }
  | { readonly kind: 'omit' }
  | { readonly kind: 'null' }
  | { readonly kind: 'wrong-type'; readonly value: Json }
  /** A value of the right type that may or may not be acceptable: hostile text, a tampered value. */
  | { readonly kind: 'value'; readonly value: Json };

export type PayloadPlan =
  | {
      readonly shape: 'object';
      readonly fields: Readonly<Record<string, FieldPlan>>;
      readonly extras: ReadonlyArray<readonly [string, Json]>;
      /** The same key twice in the text: JSON.parse keeps the last. */
      readonly duplicate: boolean;
    }
  | { readonly shape: 'other-json'; readonly value: Json }
  | { readonly shape: 'not-json'; readonly text: string };

const EXTRA_KEYS = ['id', 'customer_id', 'isAdmin', 'role', 'price', 'amount_minor', 'percentOff', 'status', 'email_verified', 'x'];

/** A field changed from its valid value: dropped, nulled, of the wrong type, hostile text, a tampered value. */
function badFieldPlan(spec: FieldSpec): fc.Arbitrary<FieldPlan> {
  return fc.oneof(
    { arbitrary: fc.constant<FieldPlan>({ kind: 'omit' }), weight: 1 },
    { arbitrary: fc.constant<FieldPlan>({ kind: 'null' }), weight: 1 },
    { arbitrary: wrongTypeFor(spec.type).map((value): FieldPlan => ({ kind: 'wrong-type', value })), weight: spec.type === 'any' ? 1 : 2 },
    { arbitrary: hostileString.map((value): FieldPlan => (spec.type === 'string' || spec.type === 'any' ? { kind: 'value', value } : { kind: 'wrong-type', value })), weight: 3 },
    ...(spec.tampered?.length ? [{ arbitrary: fc.constantFrom(...spec.tampered).map((value): FieldPlan => ({ kind: 'value', value })), weight: 3 }] : []),
  );
}

/**
 * Which fields to change: mostly one or two, so a run gets past the others to the rules behind
 * them (a tampered gateway reaches the order use case only when the rest is right); sometimes all.
 */
function fieldPlans(specs: FieldSpecs): fc.Arbitrary<Readonly<Record<string, FieldPlan>>> {
  const names = Object.keys(specs);
  if (names.length === 0) return fc.constant({});
  const changed = (chosen: readonly string[]) =>
    fc.record(Object.fromEntries(chosen.map((name) => [name, badFieldPlan(specs[name])])) as Record<string, fc.Arbitrary<FieldPlan>>);
  return fc.oneof(
    { arbitrary: fc.constant({}), weight: 1 },
    { arbitrary: fc.shuffledSubarray(names, { minLength: 1, maxLength: Math.min(2, names.length) }).chain(changed), weight: 6 },
    { arbitrary: fc.shuffledSubarray(names, { minLength: 1 }).chain(changed), weight: 2 },
  );
}

const NOT_JSON = ['', '{', '{"a":', "{'single':'quotes'}", '{"a":1,}', 'undefined', 'NaN', '<xml/>', '\u0000', '{"a":"\\ud800"', 'a=1&b=2', '[1,2', '{"__proto__":}'];

/**
 * Plans of hostile payloads for a call whose fields are `specs`: mostly objects with each field
 * kept, dropped, nulled, of the wrong type or a hostile string, plus unknown and prototype keys;
 * sometimes another JSON value, or text that is not JSON at all.
 */
export function payloadPlan(specs: FieldSpecs): fc.Arbitrary<PayloadPlan> {
  const names = Object.keys(specs);
  const fields = fieldPlans(specs);
  const extraKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom(...EXTRA_KEYS), hostileString.filter((key) => key.length < 200)).filter((key) => !names.includes(key));
  const object = fc.record({
    shape: fc.constant('object' as const),
    fields,
    extras: fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, { arbitrary: fc.array(fc.tuple(extraKey, anyJson), { minLength: 1, maxLength: 3 }), weight: 1 }),
    duplicate: fc.boolean(),
  });
  return fc.oneof(
    { arbitrary: object, weight: 12 },
    { arbitrary: anyJson.filter((value) => !(value instanceof JsonObject)).map((value) => ({ shape: 'other-json' as const, value })), weight: 1 },
    { arbitrary: fc.constantFrom(...NOT_JSON).map((text) => ({ shape: 'not-json' as const, text })), weight: 1 },
  );
}

export interface BuiltPayload {
  /** The request body as JSON text (or not JSON at all). */
  readonly text: string;
  /** Whether any correct API must refuse it, whatever the values. */
  readonly mustRefuse: boolean;
  /** Whether it carries a key reaching for a prototype. */
  readonly polluting: boolean;
}

const isPolluting = (value: Json): boolean =>
  value instanceof JsonObject
    ? value.entries.some(([key, item]) => (PROTOTYPE_KEYS as readonly string[]).includes(key) || isPolluting(item))
    : Array.isArray(value) && value.some(isPolluting);

/** The payload of a plan around a valid one (`valid` holds a correct value for each field it knows). */
export function buildPayload(plan: PayloadPlan, specs: FieldSpecs, valid: Readonly<Record<string, Json | undefined>>): BuiltPayload {
  if (plan.shape === 'not-json') return { text: plan.text, mustRefuse: plan.text !== '' || Object.values(specs).some((spec) => spec.required), polluting: false };
  if (plan.shape === 'other-json') return { text: toJson(plan.value), mustRefuse: true, polluting: isPolluting(plan.value) };
  const entries: Array<readonly [string, Json]> = [];
  let mustRefuse = false;
  for (const [name, spec] of Object.entries(specs)) {
    const field = plan.fields[name] ?? { kind: 'keep' };
    const current = valid[name];
    switch (field.kind) {
      case 'keep':
        if (current !== undefined) entries.push([name, current]);
        else if (spec.required) mustRefuse = true;
        break;
      case 'omit':
        if (spec.required) mustRefuse = true;
        break;
      case 'null':
        entries.push([name, null]);
        if (spec.required) mustRefuse = true;
        break;
      case 'wrong-type':
        entries.push([name, field.value]);
        mustRefuse ||= spec.type !== 'any';
        break;
      case 'value':
        entries.push([name, field.value]);
        break;
    }
  }
  // Unknown fields are refused by name; a prototype key may instead be dropped unread, never obeyed.
  for (const [key, value] of plan.extras) {
    entries.push([key, value]);
    if (!(PROTOTYPE_KEYS as readonly string[]).includes(key)) mustRefuse = true;
  }
  if (plan.duplicate && entries.length > 0) entries.unshift([entries[0][0], obj({ shadowed: true })]);
  const body = new JsonObject(entries);
  return { text: toJson(body), mustRefuse, polluting: isPolluting(body) };
}

/** One text field of a form, a multipart body or a query string. */
export type Part = readonly [name: string, value: string];

export interface BuiltParts {
  /** The fields, in order; a name may repeat. */
  readonly parts: readonly Part[];
  /** Text sent instead of the fields (a body that is not a form at all). */
  readonly raw: string | null;
  readonly mustRefuse: boolean;
}

const asText = (value: Json): string => (typeof value === 'string' ? value : toJson(value));

/**
 * The same plans as text fields, where every value is a string: a wrong type becomes the field
 * sent twice or with a nested name (an array or object once parsed); null becomes an empty field.
 */
export function buildParts(plan: PayloadPlan, specs: FieldSpecs, valid: Readonly<Record<string, Json | undefined>>): BuiltParts {
  const required = Object.values(specs).some((spec) => spec.required);
  if (plan.shape === 'not-json') return { parts: [], raw: plan.text, mustRefuse: plan.text !== '' || required };
  if (plan.shape === 'other-json') return { parts: [], raw: toJson(plan.value), mustRefuse: required };
  const parts: Part[] = [];
  let mustRefuse = false;
  for (const [name, spec] of Object.entries(specs)) {
    const field = plan.fields[name] ?? { kind: 'keep' };
    const current = valid[name];
    switch (field.kind) {
      case 'keep':
        if (current !== undefined) parts.push([name, asText(current)]);
        else if (spec.required) mustRefuse = true;
        break;
      case 'omit':
        if (spec.required) mustRefuse = true;
        break;
      case 'null':
        parts.push([name, '']);
        break;
      case 'wrong-type': {
        const text = asText(field.value);
        parts.push(...(text.length % 2 === 0 ? [[name, text] as const, [name, text] as const] : [[`${name}[x]`, text] as const]));
        mustRefuse = true;
        break;
      }
      case 'value':
        parts.push([name, asText(field.value)]);
        break;
    }
  }
  for (const [key, value] of plan.extras) {
    parts.push([key, asText(value)]);
    if (!(PROTOTYPE_KEYS as readonly string[]).includes(key)) mustRefuse = true;
  }
  return { parts, raw: null, mustRefuse };
}

/** A query string of parts, each name and value encoded (lone surrogates made '?', as a browser would). */
export function queryString(parts: readonly Part[]): string {
  const encode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '?'));
  return parts.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
}

/**
 * A query string of the parts within `limit` characters (what proxies take; past 16 KB of request
 * head Node's parser refuses it before the app runs: apps/api/src/http/parser-refusals.ts). The longest name or value is halved until it fits, so every
 * part still arrives: cutting the string itself would drop the fields after the cut, and with them
 * the reason the payload must be refused.
 */
export function fittedQueryString(parts: readonly Part[], limit = 8192): string {
  const fitted = parts.map(([name, value]) => [name, value] as [string, string]);
  while (queryString(fitted).length > limit) {
    let longest: { part: [string, string]; index: 0 | 1 } | null = null;
    for (const part of fitted) {
      for (const index of [0, 1] as const) if (!longest || part[index].length > longest.part[longest.index].length) longest = { part, index };
    }
    if (!longest || longest.part[longest.index].length <= 1) break;
    longest.part[longest.index] = Array.from(longest.part[longest.index]).slice(0, Math.ceil(Array.from(longest.part[longest.index]).length / 2)).join('');
  }
  return queryString(fitted);
}

/**
 * Text sent as the whole query, halved (by code points) until it fits within `limit` characters once
 * the client has percent-encoded it: an emoji is 12 characters on the wire, so a cut by characters
 * before encoding can still overflow Node's 16 KB request head.
 */
export function fittedRawQuery(raw: string, limit = 8192): string {
  const onTheWire = (text: string) => new URL(`http://store.test/?${text}`).search.length - 1;
  let points = Array.from(raw);
  while (points.length > 0 && onTheWire(points.join('')) > limit) points = points.slice(0, Math.floor(points.length / 2));
  return points.join('');
}

// ---------------------------------------------------------------- answers

export const CATALOGUED_CODES: ReadonlySet<number> = new Set(Object.values(ErrorCatalogue).map((entry) => entry.code));
const FAILURE_KEYS = new Set(['success', 'code', 'message', 'fields', 'data', 'type', 'timestamp']);

const describeAnswer = (response: Response) => `${response.status} ${response.headers['content-type'] ?? ''} ${response.text?.slice(0, 400) ?? ''}`;

function check(condition: boolean, what: string, response: Response): void {
  if (!condition) throw new Error(`${what}; the answer was ${describeAnswer(response)}`);
}

/**
 * The one error shape (apps/api/src/http/api-exception.filter.ts): success false, a code from the
 * catalogue, a message, field messages as lists of strings; nothing else, and never a stack trace.
 */
export function expectCataloguedFailure(response: Response): void {
  const body = (response.body ?? {}) as Record<string, unknown>;
  check(/^application\/json/.test(String(response.headers['content-type'])), 'a failure is JSON', response);
  // Whatever of the input a failure names (an unknown field's name, say) is data the browser never sniffs into a page.
  check(response.headers['x-content-type-options'] === 'nosniff', 'a failure is never sniffed', response);
  check(body.success === false, 'a failure says success: false', response);
  check(CATALOGUED_CODES.has(body.code as number), 'a failure carries a catalogued code', response);
  check(typeof body.message === 'string', 'a failure carries a message', response);
  check(Object.keys(body).every((key) => FAILURE_KEYS.has(key)), 'a failure has the one error shape', response);
  if (body.fields !== undefined) {
    check(
      typeof body.fields === 'object' &&
        body.fields !== null &&
        Object.values(body.fields).every((messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string')),
      'field errors are lists of messages',
      response,
    );
  }
  check(!/\bat .+\.(js|ts):\d+|QueryFailedError|TypeError|node_modules/.test(response.text ?? ''), 'a failure shows no stack trace', response);
}

/** Never a 5xx; a failure is catalogued; a payload any correct API refuses is refused. */
export function expectSafeAnswer(response: Response, payload: Pick<BuiltPayload, 'mustRefuse'>): 'refused' | 'accepted' {
  check(response.status < 500, 'never a 5xx', response);
  if (response.status >= 400 || response.body?.success === false) {
    expectCataloguedFailure(response);
    return response.status >= 400 ? 'refused' : 'accepted';
  }
  check(!payload.mustRefuse, 'a payload every correct API refuses is refused', response);
  return 'accepted';
}

// ---------------------------------------------------------------- nothing written

/** Every table a request can write; the catalogue's own tables are in too, as they must never change. */
export const WRITABLE_TABLES = [
  'customers',
  'credentials',
  'sessions',
  'one_time_tokens',
  'reserved_emails',
  'mail_outbox',
  'backup_codes',
  'contact_preferences',
  'baskets',
  'basket_lines',
  'basket_payment_states',
  'billing_addresses',
  'shipping_addresses',
  'tax_id_checks',
  'tax_certificates',
  'stored_files',
  'stored_file_chunks',
  'tax_certificate_claims',
  'orders',
  'order_lines',
  'payment_charges',
  'product_keys',
  'saved_payment_methods',
  'saved_method_uses',
  'discount_codes',
  'discount_redemptions',
  'product_suites',
  'products',
  'product_prices',
  'country_accounts',
  'customer_categories',
  'operators',
  'operator_sessions',
  'audit_log',
  'order_refunds',
  'order_refund_lines',
  'disputes',
  'dispute_evidence',
] as const;

/**
 * Written by a refused sign-in on purpose, as it is how failures are counted: the attempts per
 * account and address, and the customer's failed sign-in count and lock. The customer's sign-in
 * state is digested apart from the rest of the row, so that nothing else of the customer may change.
 */
export const ATTEMPT_COUNTERS = ['rate_limit_hits', 'customers.sign_in_state', 'operators.sign_in_state'] as const;

const SIGN_IN_STATE = ['failed_sign_ins', 'status', 'updated_at'];
/** A member of staff's failures, lock and last code used: what a refused staff sign-in writes, on purpose. */
const OPERATOR_SIGN_IN_STATE = ['failed_sign_ins', 'locked_until', 'last_totp_step'];
/** What a digest hashes of each row: the whole row, or part of it. */
const DIGESTED: Readonly<Record<string, { readonly from: string; readonly row: string }>> = {
  customers: { from: 'customers', row: `(to_jsonb(x) - ${SIGN_IN_STATE.map((c) => `'${c}'`).join(' - ')})::text` },
  'customers.sign_in_state': { from: 'customers', row: `concat_ws('|', x.id, ${SIGN_IN_STATE.map((c) => `x.${c}`).join(', ')})` },
  operators: { from: 'operators', row: `(to_jsonb(x) - ${OPERATOR_SIGN_IN_STATE.map((c) => `'${c}'`).join(' - ')})::text` },
  'operators.sign_in_state': { from: 'operators', row: `concat_ws('|', x.id, ${OPERATOR_SIGN_IN_STATE.map((c) => `x.${c}`).join(', ')})` },
  // Every staff call restarts its session's idle clock, refused or not: that is the session being used, not a write of the call's.
  operator_sessions: { from: 'operator_sessions', row: `(to_jsonb(x) - 'last_seen_at')::text` },
};

export type Fingerprint = Readonly<Record<string, string>>;

/**
 * A digest of every row of every table in one round trip: the count and an order-free sum of each
 * row's 64-bit hash, so an insert, a delete or a change to any column shows.
 */
export async function fingerprint(t: TestApp, tables: readonly string[] = [...WRITABLE_TABLES, ...ATTEMPT_COUNTERS]): Promise<Fingerprint> {
  const columns = tables.map((table) => {
    const { from, row } = DIGESTED[table] ?? { from: table, row: 'x::text' };
    return `(SELECT count(*) || ':' || coalesce(sum(hashtextextended(${row}, 0)::numeric), 0) FROM ${from} x) AS "${table}"`;
  });
  const [row] = await t.db.dataSource.query(`SELECT ${columns.join(', ')}`);
  return row as Fingerprint;
}

/** The tables whose digest differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}

// ---------------------------------------------------------------- prototypes

const PROTOTYPES: ReadonlyArray<readonly [string, object]> = [
  ['Object', Object.prototype],
  ['Array', Array.prototype],
  ['Function', Function.prototype],
  ['String', String.prototype],
];
const ownNames = () => PROTOTYPES.map(([name, proto]) => `${name}:${Object.getOwnPropertyNames(proto).sort().join(',')}`);
const PRISTINE = ownNames();

/** Nothing planted on the built-in prototypes of this process, where the app runs too. */
export function expectUnpollutedPrototypes(): void {
  const probe = {} as Record<string, unknown>;
  expect([probe.polluted, probe.isAdmin, probe.shadowed, typeof probe.toString]).toEqual([undefined, undefined, undefined, 'function']);
  expect(ownNames()).toEqual(PRISTINE);
}

// ---------------------------------------------------------------- headers

/** A header value Node will send: hostile text, URI-encoded where it holds what a header may not. */
export function headerSafe(value: string): string {
  if (/^[\t\x20-\x7e]*$/.test(value)) return value;
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '?'));
  }
}

/**
 * Cookies a browser under attack may carry: missing, forged, injected, duplicated, up to the 4 KB a
 * browser keeps of one cookie (a header block over 16 KB Node's parser refuses before the app runs).
 */
export const hostileCookie: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  hostileString.map((value) => `afs_session=${headerSafe(value)}`).filter((cookie) => cookie.length <= 4096),
  hostileString.map((value) => `afs_basket=${headerSafe(value)}`).filter((cookie) => cookie.length <= 4096),
  fc.constant(`afs_session=${'a'.repeat(64)}; afs_basket=${'b'.repeat(20)}`),
  fc.constant('afs_session=j:{"__proto__":{"polluted":"yes"}}'),
  fc.constant('afs_session=a; afs_session=b; afs_basket=%00'),
  fc.constant('__proto__=x; constructor=y'),
);

// ---------------------------------------------------------------- one probe

/** Remembers the database's fingerprint between probes, so each costs one digest query. */
export class WriteGuard {
  private last: Fingerprint | null = null;
  constructor(private readonly t: TestApp) {}

  async current(): Promise<Fingerprint> {
    this.last ??= await fingerprint(this.t);
    return this.last;
  }

  /** Something legitimate changed the database outside a probe (a fresh shopper, say). */
  forget(): void {
    this.last = null;
  }

  remember(value: Fingerprint): void {
    this.last = value;
  }
}

export interface ProbeOptions {
  /** Tables a refusal may still write, by design (a failed sign-in counts against its limit). */
  readonly allowedOnRefusal?: (response: Response) => readonly string[];
}

/**
 * One hostile request: never a 5xx, a catalogued failure or a legitimate success, nothing written
 * by a refusal, and no prototype of this process (where the app runs) touched.
 */
export async function probe(
  t: TestApp,
  guard: WriteGuard,
  send: () => PromiseLike<Response>,
  payload: Pick<BuiltPayload, 'mustRefuse'>,
  options: ProbeOptions = {},
): Promise<{ outcome: 'refused' | 'accepted'; response: Response }> {
  const before = await guard.current();
  const response = await send();
  // Remembered before any check can fail, so a failing run's writes are not blamed on the next (when shrinking).
  const after = await fingerprint(t);
  guard.remember(after);
  const outcome = expectSafeAnswer(response, payload);
  if (outcome === 'refused') {
    const allowed = options.allowedOnRefusal?.(response) ?? [];
    const written = changedTables(before, after).filter((table) => !allowed.includes(table));
    check(written.length === 0, `a refusal writes nothing, but ${written.join(', ')} changed`, response);
  }
  expectUnpollutedPrototypes();
  return { outcome, response };
}
