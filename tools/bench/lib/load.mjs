// Load generators: autocannon (a maintained Node load generator) for single requests, and a
// virtual-user driver for whole checkouts. Both record every request's latency, so percentiles are
// exact, and count errors: non-2xx answers, 2xx answers whose body says success false, socket
// errors and timeouts.
import autocannon from 'autocannon';
import { pool } from './client.mjs';
import { summarise } from './stats.mjs';

/**
 * @param {{ url: string, connections: number, duration?: number, amount?: number, requests?: object[], checkBody?: boolean }} options
 */
export async function cannon({ url, connections, duration, amount, requests, checkBody = false }) {
  const latencies = [];
  let failedBodies = 0;
  const onResponse = checkBody
    ? (status, body) => {
        // A data answer says success true; the health answers (in the soak's mix) have no such field.
        const text = String(body);
        if (status >= 200 && status < 300 && text.includes('"success"') && !text.includes('"success":true')) failedBodies += 1;
      }
    : undefined;
  const withCheck = requests?.map((request) => (onResponse ? { ...request, onResponse } : request));
  const started = performance.now();
  const instance = autocannon({
    url,
    connections,
    pipelining: 1,
    timeout: 30,
    ...(amount ? { amount } : { duration }),
    ...(withCheck ? { requests: withCheck } : {}),
  });
  let lastAnswer = started;
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    latencies.push(responseTime);
    lastAnswer = performance.now();
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  // From the start to the last answer: autocannon ends a run of a fixed number of requests at its
  // next whole-second tick, and its own duration is in whole seconds, which made 300 PLACE_ORDERs
  // answered in 2.1 s read as 100 a second.
  const answeringSeconds = (lastAnswer - started) / 1000;
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    kind: 'autocannon',
    connections,
    seconds: Number(seconds.toFixed(2)),
    requests: answered,
    rps: answered / Math.max(answeringSeconds, 0.001),
    // autocannon counts a timeout among its errors too.
    errors: result.non2xx + result.errors + failedBodies,
    errorDetail: { non2xx: result.non2xx, socketErrors: result.errors, timeouts: result.timeouts, failedBodies },
    ...summarise(latencies),
  };
}

/** A rotating pick from a list (the next seeded shopper for each request). */
export function rotation(items) {
  let index = 0;
  return () => items[index++ % items.length];
}

/**
 * Whole checkouts by `vus` virtual users for `seconds`: each runs `flow(timings)` again and again;
 * a flow that throws counts as an error. Returns checkouts per second and flow latency percentiles.
 */
export async function virtualUsers({ vus, seconds, flow }) {
  const latencies = [];
  const timings = {};
  const errors = new Map();
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await pool(vus, vus, async () => {
    while (performance.now() < deadline) {
      const begun = performance.now();
      try {
        await flow(timings);
        latencies.push(performance.now() - begun);
      } catch (error) {
        const key = String(error.message).slice(0, 120);
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
    }
  });
  const elapsed = (performance.now() - started) / 1000;
  const steps = Object.fromEntries(Object.entries(timings).map(([step, values]) => [step, summarise(values)]));
  return {
    kind: 'virtual-users',
    connections: vus,
    seconds: Number(elapsed.toFixed(2)),
    requests: latencies.length,
    rps: latencies.length / elapsed,
    errors: [...errors.values()].reduce((a, b) => a + b, 0),
    errorDetail: Object.fromEntries(errors),
    steps,
    ...summarise(latencies),
  };
}
