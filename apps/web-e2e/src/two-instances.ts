import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { twoInstancesControlPort } from '../playwright.config';
import { XHR } from './support';

/** The two-instance store's control (tools/test/start-two-instances.mjs): its instances, nginx's log, the orders in its database. */
export const CONTROL_URL = `http://127.0.0.1:${twoInstancesControlPort}`;

export interface Instance {
  name: 'a' | 'b';
  upstream: string;
  /** The instance's Prometheus endpoint (its own port, not behind nginx). */
  metrics: string;
  running: boolean;
}

/** `store_orders_placed_total` as both instances' scrapes say, summed per series (its labels as written). */
export async function ordersPlacedMetric(request: APIRequestContext): Promise<Map<string, number>> {
  const series = new Map<string, number>();
  for (const instance of await instances(request)) {
    const response = await request.get(instance.metrics);
    expect(response.ok()).toBe(true);
    for (const [, labels, value] of (await response.text()).matchAll(/^store_orders_placed_total(\{[^}]*\}) (\S+)$/gm)) {
      series.set(labels, (series.get(labels) ?? 0) + Number(value));
    }
  }
  return series;
}

export async function instances(request: APIRequestContext): Promise<Instance[]> {
  const response = await request.get(`${CONTROL_URL}/instances`);
  expect(response.ok()).toBe(true);
  return response.json();
}

export async function ordersInDatabase(request: APIRequestContext): Promise<{ number: string; basket_reference: string; status: string }[]> {
  const response = await request.get(`${CONTROL_URL}/orders`);
  expect(response.ok()).toBe(true);
  return response.json();
}

export async function balancerLog(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${CONTROL_URL}/instances/access-log`);
  expect(response.ok()).toBe(true);
  return (await response.json()).log;
}

export interface Landing {
  method: string;
  url: string;
  status: number;
  /** The instance that answered (nginx's X-Upstream: the last address when the first could not be reached). */
  upstream: string;
  /** Every instance nginx tried, in order. */
  tried: string[];
}

/**
 * Every answer the page had from the store's origin, with where nginx sent it, and every request
 * from the page to the store that got no answer at all.
 */
export function watchLandings(page: Page, origin: string): { landings: Landing[]; unanswered: string[] } {
  const landings: Landing[] = [];
  const unanswered: string[] = [];
  page.on('response', (response) => {
    if (!response.url().startsWith(origin)) return;
    const tried = (response.headers()['x-upstream'] ?? '').split(',').map((address) => address.trim()).filter(Boolean);
    landings.push({ method: response.request().method(), url: response.url(), status: response.status(), upstream: tried.at(-1) ?? '', tried });
  });
  page.on('requestfailed', (request) => {
    // A navigation the page itself replaced (the next step's page) is not a lost request.
    if (request.url().startsWith(origin) && request.failure()?.errorText !== 'net::ERR_ABORTED') unanswered.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
  return { landings, unanswered };
}

/** The shopper's basket, whose reference the order placed from it keeps. */
export async function basketReference(request: APIRequestContext): Promise<string> {
  const session = await (await request.get('/data/session/', { headers: XHR })).json();
  return session.data.basket.reference;
}
