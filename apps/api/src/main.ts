import { ConfigError, loadConfig } from './config/app-config';
import { createApp } from './create-app';
import { PaymentReconciliationJob } from './orders/payment-reconciliation.job';
import { UnusedCertificatesJob } from './tax-exemption/unused-certificates.job';
import { ProviderNotificationsJob } from './payments/notifications/provider-notifications.job';
import { LocalPaymentsJob } from './payments/local-payments/local-payments.job';
import { BankDebitsReconciliationJob } from './payments/bank-debits/bank-debits.job';

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
  await app.listen(config.PORT, config.HOST);
  // Payment reconciliation and the removal of unused certificates run in a served API only (tests run them by hand).
  app.get(PaymentReconciliationJob, { strict: false }).start();
  app.get(UnusedCertificatesJob, { strict: false }).start();
  // The payment providers' notifications kept by the webhook endpoints are handled from here.
  app.get(ProviderNotificationsJob, { strict: false }).start();
  // And the local payments they say were approved are charged from here.
  app.get(LocalPaymentsJob, { strict: false }).start();
  // Bank debits whose settlement notification never came are looked up from here.
  app.get(BankDebitsReconciliationJob, { strict: false }).start();
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // The parent process (tools/start.mjs) waits for this line to learn the port.
  process.send?.({ type: 'listening', port });
  // If the parent that started us goes away, stop rather than linger.
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`The API could not start: ${message}\n`);
  process.exit(1);
});
