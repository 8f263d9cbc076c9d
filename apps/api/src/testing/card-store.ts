import { startBraintreeSandbox, type RunningBraintreeSandbox } from '@store/payment-sandbox';
import { cardSandboxEnv } from './sandbox-env';
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

/** Card sales the gateway holds for the order of the shopper's basket, if it has one. */
export async function cardSalesFor(store: CardStore, shopper: Pick<Shopper, 'basket'>): Promise<unknown[]> {
  const orders: { number: string }[] = await store.t.db.dataSource.query('SELECT number FROM orders WHERE basket_reference = $1', [shopper.basket.reference]);
  const all = (await (await fetch(`${store.sandbox.url}/__sandbox/transactions`)).json()) as { type: string; orderId: string | null }[];
  return all.filter((sale) => sale.type === 'sale' && orders.some((order) => sale.orderId?.startsWith(`${order.number}-`)));
}
