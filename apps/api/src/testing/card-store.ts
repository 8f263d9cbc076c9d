import type { CardCheckoutJson } from '@store/domain';
import type { AddressInfo } from 'node:net';
import { startBraintreeSandbox, type RunningBraintreeSandbox, type SandboxConfig, type WalletFlowTarget } from '@store/payment-sandbox';
import { MailDeliveryService } from '../identity/mail-delivery.service';
import { cardSandboxEnv } from './sandbox-env';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from './smtp-capture';
import type { Shopper } from './shopper';
import { createTestApp, XHR, type TestApp } from './test-app';

export interface CardStore {
  /** The store (set before the file's first test). */
  t: TestApp;
  /** Its card gateway, a sandbox of this file's own. */
  sandbox: RunningBraintreeSandbox;
}

/**
 * For one test file: the store on a database of its own with a card gateway sandbox of its own,
 * started before the file's tests and stopped after them. Read its fields inside tests and hooks.
 */
export function storeWithCardSandbox(): CardStore {
  const store = {} as CardStore;
  beforeAll(async () => {
    store.sandbox = await startBraintreeSandbox();
    store.t = await createTestApp({ env: cardSandboxEnv(store.sandbox.url) });
  });
  afterAll(async () => {
    await store.t?.close();
    await store.sandbox?.close();
  });
  return store;
}

/** A card store that also delivers its mail to an SMTP server of the file's own, so receipts can be read. */
export interface CardStoreWithMail extends CardStore {
  smtp: SmtpCapture;
}

/** `storeWithCardSandbox` with mail delivered to a captured SMTP server, and links to http://store.test. */
export function storeWithCardSandboxAndMail(): CardStoreWithMail {
  const store = {} as CardStoreWithMail;
  beforeAll(async () => {
    store.sandbox = await startBraintreeSandbox();
    store.smtp = await startSmtpCapture();
    store.t = await createTestApp({ env: { ...cardSandboxEnv(store.sandbox.url), SMTP_URL: store.smtp.url, PUBLIC_URL: 'http://store.test' } });
  });
  afterAll(async () => {
    await store.t?.close();
    await store.sandbox?.close();
    await store.smtp?.close();
  });
  return store;
}

/** Delivers the outbox until the receipt for one address has reached the SMTP server (a scheduled round may hold the outbox). */
export async function receiptsTo(store: CardStoreWithMail, email: string): Promise<CapturedMail[]> {
  const delivery = store.t.app.get(MailDeliveryService);
  const received = () => store.smtp.mails.filter((mail) => mail.envelopeTo.includes(email) && /order/i.test(mail.subject));
  for (let round = 0; round < 50 && received().length === 0; round++) {
    await delivery.tick();
    if (received().length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return received();
}

/** Card sales the gateway holds for the order of the shopper's basket, if it has one. */
export async function cardSalesFor(store: CardStore, shopper: Pick<Shopper, 'basket'>): Promise<unknown[]> {
  const orders: { number: string }[] = await store.t.db.dataSource.query('SELECT number FROM orders WHERE basket_reference = $1', [shopper.basket.reference]);
  const all = (await (await fetch(`${store.sandbox.url}/__sandbox/transactions`)).json()) as { type: string; orderId: string | null }[];
  return all.filter((sale) => sale.type === 'sale' && orders.some((order) => sale.orderId?.startsWith(`${order.number}-`)));
}

/** A card store whose sandbox the file configures, and the calls its payment tests share. */
export interface ConfiguredCardStore extends CardStore {
  /** Where braintree-web's flows (the SDK's own calls, made from Node) reach the sandbox. */
  target: WalletFlowTarget;
  /** POSTs to one of the sandbox's controls (`webhooks/settings`, `transactions/{id}/settle`…). */
  control(path: string, body?: unknown): Promise<{ readonly status: number; readonly body: Record<string, unknown> }>;
  /** The card checkout's page data for the shopper's basket. */
  checkoutOf(shopper: Pick<Shopper, 'basket' | 'cookie'>): Promise<CardCheckoutJson>;
  /** The client token's fingerprint for the shopper's basket, as the page's braintree-web gets it. */
  fingerprintOf(shopper: Pick<Shopper, 'basket' | 'cookie'>): Promise<string>;
}

export interface CardStoreOptions {
  /** Settings for the store beyond the sandbox's own (methods switched on, gateway rules). */
  readonly env?: Record<string, string>;
  readonly sandboxConfig?: Partial<SandboxConfig>;
  /**
   * The store listens on a port and the sandbox sends it its webhooks (links then point at
   * http://store.test), for flows that complete by notification.
   */
  readonly receiveWebhooks?: boolean;
}

/** `storeWithCardSandbox` with the file's own settings, optionally receiving the sandbox's webhooks. */
export function configuredCardStore(options: CardStoreOptions = {}): ConfiguredCardStore {
  const store = {} as ConfiguredCardStore;
  store.control = async (path, body) => {
    const response = await fetch(`${store.sandbox.url}/__sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  store.checkoutOf = async (shopper) => (await store.t.http().get(`/data/braintree-checkout?basket_ref=${shopper.basket.reference}`).set(XHR).set('Cookie', shopper.cookie)).body.data;
  store.fingerprintOf = async (shopper) => JSON.parse(Buffer.from((await store.checkoutOf(shopper)).client_token, 'base64').toString('utf8')).authorizationFingerprint;
  beforeAll(async () => {
    store.sandbox = await startBraintreeSandbox(options.sandboxConfig ? { config: options.sandboxConfig } : {});
    const env = { ...(options.receiveWebhooks ? { PUBLIC_URL: 'http://store.test' } : {}), ...options.env };
    store.t = await createTestApp({ env: cardSandboxEnv(store.sandbox.url, env) });
    if (options.receiveWebhooks) {
      await store.t.app.listen(0, '127.0.0.1');
      const { port } = store.t.app.getHttpServer().address() as AddressInfo;
      await store.control('webhooks/settings', { url: `http://127.0.0.1:${port}/webhooks/braintree/` });
    }
    store.target = { url: store.sandbox.url, merchantId: store.sandbox.config.merchantId };
  }, 60_000);
  afterAll(async () => {
    await store.t?.close();
    await store.sandbox?.close();
  });
  return store;
}
