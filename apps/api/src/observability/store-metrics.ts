import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OperationsEvents } from '@store/application';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';

/** A pg pool's own counts (node-postgres keeps them as plain properties). */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** What Express leaves on a request it routed: the matched route's pattern, never the address as sent. */
type RoutedRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };

// Latency buckets in seconds: the store's answers take milliseconds; the top buckets catch a
// gateway call or a database that has stopped answering (DATABASE_TIMEOUT_MS is 3 s by default).
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATUS_CLASS = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
/** Every request no route matched (a probe for a missing page, a scanner) counts under this one label. */
export const UNMATCHED_ROUTE = 'unmatched';

/** One label set's counts: one per bucket (not yet cumulative), then the sum and the count. */
interface Series {
  readonly labels: { readonly method: string; readonly route: string; readonly status_class: string };
  readonly buckets: number[];
  sum: number;
  count: number;
}

/**
 * The HTTP histogram, kept by hand and given to prom-client's registry as a metric of its own
 * (an object with get(), which the registry formats at scrape time like its own histograms).
 * Why not prom-client's Histogram: its observe() checks and hashes the labels object on every call,
 * about 0.8 µs a request (measured, see the notes); here a request costs a string key, a Map
 * lookup and a bucket increment.
 */
class RequestDurations {
  readonly name = 'http_server_request_duration_seconds';
  readonly help = 'Time to answer an HTTP request, by method, matched route pattern and status class; its _count is the request count.';
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;
  private readonly series = new Map<string, Series>();

  observe(method: string, route: string, statusClass: string, seconds: number): void {
    const key = `${method} ${statusClass} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = { labels: { method, route, status_class: statusClass }, buckets: new Array<number>(HTTP_BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < HTTP_BUCKETS.length && seconds > HTTP_BUCKETS[bucket]) bucket += 1;
    series.buckets[bucket] += 1;
    series.sum += seconds;
    series.count += 1;
  }

  get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const { labels, buckets, sum, count } of this.series.values()) {
      let cumulative = 0;
      HTTP_BUCKETS.forEach((bound, index) => {
        cumulative += buckets[index];
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: bound }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

/**
 * The API's Prometheus metrics, on a registry of its own (each app made in a test has its own
 * counts): HTTP requests by route pattern, the use cases' operations events, the database pool
 * and Node's own (event-loop lag, heap, GC). Served by the metrics server (metrics-server.ts)
 * on a port of its own, never on the public one.
 */
export class StoreMetrics implements OperationsEvents {
  readonly registry = new Registry();
  private readonly http = new RequestDurations();
  private readonly ordersPlaced: Counter<'gateway' | 'method'>;
  private readonly ordersFailed: Counter<'gateway' | 'method' | 'reason'>;
  private readonly chargesUncertain: Counter<'gateway' | 'method'>;
  private readonly reconciled: Counter<'outcome'>;
  private readonly reversals: Counter;
  private readonly reconciliationDeferred: Gauge;
  private readonly reconciliationLastRun: Gauge;
  private readonly webhooks: Counter<'provider' | 'outcome'>;
  private readonly webhooksHandled: Counter<'provider' | 'outcome'>;

  constructor(options: { readonly pool?: () => PoolCounts | null; readonly defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.registry.registerMetric(this.http as unknown as Parameters<Registry['registerMetric']>[0]);
    this.ordersPlaced = new Counter({ name: 'store_orders_placed_total', help: 'Orders placed, by gateway and payment method.', labelNames: ['gateway', 'method'], registers });
    this.ordersFailed = new Counter({
      name: 'store_orders_failed_total',
      help: 'Orders refused or failed, by gateway, payment method and catalogued reason.',
      labelNames: ['gateway', 'method', 'reason'],
      registers,
    });
    this.chargesUncertain = new Counter({
      name: 'store_charges_uncertain_total',
      help: 'Charges whose outcome is not known (the gateway did not answer); reconciliation settles them.',
      labelNames: ['gateway', 'method'],
      registers,
    });
    this.reconciled = new Counter({ name: 'store_reconciliation_orders_total', help: 'Orders looked at by payment reconciliation, by outcome.', labelNames: ['outcome'], registers });
    this.reversals = new Counter({ name: 'store_reconciliation_reversals_total', help: 'Extra charges reversed by payment reconciliation.', registers });
    this.reconciliationDeferred = new Gauge({ name: 'store_reconciliation_deferred', help: 'Orders the last reconciliation run could not settle (their gateway did not say).', registers });
    this.reconciliationLastRun = new Gauge({ name: 'store_reconciliation_last_run_timestamp_seconds', help: 'When payment reconciliation last finished a run (Unix time).', registers });
    this.webhooks = new Counter({
      name: 'store_webhook_deliveries_total',
      help: "Payment providers' notifications delivered to the store, by provider and what the store answered.",
      labelNames: ['provider', 'outcome'],
      registers,
    });
    this.webhooksHandled = new Counter({
      name: 'store_webhook_handlings_total',
      help: "Kept provider notifications handled, by provider and outcome (processed, or retry later).",
      labelNames: ['provider', 'outcome'],
      registers,
    });
    const pool = options.pool;
    if (pool) {
      // Read when scraped, not kept up to date: nothing is done per query.
      const gauge = (name: string, help: string, read: (counts: PoolCounts) => number) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            const counts = pool();
            if (counts) this.set(read(counts));
          },
        });
      gauge('store_db_pool_connections', 'Connections the database pool holds (busy and idle).', (counts) => counts.totalCount);
      gauge('store_db_pool_idle_connections', 'Connections in the database pool that are idle.', (counts) => counts.idleCount);
      gauge('store_db_pool_waiting_requests', 'Queries waiting for a connection from the database pool.', (counts) => counts.waitingCount);
    }
  }

  /** The HTTP histogram's observation of one answered request (called from the access log's 'close' hook). */
  observeRequest(request: IncomingMessage, response: ServerResponse, seconds: number): void {
    const method = request.method ?? 'OTHER';
    const routed = request as RoutedRequest;
    const pattern = routed.route?.path;
    const route = typeof pattern === 'string' ? `${routed.baseUrl ?? ''}${pattern}` : UNMATCHED_ROUTE;
    const statusClass = STATUS_CLASS[Math.trunc(response.statusCode / 100)] ?? 'other';
    this.http.observe(method, route, statusClass, seconds);
  }

  orderPlaced(event: { gateway: string; method: string }): void {
    this.ordersPlaced.inc({ gateway: event.gateway, method: event.method });
  }

  orderFailed(event: { gateway: string; method: string; reason: string; charged: 'not-charged' | 'charged' | 'unknown' }): void {
    this.ordersFailed.inc({ gateway: event.gateway, method: event.method, reason: event.reason });
    if (event.charged === 'unknown') this.chargesUncertain.inc({ gateway: event.gateway, method: event.method });
  }

  orderReconciled(event: { outcome: 'completed' | 'failed' | 'unchanged' | 'deferred'; reversals: number }): void {
    this.reconciled.inc({ outcome: event.outcome });
    if (event.reversals > 0) this.reversals.inc(event.reversals);
  }

  reconciliationRun(event: { deferred: number }): void {
    this.reconciliationDeferred.set(event.deferred);
    this.reconciliationLastRun.set(Date.now() / 1000);
  }

  webhookReceived(event: { provider: string; outcome: string }): void {
    this.webhooks.inc({ provider: event.provider, outcome: event.outcome });
  }

  webhookHandled(event: { provider: string; outcome: 'processed' | 'retry' }): void {
    this.webhooksHandled.inc({ provider: event.provider, outcome: event.outcome });
  }
}
