// A small keep-alive HTTP client for the store's data API, used to seed shoppers and to drive whole
// checkouts (create customer, basket, billing, gateway, place order) as a browser's page would.
import http from 'node:http';

export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

export function createClient(baseUrl, { maxSockets = 64 } = {}) {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets });

  function request(method, path, { headers = {}, body } = {}) {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: base.hostname, port: base.port, method, path, agent, headers: { ...XHR, ...headers, ...(body ? { 'Content-Length': Buffer.byteLength(body) } : {}) } },
        (res) => {
          const parts = [];
          res.on('data', (part) => parts.push(part));
          res.on('end', () => {
            const text = Buffer.concat(parts).toString('utf8');
            let json = null;
            try {
              json = JSON.parse(text);
            } catch {
              json = null;
            }
            const cookies = (res.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]);
            resolve({ status: res.statusCode, json, text, cookies, ms: performance.now() - started });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
      if (body) req.write(body);
      req.end();
    });
  }

  const jsonBody = (value) => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(value) });

  return {
    request,
    get: (path, cookie = '') => request('GET', path, { headers: cookie ? { Cookie: cookie } : {} }),
    postJson: (path, value, cookie = '') => {
      const options = jsonBody(value);
      if (cookie) options.headers.Cookie = cookie;
      return request('POST', path, options);
    },
    /** A checkout data action (spec 2 §7): form-encoded action, timestamp and JSON body. */
    action: (name, value, cookie = '') =>
      request('POST', '/data/checkout/', {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
        body: checkoutForm(name, value),
      }),
    close: () => agent.destroy(),
  };
}

export const checkoutForm = (name, value) => new URLSearchParams({ action: name, timestamp: '1', body: JSON.stringify(value) }).toString();

const mergeCookies = (cookie, set) => {
  const jar = new Map(cookie ? cookie.split('; ').map((pair) => [pair.split('=')[0], pair]) : []);
  for (const pair of set) jar.set(pair.split('=')[0], pair);
  return [...jar.values()].join('; ');
};

let counter = 0;
const runId = Date.now().toString(36);

function expectSuccess(step, answer) {
  if (answer.status !== 200 || answer.json?.success !== true) {
    const detail = answer.json ? `${answer.json.code ?? ''} ${answer.json.message ?? ''}`.trim() : answer.text.slice(0, 200);
    throw new Error(`${step} answered ${answer.status}: ${detail}`);
  }
  return answer;
}

export const STEPS = ['create customer', 'add to basket', 'billing address', 'determine gateway', 'session', 'place order'];

/**
 * One shopper through the checkout up to `until` (a step name), in the order of the API's own test
 * shopper (apps/api/src/testing/shopper.ts): a new account first, then its basket. Returns the
 * cookie, basket (reference, stale hash, line reference) and each step's latency.
 */
export async function shopperThrough(client, until = 'session', timings = null) {
  counter += 1;
  const email = `bench.${runId}.${process.pid}.${counter}@example.com`;
  const time = (step, answer) => {
    if (timings) (timings[step] ??= []).push(answer.ms);
    return answer;
  };
  const created = expectSuccess(
    'CREATE_CUSTOMER',
    time(
      'create customer',
      await client.action('CREATE_CUSTOMER', {
        email,
        firstName: 'Bea',
        lastName: 'Bench',
        password: 'analytical engine',
        country: 'GB',
        marketingSignUp: false,
        customerCategory: 'personal',
        termsAndConditions: true,
      }),
    ),
  );
  let cookie = mergeCookies('', created.cookies);
  const added = expectSuccess('add to basket', time('add to basket', await client.postJson('/data/basket/lines/', { product_suite_reference: 'photo-2', locale: 'en-gb' }, cookie)));
  cookie = mergeCookies(cookie, added.cookies);
  const basketReference = added.json.data.reference;
  const shopper = { email, cookie, basketReference, lineReference: added.json.data.lines?.[0]?.reference ?? null, staleHash: added.json.data.stale_hash ?? null };
  if (until === 'add to basket') return shopper;
  expectSuccess(
    'CREATE_CUSTOMER_INVOICE_ADDRESS',
    time('billing address', await client.action('CREATE_CUSTOMER_INVOICE_ADDRESS', { basket_reference: basketReference, line_1: '1 Infinite Loop', city: 'Nottingham', postal_code: 'NG1 1AA', country: 'GB' }, cookie)),
  );
  const decided = expectSuccess('determine-gateway', time('determine gateway', await client.postJson('/data/determine-gateway/', { basket_ref: basketReference }, cookie)));
  if (decided.json.data?.gateway !== 'braintree') throw new Error(`determine-gateway chose ${decided.json.data?.gateway}`);
  const session = expectSuccess('session', time('session', await client.get(`/data/session/?basket_ref=${basketReference}`, cookie)));
  shopper.staleHash = session.json.data.basket.stale_hash;
  shopper.lineReference = session.json.data.basket.lines?.[0]?.reference ?? shopper.lineReference;
  if (until === 'session') return shopper;
  const placed = expectSuccess('PLACE_ORDER', time('place order', await client.action('PLACE_ORDER', placeOrderBody(shopper), cookie)));
  shopper.orderNumber = placed.json.data.order_number;
  return shopper;
}

/** PLACE_ORDER through the card sandbox: its 3-D Secure-authenticated Visa nonce (3-D Secure is on, as in production). */
export const placeOrderBody = (shopper) => ({
  basket_reference_id: shopper.basketReference,
  basket_stale_hash: shopper.staleHash,
  gateway: 'braintree',
  token: 'fake-three-d-secure-visa-full-authentication-nonce',
  withdrawal_consent: true,
  locale: 'en-gb',
});

/** Runs `task(i)` for i in [0, count) with at most `concurrency` at once; returns the results in order. */
export async function pool(count, concurrency, task) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}
