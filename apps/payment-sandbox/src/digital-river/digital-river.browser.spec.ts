import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { BUNDLE_FILE } from './assets';
import { DIGITAL_RIVER_TEST_CARDS } from './cards';
import { startDigitalRiverSandbox, type RunningDigitalRiverSandbox } from './server';
import { clientFor, type Loose } from './test-client';

/**
 * The DigitalRiver.js stand-in in Debian's Chromium, on a page with a strict CSP that allows only
 * the sandbox's origin, as the store's page will load it.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = join(__dirname, '..', '..', '..', '..');
const SOURCES = join(__dirname, '..', 'browser', 'digital-river');

/** Builds the bundle when it is missing or older than its sources (what `node tools/build.mjs` does). */
function ensureBundle(): void {
  const built = existsSync(BUNDLE_FILE) ? statSync(BUNDLE_FILE).mtimeMs : 0;
  const newest = Math.max(...readdirSync(SOURCES).map((name) => statSync(join(SOURCES, name)).mtimeMs));
  if (built >= newest) return;
  execFileSync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--config', 'apps/payment-sandbox/vite.browser.config.mts'], {
    cwd: ROOT,
    env: { ...process.env, SANDBOX_BROWSER_ENTRY: 'digital-river' },
    stdio: 'pipe',
  });
}

/** What the functions run in the page see (this spec compiles without the DOM library). */
interface PageGlobals {
  events: [string, Loose][];
  DigitalRiver: new (publicKey: string, options?: object) => Loose;
  document: { addEventListener(type: string, listener: (event: { violatedDirective: string }) => void): void };
}

const describeInChromium = existsSync(CHROMIUM) ? describe : describe.skip;

describeInChromium('DigitalRiver.js stand-in in a browser', () => {
  let sandbox: RunningDigitalRiverSandbox;
  let client: ReturnType<typeof clientFor>;
  let browser: Browser;
  let page: Page;
  let violations: string[];
  let storeServer: Server;
  /** The store page's origin: another loopback port (the browser keeps loopback pages from public ones). */
  let store: string;

  beforeAll(async () => {
    ensureBundle();
    sandbox = await startDigitalRiverSandbox();
    client = clientFor(sandbox);
    storeServer = createServer((_request, response) => {
      response
        .writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': `default-src 'none'; script-src ${sandbox.url}; style-src ${sandbox.url}; connect-src ${sandbox.url}`,
        })
        .end(
          `<!doctype html><html lang="en"><head><title>Store</title><link rel="stylesheet" href="${sandbox.url}/v1/css/DigitalRiver.css"><script src="${sandbox.url}/v1/DigitalRiver.js"></script></head><body><div id="tax-id"></div><div id="drop-in"></div></body></html>`,
        );
    });
    await new Promise<void>((resolve) => storeServer.listen(0, '127.0.0.1', resolve));
    store = `http://localhost:${(storeServer.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    await new Promise((resolve) => storeServer?.close(resolve));
  });

  beforeEach(async () => {
    await client.control('reset', {});
    violations = [];
    page = await browser.newPage();
    // Only the store page and the sandbox: anything else is a stray request.
    await page.route('**/*', (route) => {
      const url = route.request().url();
      return url.startsWith(store) || url.startsWith(sandbox.url) ? route.continue() : route.abort();
    });
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${store}/checkout`);
    await page.evaluate(() => {
      const globals = globalThis as unknown as PageGlobals;
      globals.events = [];
      globals.document.addEventListener('securitypolicyviolation', (event) => globals.events.push(['csp', event.violatedDirective]));
    });
  });

  afterEach(async () => {
    expect(violations).toEqual([]);
    await page.close();
  });

  async function createCheckout(fields: Record<string, unknown> = {}): Promise<Loose> {
    const answer = await client.api('/checkouts', {
      currency: 'EUR',
      customerType: 'business',
      items: [{ skuId: 'affinity-designer', price: 100, quantity: 1 }],
      billTo: { name: 'Greta Business', email: 'greta@business.example', organization: 'Business GmbH', address: { line1: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' } },
      ...fields,
    });
    return answer.body;
  }

  /** Creates and mounts a drop-in with the store's options; its callbacks push to the page's `events`. */
  async function mountDropIn(sessionId: string): Promise<void> {
    await page.evaluate(
      ({ publicKey, sessionId: id }) => {
        const { events, DigitalRiver } = globalThis as unknown as PageGlobals;
        const digitalRiver = new DigitalRiver(publicKey, { locale: 'en-GB' });
        const dropIn = digitalRiver.createDropin({
          sessionId: id,
          options: { flow: 'checkout', showSavePaymentAgreement: false, showComplianceSection: true, showTermsOfSaleDisclosure: true, expandFirstPaymentMethod: true, button: { type: 'payNow' } },
          onReady: (data: unknown) => events.push(['ready', data]),
          onSuccess: (data: unknown) => events.push(['success', data]),
          onError: (data: unknown) => events.push(['error', data]),
          onCancel: (data: unknown) => events.push(['cancel', data]),
        });
        dropIn.mount('drop-in');
      },
      { publicKey: sandbox.config.publicKey, sessionId },
    );
  }

  const events = () => page.evaluate(() => (globalThis as unknown as PageGlobals).events);
  const lastEvent = async (name: string) => {
    await page.waitForFunction((wanted) => (globalThis as unknown as PageGlobals).events.some(([event]) => event === wanted), name);
    return (await events()).filter(([event]) => event === name).pop()?.[1];
  };

  async function pay(number: string, expiry = '12/40', cvv = '123'): Promise<void> {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry date (MM/YY)').fill(expiry);
    await page.getByLabel('Security code').fill(cvv);
    await page.getByRole('button', { name: 'Pay Now' }).click();
  }

  it('renders an accessible card form with the spec options, validates, and makes a source the server can order with', async () => {
    const checkout = await createCheckout({ upstreamId: 'STORE-B1' });
    await mountDropIn(checkout.payment.session.id);
    expect(await lastEvent('ready')).toEqual({ paymentMethodTypes: ['creditCard'] });
    for (const label of ['Card number', 'Expiry date (MM/YY)', 'Security code', 'Name on card']) await expect(page.getByLabel(label).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.locator('.DR-terms').textContent()).toContain('By clicking Pay Now, I agree to the Terms of Sale');

    await pay('4444 2222');
    expect(await lastEvent('error')).toEqual({ paymentMethod: 'creditCard', errors: [{ code: 'incomplete_card_number', message: 'Your card number is incomplete.' }] });
    expect(await page.getByText('Your card number is incomplete.').isVisible()).toBe(true);

    await pay(DIGITAL_RIVER_TEST_CARDS.sourceCreationFails);
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).events.some(([event, data]) => event === 'error' && data.errors[0].code === 'source_creation_failed'));

    await page.getByLabel('Name on card').fill('Greta Business');
    await pay(DIGITAL_RIVER_TEST_CARDS.visa);
    const success = await lastEvent('success');
    expect(success).toMatchObject({
      source: { id: expect.any(String), type: 'creditCard', state: 'chargeable', reusable: false, creditCard: { brand: 'Visa', lastFourDigits: '1111' }, owner: { firstName: 'Greta', lastName: 'Business', email: 'greta@business.example' } },
      readyForStorage: false,
      supportsStorage: true,
      consents: { termsOfSale: true },
    });
    expect((await client.api(`/checkouts/${checkout.id}/sources/${success.source.id}`, {})).status).toBe(200);
    expect((await client.api('/orders', { checkoutId: checkout.id })).body).toMatchObject({ state: 'accepted', upstreamId: 'STORE-B1' });

    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await lastEvent('cancel')).toEqual({ paymentMethod: 'creditCard' });
    expect((await events()).filter(([event]) => event === 'csp')).toEqual([]);
  });

  it('never becomes ready while the hang control is on', async () => {
    const checkout = await createCheckout();
    await client.control('drop-in', { hang: true });
    await mountDropIn(checkout.payment.session.id);
    await page.getByText('Loading payment methods…').waitFor();
    await page.waitForTimeout(300);
    expect(await events()).toEqual([]);
  });

  it('offers the tax identifier element for a business checkout and reports a complete VAT number', async () => {
    const checkout = await createCheckout();
    await page.evaluate(
      ({ publicKey, sessionId }) => {
        const { events, DigitalRiver } = globalThis as unknown as PageGlobals;
        const element = new DigitalRiver(publicKey).createElement('taxidentifier', { taxIdentifier: { sessionId } });
        element.on('ready', (data: Loose) => {
          events.push(['ready', data]);
          element.mount('tax-id');
        });
        element.on('change', (data: Loose) => events.push(['change', data]));
      },
      { publicKey: sandbox.config.publicKey, sessionId: checkout.payment.session.id },
    );
    expect(await lastEvent('ready')).toEqual({ elementType: 'taxidentifier', hasTaxIdentifier: true, businessTaxIdentifierRequired: false, individualTaxIdentifierRequired: false });
    await page.getByLabel('Tax ID').fill('DE12345');
    expect(await lastEvent('change')).toMatchObject({ complete: false, error: { code: 'invalid_tax_identifier' } });
    await page.getByLabel('Tax ID').fill('DE 123456789');
    expect(await lastEvent('change')).toEqual({ complete: true, empty: false, elementType: 'taxidentifier', error: null, identifier: { value: 'DE123456789', type: 'de', customerType: 'business' } });
  });
});
