import { startBraintreeSandbox, type RunningBraintreeSandbox } from '@store/payment-sandbox';
import { MailDeliveryService } from '../identity/mail-delivery.service';
import { cardSandboxEnv } from './sandbox-env';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from './smtp-capture';
import type { Shopper } from './shopper';
import { createTestApp, type TestApp } from './test-app';

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
