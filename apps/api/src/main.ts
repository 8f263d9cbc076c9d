// First, before anything loads http or pg: traces, when configured (a no-op otherwise).
import { flushTracing } from './observability/tracing';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigError, loadConfig } from './config/app-config';
import { createApp } from './create-app';
import { STORE_METRICS } from './observability/observability.module';
import { startMetricsServer } from './observability/metrics-server';
import { PaymentReconciliationJob } from './orders/payment-reconciliation.job';
import { UnusedCertificatesJob } from './tax-exemption/unused-certificates.job';
import { ProviderNotificationsJob } from './payments/notifications/provider-notifications.job';
import { LocalPaymentsJob } from './payments/local-payments/local-payments.job';
import { BankDebitsReconciliationJob } from './payments/bank-debits/bank-debits.job';
import { RefundsJob } from './back-office/refunds.job';
import { CapturesJob } from './back-office/captures.job';
import { drainable, type Drain } from './http/graceful-shutdown';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  const drain = drainable(app.getHttpServer(), { timeoutMs: config.SHUTDOWN_DRAIN_MS });
  await app.listen(config.PORT, config.HOST);
  // The Prometheus metrics, on a port of their own and never the public one (METRICS_PORT; off when unset).
  if (config.METRICS_PORT !== undefined) await startMetricsServer(app.get(STORE_METRICS), config.METRICS_HOST, config.METRICS_PORT);
  // Payment reconciliation and the removal of unused certificates run in a served API only (tests run them by hand).
  app.get(PaymentReconciliationJob, { strict: false }).start();
  app.get(UnusedCertificatesJob, { strict: false }).start();
  // The payment providers' notifications kept by the webhook endpoints are handled from here.
  app.get(ProviderNotificationsJob, { strict: false }).start();
  // And the local payments they say were approved are charged from here.
  app.get(LocalPaymentsJob, { strict: false }).start();
  // Bank debits whose settlement notification never came are looked up from here.
  app.get(BankDebitsReconciliationJob, { strict: false }).start();
  // Refunds whose answer was lost are finished from here, asking the provider first.
  app.get(RefundsJob, { strict: false }).start();
  // And the merchant of record is told which paid orders were delivered, so it captures their charges.
  app.get(CapturesJob, { strict: false }).start();
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // The parent process (tools/start.mjs) waits for this line to learn the port.
  process.send?.({ type: 'listening', port });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutDown(app, drain, signal));
  // If the parent that started us goes away, stop rather than linger.
  process.on('disconnect', () => void shutDown(app, drain, 'disconnect'));
}

let shuttingDown = false;

/**
 * A graceful stop: no new connections (a load balancer sends them to another instance), readiness
 * 503, the requests in progress answered within SHUTDOWN_DRAIN_MS, then the jobs' runs, the
 * storage and the database are closed, in that order, and the process exits. A second signal
 * while draining changes nothing.
 */
async function shutDown(app: NestExpressApplication, drain: Drain, reason: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  const logger = new Logger('Shutdown');
  logger.log({ reason }, 'Stopping: draining the requests in progress');
  try {
    const outcome = await drain.start();
    if (outcome === 'cut') logger.warn('Requests still in progress when the drain time ran out were cut');
    await app.close();
    await flushTracing();
    logger.log('Stopped');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'The API did not stop cleanly');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`The API could not start: ${message}\n`);
  process.exit(1);
});
