import { existsSync, readFileSync } from 'node:fs';
import type { Page, Request, Response } from '@playwright/test';
import { API_LOG_FILE } from '../playwright.config';
import { enterCard, expect, shopperAtPayment, test } from './card-gateway';

/**
 * Card data never touches our pages, our API or its logs (the short PCI self-assessment for hosted
 * payment pages): the card is typed into the gateway's own frames, which send it to the gateway, and
 * our page only ever holds the single-use nonce the gateway gives back. A card is paid with here,
 * and its number, in any of its forms, is looked for in our page, everything our page sends to and
 * receives from our origin, the page's storage, and the API's log file (LOG_FILE, set for this store
 * in playwright.config.ts). The flow also proves the content security policy (with its per-page
 * nonce) still admits the gateway's scripts and frames: no violation is reported on the way.
 */

const CARD = '4000000000001000'; // the sandbox's frictionless 3-D Secure Visa
const FORMS = [CARD, '4000 0000 0000 1000', '4000-0000-0000-1000', CARD.slice(0, 12)];
const CVV = '737';

const leaks = (text: string) => FORMS.filter((form) => text.includes(form));

interface Traffic {
  readonly sent: string[];
  readonly received: Array<Promise<string>>;
  readonly requestIds: string[];
}

/** Everything the page sends to our origin (address and body), and every answer it gets from it. */
function recordOurTraffic(page: Page, origin: string): Traffic {
  const traffic: Traffic = { sent: [], received: [], requestIds: [] };
  page.on('request', (request: Request) => {
    if (new URL(request.url()).origin !== origin) return;
    traffic.sent.push(`${request.method()} ${request.url()}\n${JSON.stringify(request.headers())}\n${request.postData() ?? ''}`);
  });
  page.on('response', (response: Response) => {
    if (new URL(response.url()).origin !== origin) return;
    const id = response.headers()['x-request-id'];
    if (id) traffic.requestIds.push(id);
    traffic.received.push(response.text().catch(() => ''));
  });
  return traffic;
}

async function readLogs(until: (logs: string) => boolean): Promise<string> {
  let logs = '';
  for (let attempt = 0; attempt < 50; attempt++) {
    logs = existsSync(API_LOG_FILE) ? readFileSync(API_LOG_FILE, 'utf8') : '';
    if (until(logs)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return logs;
}

test('a card paid with never appears in our page, our requests and answers, the page storage or the API logs', async ({ page, baseURL }) => {
  const origin = new URL(baseURL as string).origin;
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const traffic = recordOurTraffic(page, origin);

  await shopperAtPayment(page);
  await page.goto('/en-gb/checkout/');
  const payment = page.locator('section[data-section="payment-details"]');
  await expect(payment).toHaveAttribute('data-state', 'active');
  await expect(page.locator('iframe[name="braintree-hosted-field-number"]')).toBeAttached();
  await enterCard(page, { number: CARD, cvv: CVV });

  // Typed, but only inside the gateway's frames: our document has none of it.
  expect(leaks(await page.content())).toEqual([]);
  const number = page.frameLocator('iframe[name="braintree-hosted-field-number"]').locator('input');
  await expect(number).toHaveValue(/4000 ?0000 ?0000 ?1000/);

  const box = payment.getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  const placed = page.waitForRequest((request) => request.url().startsWith(`${origin}/data/checkout/`) && (request.postData() ?? '').includes('PLACE_ORDER'));
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  const order = await placed;
  await expect(page).toHaveURL(/\/en-gb\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();

  // What paid was the gateway's nonce, not the card.
  expect(decodeURIComponent((order.postData() ?? '').replace(/\+/g, ' '))).toMatch(/"token":"[^"]+"/);
  expect(leaks(await page.content())).toEqual([]);
  const storage = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookies: document.cookie }));
  expect(leaks(storage)).toEqual([]);

  expect(traffic.sent.length).toBeGreaterThan(5);
  expect(leaks(traffic.sent.join('\n'))).toEqual([]);
  expect(traffic.sent.join('\n')).not.toContain(`"${CVV}"`);
  const answers = await Promise.all(traffic.received);
  expect(leaks(answers.join('\n'))).toEqual([]);

  // The API logged this very session's calls (so the file is the live log), and no card in them.
  const ids = traffic.requestIds;
  expect(ids.length).toBeGreaterThan(0);
  const logs = await readLogs((text) => ids.every((id) => text.includes(id)));
  expect(ids.filter((id) => !logs.includes(id))).toEqual([]);
  expect(leaks(logs)).toEqual([]);

  expect(violations).toEqual([]);
});
