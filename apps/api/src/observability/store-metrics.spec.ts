import type { IncomingMessage, ServerResponse } from 'node:http';
import { Logger } from '@nestjs/common';
import type { ReconcilePayments } from '@store/application';
import { PaymentReconciliationJob } from '../orders/payment-reconciliation.job';
import { StoreMetrics, UNMATCHED_ROUTE } from './store-metrics';

const metricsWithout = () => new StoreMetrics({ defaultMetrics: false });
const valueOf = async (metrics: StoreMetrics, name: string, labels: Record<string, string> = {}) => {
  const metric = await metrics.registry.getSingleMetric(name)?.get();
  const entry = metric?.values.find((value) => Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted));
  return entry?.value ?? 0;
};

describe('StoreMetrics', () => {
  it('counts a charge whose outcome is unknown as uncertain, besides the failure', async () => {
    const metrics = metricsWithout();
    metrics.orderFailed({ gateway: 'braintree', method: 'card', reason: 'ORDER_FAILED_UNEXPECTEDLY', charged: 'unknown' });
    metrics.orderFailed({ gateway: 'braintree', method: 'card', reason: 'PAYMENT_DECLINED', charged: 'not-charged' });
    expect(await valueOf(metrics, 'store_charges_uncertain_total', { gateway: 'braintree', method: 'card' })).toBe(1);
    expect(await valueOf(metrics, 'store_orders_failed_total', { reason: 'ORDER_FAILED_UNEXPECTEDLY' })).toBe(1);
    expect(await valueOf(metrics, 'store_orders_failed_total', { reason: 'PAYMENT_DECLINED' })).toBe(1);
  });

  it("counts the providers' notifications by provider and outcome", async () => {
    const metrics = metricsWithout();
    metrics.webhookReceived({ provider: 'braintree', outcome: 'stored' });
    metrics.webhookReceived({ provider: 'braintree', outcome: 'WEBHOOK_SIGNATURE_INVALID' });
    metrics.webhookHandled({ provider: 'braintree', outcome: 'retry' });
    expect(await valueOf(metrics, 'store_webhook_deliveries_total', { provider: 'braintree', outcome: 'WEBHOOK_SIGNATURE_INVALID' })).toBe(1);
    expect(await valueOf(metrics, 'store_webhook_deliveries_total', { provider: 'braintree', outcome: 'stored' })).toBe(1);
    expect(await valueOf(metrics, 'store_webhook_handlings_total', { provider: 'braintree', outcome: 'retry' })).toBe(1);
  });

  it('times an unrouted request under one label, whatever its address', async () => {
    const metrics = metricsWithout();
    for (const url of ['/wp-admin', '/a/b/c']) metrics.observeRequest({ method: 'GET', url } as IncomingMessage, { statusCode: 404 } as ServerResponse, 0.002);
    metrics.observeRequest({ method: 'GET', url: '/x', route: { path: '/data/orders/:number' } } as unknown as IncomingMessage, { statusCode: 503 } as ServerResponse, 0.2);
    const text = await metrics.registry.metrics();
    expect(text).toContain(`http_server_request_duration_seconds_count{method="GET",route="${UNMATCHED_ROUTE}",status_class="4xx"} 2`);
    expect(text).toContain('http_server_request_duration_seconds_count{method="GET",route="/data/orders/:number",status_class="5xx"} 1');
    expect(text).not.toContain('wp-admin');
  });

  it('is told every reconciliation run by the job: outcomes, reversals, deferrals and when it ran', async () => {
    const metrics = metricsWithout();
    const run = {
      reconciled: [
        { orderNumber: 'AFS-00000001', outcome: 'completed' as const, reversed: ['t1', 't2'] },
        { orderNumber: 'AFS-00000002', outcome: 'failed' as const, reversed: [] },
      ],
      deferred: [{ orderNumber: 'AFS-00000003', reason: 'gateway timed out' }],
    };
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const job = new PaymentReconciliationJob({ run: async () => run } as unknown as ReconcilePayments, metrics);
    const before = Date.now() / 1000;
    await job.runOnce();
    expect(await valueOf(metrics, 'store_reconciliation_orders_total', { outcome: 'completed' })).toBe(1);
    expect(await valueOf(metrics, 'store_reconciliation_orders_total', { outcome: 'failed' })).toBe(1);
    expect(await valueOf(metrics, 'store_reconciliation_orders_total', { outcome: 'deferred' })).toBe(1);
    expect(await valueOf(metrics, 'store_reconciliation_reversals_total')).toBe(2);
    expect(await valueOf(metrics, 'store_reconciliation_deferred')).toBe(1);
    expect(await valueOf(metrics, 'store_reconciliation_last_run_timestamp_seconds')).toBeGreaterThanOrEqual(Math.floor(before));
  });
});
