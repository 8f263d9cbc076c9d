import type { APIRequestContext, Page, Request } from '@playwright/test';
import { mailPort } from '../playwright.config';
import { expect, paymentSection, test as cardGatewayTest } from './card-gateway';
import { PROVIDER_HOSTS } from './sandbox/provider-routing';
import { createAccount, uniqueEmail, XHR } from './support';

/**
 * The local payment methods' journeys: a shopper of the storefront and country each method is
 * offered in, at the card gateway's payment step, through the real API, with the real braintree-web
 * local-payment module against the card sandbox. The provider's landing page answers with 303s that
 * the browser itself must follow (back to the popup's redirect frame or to the store's return
 * page), so its hosts are routed here without following redirects, ahead of card-gateway's routing.
 */
export const test = cardGatewayTest.extend<{ providerRedirects: void }>({
  providerRedirects: [
    async ({ context, sandboxUrl, unrouted }, use) => {
      void unrouted;
      await context.route(PROVIDER_HOSTS, async (route) => {
        const url = new URL(route.request().url());
        const response = await route.fetch({ url: `${sandboxUrl}${url.pathname}${url.search}`, maxRedirects: 0 });
        await route.fulfill({ response });
      });
      await use();
    },
    { auto: true },
  ],
});
export { expect };

export interface LocalStore {
  readonly locale: 'en-gb' | 'en-us' | 'en-eu' | 'en-pl';
  /** The billing country. */
  readonly country: string;
  readonly address: { readonly line_1: string; readonly city: string; readonly postal_code: string; readonly state?: string };
  /** The method's radio label (the domain's), for any method of the card gateway. */
  readonly method: string;
}

export const BLIK_STORE: LocalStore = { locale: 'en-pl', country: 'PL', address: { line_1: 'ul. Marszałkowska 1', city: 'Warszawa', postal_code: '00-624' }, method: 'BLIK' };
export const MB_WAY_STORE: LocalStore = { locale: 'en-eu', country: 'PT', address: { line_1: 'Rua Augusta 24', city: 'Lisboa', postal_code: '1100-053' }, method: 'MB WAY' };
export const BANCOMAT_STORE: LocalStore = { locale: 'en-eu', country: 'IT', address: { line_1: 'Via del Corso 12', city: 'Roma', postal_code: '00186', state: 'RM' }, method: 'Bancomat Pay' };
/** US billing in dollars (the second e2e store sends it to the card gateway): Venmo, and with another label PayPal or ACH. */
export const VENMO_STORE: LocalStore = { locale: 'en-us', country: 'US', address: { line_1: '500 Congress Avenue', city: 'Austin', postal_code: '78701', state: 'TX' }, method: 'Venmo' };
export const INVOICE_STORE: LocalStore = { locale: 'en-eu', country: 'DE', address: { line_1: 'Schönhauser Allee 84', city: 'Berlin', postal_code: '10439' }, method: 'Pay upon invoice' };

/**
 * A new shopper of the store's storefront with Affinity Photo 2 in the basket and a billing address
 * in the method's country; the gateway the store decides for them (the card gateway's, or another).
 */
export async function shopperBilledIn(page: Page, store: LocalStore): Promise<{ email: string; gateway: string }> {
  const email = await createAccount(page.request, { email: uniqueEmail(`local-${store.country.toLowerCase()}`), country: store.country, firstName: 'Jan', lastName: 'Kowalski' });
  return { email, gateway: await basketBilledIn(page, store) };
}

/**
 * Affinity Photo 2 in the signed-in shopper's basket on the store's storefront (a new basket after
 * an order), billed to the store's address; the gateway the store decides for it.
 */
export async function basketBilledIn(page: Page, store: LocalStore): Promise<string> {
  const added = await page.request.post('/data/basket/lines/', { headers: XHR, data: { product_suite_reference: 'photo-2', locale: store.locale } });
  expect(added.ok()).toBe(true);
  const session = await (await page.request.get('/data/session/', { headers: XHR })).json();
  const basket = session.data.basket.reference;
  const billed = await page.request.post('/data/checkout/', {
    headers: XHR,
    form: { action: 'CREATE_CUSTOMER_INVOICE_ADDRESS', body: JSON.stringify({ basket_reference: basket, ...store.address, country: store.country }) },
  });
  expect((await billed.json()).success).toBe(true);
  const decided = await page.request.post('/data/determine-gateway/', { headers: XHR, data: { basket_ref: basket } });
  return (await decided.json()).data.gateway;
}

/** The checkout's payment step on the store's storefront with the method chosen and the immediate-supply box ticked. */
export async function chooseLocalMethod(page: Page, store: LocalStore) {
  await page.goto(`/${store.locale}/checkout/`);
  const section = paymentSection(page);
  await expect(section).toHaveAttribute('data-state', 'active', { timeout: 15_000 });
  const radio = section.getByRole('radio', { name: store.method, exact: true });
  await expect(radio).toBeVisible({ timeout: 20_000 });
  await radio.check();
  const box = section.getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
  if (await box.count()) {
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  return section;
}

/** The provider's payment id the page sent with START_LOCAL_PAYMENT. */
export const startedPaymentId = (request: Request): string => {
  const body = new URLSearchParams(request.postData() ?? '').get('body') ?? '{}';
  return (JSON.parse(body) as { payment_id: string }).payment_id;
};

/** Waits for the page's START_LOCAL_PAYMENT call (start waiting before the click). */
export const startLocalPaymentCall = (page: Page) =>
  page.waitForRequest((request) => request.url().endsWith('/data/checkout/') && new URLSearchParams(request.postData() ?? '').get('action') === 'START_LOCAL_PAYMENT', {
    timeout: 20_000,
  });

/** What the payer does in their bank's app, through the sandbox's control (the payer's phone, not the shopper's page). */
export async function bankApp(request: APIRequestContext, sandboxUrl: string, paymentId: string, action: 'approve' | 'expire' | 'reverse'): Promise<void> {
  const response = await request.post(`${sandboxUrl}/__sandbox/local-payments/${paymentId}/${action}`, { data: {} });
  expect(response.ok(), `${action} ${paymentId}: ${await response.text()}`).toBe(true);
}

/** The sandbox's record of a local payment. */
export async function sandboxPayment(request: APIRequestContext, sandboxUrl: string, paymentId: string): Promise<{ status: string; transactionId: string | null }> {
  return (await request.get(`${sandboxUrl}/__sandbox/local-payments/${paymentId}`)).json();
}

/** An order as the API gives it to its owner. */
export async function orderOf(request: APIRequestContext, number: string): Promise<{ status: string; local_payment: { state: string; method: string } | null }> {
  return (await (await request.get(`/data/orders/${number}`, { headers: XHR })).json()).data.order;
}

/** The order number on the order's page. */
export const orderNumberOn = async (page: Page): Promise<string> => (await page.getByTestId('order-number').textContent()) as string;

/** The receipt mail for an order, once the outbox has delivered it. */
export async function receiptFor(request: APIRequestContext, email: string, number: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const messages = await (await request.get(`http://127.0.0.1:${mailPort}/messages?to=${encodeURIComponent(email)}`)).json();
        text = messages.find((message: { subject: string }) => message.subject.includes(number))?.text ?? '';
        return text !== '';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return text;
}

/**
 * The Venmo payment context whose QR code the page's Venmo frame shows, read from the frame's own
 * link to the Venmo app (once it names another than `other`, after a new attempt). Other tests
 * running at the same time make contexts too, so "the newest one" could be another test's.
 */
export async function venmoContextShown(page: Page, other?: string): Promise<string> {
  const link = page.frameLocator('iframe[name="venmo-desktop-iframe"]').locator('#venmo-app-link');
  let shown: string | null = null;
  await expect
    .poll(async () => {
      const href = await link.getAttribute('href');
      shown = href ? new URL(href).searchParams.get('context') : null;
      return shown !== null && shown !== other;
    })
    .toBe(true);
  return shown as unknown as string;
}
