import type { Browser, BrowserContext, Page } from '@playwright/test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { generate } from 'otplib';
import { mailPort, staffFile } from '../playwright.config';
import { saleOf } from './bank-debits';
import { agreeToImmediateSupply, enterCard, expect, expectConfirmation, openPayment, shopperAtPayment, test } from './card-gateway';
import { addToBasket, createAccount, expectNoSeriousAxeViolations, uniqueEmail, XHR } from './support';

// The back office under /admin/ (apps/web/src/features/back-office) in Chromium against the real API:
// staff sign in with a password and an authenticator code, find orders, refund them (a line of a card
// payment once settled, the whole of a merchant-of-record order), resend receipts, answer a dispute
// from the card sandbox's notification to its decision, and see only what their role allows.
// The staff are the demo accounts tools/start.mjs writes to the Playwright config's staffFile.

type Role = 'support' | 'finance' | 'admin';
interface StaffAccount {
  readonly role: Role;
  readonly email: string;
  readonly password: string;
  readonly totp_secret: string;
  readonly badge_number: number;
}

// One worker runs these in order: an authenticator code's time step signs in once (the API refuses a
// replay), so each role signs in once and the tests share its session.
test.describe.configure({ mode: 'default' });

const staff = (role: Role): StaffAccount => {
  const accounts = JSON.parse(readFileSync(staffFile, 'utf8')) as StaffAccount[];
  const account = accounts.find((each) => each.role === role);
  if (!account) throw new Error(`No ${role} in ${staffFile}`);
  return account;
};

const STEP_SECONDS = 30;
const stepsFile = `${staffFile}.steps.json`;
const stateFile = (role: Role) => `${staffFile}.${role}.state.json`;

/**
 * An authenticator code no sign-in has used yet: the next 30-second step after the last one used
 * (kept in a file, as a failed test's worker starts afresh), waiting when that step is not yet due.
 */
async function freshCode(account: StaffAccount): Promise<string> {
  const used = existsSync(stepsFile) ? (JSON.parse(readFileSync(stepsFile, 'utf8')) as Record<string, number>) : {};
  const key = `${account.email}:${account.totp_secret}`;
  const now = Math.floor(Date.now() / 1000 / STEP_SECONDS);
  const step = Math.max(now, (used[key] ?? -1) + 1);
  writeFileSync(stepsFile, JSON.stringify({ ...used, [key]: step }));
  // The API accepts the step before and after the current one; later ones must wait their turn.
  const dueAt = (step - 1) * STEP_SECONDS * 1000 + 1000;
  if (dueAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, dueAt - Date.now()));
  return generate({ secret: account.totp_secret, epoch: step * STEP_SECONDS });
}

/** A code for a step long past: the right digits for the wrong time, refused like any wrong code. */
const staleCode = (account: StaffAccount) => generate({ secret: account.totp_secret, epoch: Math.floor(Date.now() / 1000) - 20 * STEP_SECONDS });

const sessions = new Map<Role, string>();

/** A browser context signed in as a member of staff (its own cookies, apart from the shopper's). */
async function staffContext(browser: Browser, role: Role, options: { width?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const viewport = { width: options.width ?? 1280, height: 800 };
  const saved = sessions.get(role) ?? (existsSync(stateFile(role)) ? stateFile(role) : undefined);
  if (saved) {
    const context = await browser.newContext({ storageState: saved, viewport });
    const session = await (await context.request.get('/data/admin/session', { headers: XHR })).json();
    if (session.data?.operator?.role === role) return { context, page: await context.newPage() };
    await context.close();
  }
  const context = await browser.newContext({ viewport });
  const account = staff(role);
  const signedIn = await context.request.post('/data/admin/session', { headers: XHR, data: { email: account.email, password: account.password, otp: await freshCode(account) } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  await context.storageState({ path: stateFile(role) });
  sessions.set(role, stateFile(role));
  return { context, page: await context.newPage() };
}

/** The page's heading took the focus, as every back-office page's does when it opens. */
async function expectPage(page: Page, title: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();
}

/** The page never scrolls sideways: wide tables scroll in their own box. */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(width);
}

async function shopperEmail(page: Page): Promise<string> {
  return (await (await page.request.get('/data/session/', { headers: XHR })).json()).data.customer.email;
}

/** A card order (two products, Visa without a challenge), paid by a new shopper in the page. */
async function cardOrder(page: Page): Promise<{ number: string; email: string }> {
  await shopperAtPayment(page, { suites: ['photo-2', 'publisher-2'] });
  const payment = await openPayment(page);
  await enterCard(page, { number: '4111111111111111' });
  await agreeToImmediateSupply(page);
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  const number = await expectConfirmation(page);
  return { number, email: await shopperEmail(page) };
}

/** The card sandbox settles the order's sale, as the provider does within a day. */
async function settle(page: Page, sandboxUrl: string, number: string): Promise<string> {
  const sale = await saleOf(page.request, sandboxUrl, number);
  const settled = await page.request.post(`${sandboxUrl}/__sandbox/transactions/${sale.id}/settle`, { data: {} });
  expect(settled.ok(), await settled.text()).toBe(true);
  return sale.id;
}

/** A free download's order, placed in the page: the quickest order to look at. */
async function freeOrder(page: Page): Promise<string> {
  await createAccount(page.request, { email: uniqueEmail('free'), firstName: 'Frida', lastName: 'Free' });
  await addToBasket(page.request, 'en-gb', ['brush-starter']);
  await page.goto('/en-gb/checkout/');
  await page.locator('section[data-section="place-order"]').getByRole('button', { name: 'Get my download link' }).click();
  await expect(page).toHaveURL(/\/en-gb\/order\/AFS-\d{8}\/$/);
  return (await page.getByTestId('order-number').textContent()) as string;
}

async function mailsAbout(page: Page, email: string, number: string): Promise<number> {
  const messages = (await (await page.request.get(`http://127.0.0.1:${mailPort}/messages?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
  return messages.filter((message) => message.subject.includes(number)).length;
}

test('sign-in takes the email, password and authenticator code together; a wrong code is refused', async ({ browser }) => {
  const account = staff('admin');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/admin/orders');
  // Signed out, any back-office page sends the operator to sign in, and back afterwards.
  await expect(page).toHaveURL(/\/admin\/\?next=%2Fadmin%2Forders$/);
  await expectPage(page, 'Sign in to the back office');
  await expect(page.getByText('Affinity Store back office')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // Empty: each field says what it needs, and the focus goes to the first.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your email.')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Authenticator code').fill(await staleCode(account));
  await page.getByLabel('Authenticator code').press('Enter');
  const alert = page.locator('.admin-alert').first();
  await expect(alert).toHaveText('The email, password or security code is incorrect.');
  await expect(alert).toBeFocused();
  await expect(page.getByLabel('Authenticator code')).toHaveValue('');
  await expectNoSeriousAxeViolations(page);

  await page.getByLabel('Authenticator code').fill(await freshCode(account));
  await page.getByLabel('Authenticator code').press('Enter');
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expectPage(page, 'Orders');
  const header = page.getByRole('banner');
  await expect(header).toContainText(`Badge ${account.badge_number}`);
  await expect(header).toContainText('Demo Admin');
  await expect(header.locator('.admin-header__role')).toHaveText('admin');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link')).toHaveText(['Orders', 'Needs attention', 'Disputes', 'Staff', 'Audit log']);
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousAxeViolations(page);

  // Signing out ends the staff session: the pages ask to sign in again.
  await header.getByRole('button', { name: 'Sign out' }).click();
  await expectPage(page, 'Sign in to the back office');
  expect((await (await context.request.get('/data/admin/session', { headers: XHR })).json()).data).toEqual({ operator: null, expires_at: null });
  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/admin\/\?next=%2Fadmin%2Faudit$/);
  await context.close();
});

test('finance finds a card order by email, refunds one line once settled (one request key for a double click), and resends the receipt', async ({ page, browser, sandboxUrl }) => {
  const { number, email } = await cardOrder(page);
  const { context, page: staffPage } = await staffContext(browser, 'finance');

  await staffPage.goto('/admin/orders');
  await expectPage(staffPage, 'Orders');
  await staffPage.getByLabel('Order number, email or transaction id').fill(email.toUpperCase());
  await staffPage.getByRole('button', { name: 'Search' }).click();
  await expect(staffPage.getByRole('heading', { level: 2, name: '1 order found' })).toBeVisible();
  await expectNoSeriousAxeViolations(staffPage);
  await staffPage.getByRole('link', { name: number }).click();
  await expectPage(staffPage, `Order ${number}`);
  await expect(staffPage.getByRole('region', { name: 'Order lines' }).getByRole('row')).toHaveCount(3);
  await expect(staffPage.getByRole('region', { name: 'Payment ledger' })).toContainText('charge');
  await expectNoSeriousAxeViolations(staffPage);

  const refund = staffPage.getByRole('region', { name: 'Refund', exact: true });
  // The form asks for lines and a reason before any confirmation; the focus goes to the first problem.
  await refund.getByRole('button', { name: /Review refund/ }).click();
  await expect(refund.getByText('Choose the lines to refund, or refund everything left.')).toBeVisible();
  await expect(refund.getByRole('group', { name: 'What to refund' }).getByRole('checkbox').first()).toBeFocused();

  // Before the sale settles, part of it cannot be given back: the API's message says why.
  const keys: string[] = [];
  staffPage.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/data/admin/orders/${number}/refunds`)) keys.push(JSON.parse(request.postData() ?? '{}').request_key);
  });
  const firstLine = refund.getByRole('group', { name: 'What to refund' }).getByRole('checkbox').first();
  await firstLine.check();
  const lineAmount = (/— (£[\d,.]+)$/.exec((await firstLine.locator('..').textContent()) ?? '') ?? [])[1];
  expect(lineAmount).toBeTruthy();
  await refund.getByLabel('Reason').fill('The customer bought Publisher twice');
  await refund.getByRole('button', { name: `Review refund of ${lineAmount}` }).click();
  await expect(refund.getByRole('heading', { level: 3, name: `Refund ${lineAmount} to the customer?` })).toBeFocused();
  await refund.getByRole('button', { name: `Confirm refund of ${lineAmount}` }).click();
  await expect(refund.getByRole('alert')).toContainText('This payment has not settled yet');

  expect(keys).toHaveLength(1);

  await settle(page, sandboxUrl, number);
  // Confirming again after that final refusal is a new attempt with a new key; a double click sends it once.
  await refund.getByRole('button', { name: `Confirm refund of ${lineAmount}` }).dblclick();
  await expect(refund.getByRole('status')).toHaveText(new RegExp(`^Refund of ${lineAmount.replace(/[.$]/g, '\\$&')} (made|recorded)`));
  expect(keys).toHaveLength(2);
  expect(keys[1]).not.toBe(keys[0]);
  // The refusal asked nothing of the provider, so it left no refund behind: only the one made is listed.
  const refunds = staffPage.getByRole('region', { name: 'Refunds' }).getByRole('row');
  await expect(refunds).toHaveCount(2);
  await expect(refunds.filter({ hasText: 'declined' })).toHaveCount(0);
  // Its credit note, fetched as a data call and saved as a PDF.
  const saved = staffPage.waitForEvent('download');
  await refunds.getByRole('button', { name: `${number}-CN1 (PDF)` }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe(`${number}-CN1.pdf`);
  const { readFileSync } = await import('node:fs');
  expect(readFileSync((await download.path()) as string).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(staffPage.getByRole('region', { name: 'Order lines' })).toContainText('Refunded');
  // The refunded line is no longer offered; the other one is.
  await expect(refund.getByRole('group', { name: 'What to refund' }).getByRole('checkbox')).toHaveCount(2);
  await expectNoSeriousAxeViolations(staffPage);

  const before = await mailsAbout(page, email, number);
  expect(before).toBeGreaterThanOrEqual(1);
  await staffPage.getByRole('button', { name: 'Resend receipt' }).click();
  await expect(staffPage.getByText(`The receipt was sent again to ${email}.`)).toBeVisible();
  await expect.poll(() => mailsAbout(page, email, number), { timeout: 20_000 }).toBeGreaterThan(before);
  await context.close();

  // The shopper sees the refund on their order: the line refunded (its key no longer shown), the amount, and the credit note.
  await page.goto(`/en-gb/order/${number}/`);
  const lines = page.getByRole('list', { name: `Products in order ${number}` });
  await expect(lines.getByText('Refunded: this product key no longer works.')).toHaveCount(1);
  const shopperRefunds = page.getByRole('list', { name: `Refunds of order ${number}` });
  await expect(shopperRefunds).toContainText(`Refunded ${lineAmount}`);
  const shopperSaved = page.waitForEvent('download');
  await shopperRefunds.getByRole('link', { name: `Credit note for order ${number} (PDF)` }).click();
  expect((await shopperSaved).suggestedFilename()).toBe(`credit-note-${number}-CN1.pdf`);
  await expectNoSeriousAxeViolations(page);
});

test('finance refunds the whole of a merchant-of-record order', async ({ page, browser }) => {
  await createAccount(page.request, { type: 'personal', country: 'US', firstName: 'Ada', lastName: 'Lovelace' });
  await addToBasket(page.request, 'en-us', ['publisher-2']);
  const session = await (await page.request.get('/data/session/', { headers: XHR })).json();
  const basket = session.data.basket.reference as string;
  const billed = await page.request.post('/data/checkout/', {
    headers: XHR,
    form: { action: 'CREATE_CUSTOMER_INVOICE_ADDRESS', body: JSON.stringify({ basket_reference: basket, line_1: '350 Fifth Avenue', city: 'New York', state: 'NY', postal_code: '10118', country: 'US' }) },
  });
  expect((await billed.json()).success).toBe(true);
  const decided = await page.request.post('/data/determine-gateway/', { headers: XHR, data: { basket_ref: basket } });
  expect((await decided.json()).data.gateway).toBe('digital-river');
  await page.goto('/en-us/checkout/');
  const dropIn = page.locator('#mor-drop-in');
  await expect(dropIn.getByRole('button', { name: 'Pay Now' })).toBeVisible({ timeout: 15_000 });
  await dropIn.getByLabel('Card number').fill('4444 2222 3333 1111');
  await dropIn.getByLabel('Expiry date (MM/YY)').fill(`12/${(new Date().getFullYear() + 3) % 100}`);
  await dropIn.getByLabel('Security code').fill('123');
  await dropIn.getByLabel('Name on card').fill('Ada Lovelace');
  await dropIn.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/en-us\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
  const number = (await page.getByTestId('order-number').textContent()) as string;

  const { context, page: staffPage } = await staffContext(browser, 'finance');
  await staffPage.goto(`/admin/orders/${number}`);
  await expectPage(staffPage, `Order ${number}`);
  await expect(staffPage.getByRole('region', { name: 'Refund', exact: true })).toBeVisible();
  await expect(staffPage.locator('.admin-facts').first()).toContainText('digital-river');
  const refund = staffPage.getByRole('region', { name: 'Refund', exact: true });
  const everything = refund.getByRole('checkbox', { name: /Refund everything left/ });
  const left = (/\((US\$[\d,.]+|\$[\d,.]+)\)/.exec((await everything.locator('..').textContent()) ?? '') ?? [])[1];
  expect(left).toBeTruthy();
  await everything.check();
  // "Everything left" ticks every line with it.
  for (const box of await refund.getByRole('checkbox').all()) await expect(box).toBeChecked();
  await refund.getByLabel('Reason').fill('Bought by mistake');
  await refund.getByRole('button', { name: `Review refund of ${left}` }).click();
  await expect(refund.getByText('This gives back everything left on the order')).toBeVisible();
  await refund.getByRole('button', { name: `Confirm refund of ${left}` }).click();
  await expect(refund.getByRole('status')).toContainText(`Refund of ${left}`);
  await expect(staffPage.getByRole('region', { name: 'Refunds' })).toContainText('All');
  // Nothing is left to refund: the form is gone, its message stays.
  await expect(refund).toContainText('Nothing is left to refund on this order.');
  await expect(refund.getByRole('checkbox')).toHaveCount(0);
  await expectNoSeriousAxeViolations(staffPage);
  await context.close();
});

test('a dispute from the card network: it appears, takes evidence, is contested and then decided', async ({ page, browser, sandboxUrl }) => {
  const { number } = await cardOrder(page);
  const transactionId = await settle(page, sandboxUrl, number);
  const opened = await page.request.post(`${sandboxUrl}/__sandbox/disputes`, { data: { transactionId } });
  expect(opened.status(), await opened.text()).toBe(201);
  const providerDispute = (await opened.json()) as { id: string };

  const { context, page: staffPage } = await staffContext(browser, 'finance');
  await staffPage.goto('/admin/disputes');
  await expectPage(staffPage, 'Disputes');
  // The provider's notification reaches the store on its own time; the list asks again every few seconds.
  const row = staffPage.getByRole('row').filter({ hasText: number });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('open');
  await expectNoSeriousAxeViolations(staffPage);
  await row.getByRole('link').first().click();
  await expectPage(staffPage, /^Dispute /);
  await expect(staffPage.getByTestId('dispute-status')).toHaveText('open');

  // Evidence is required to be written; then it is listed.
  await staffPage.getByRole('button', { name: 'Add evidence' }).click();
  await expect(staffPage.getByRole('textbox', { name: 'Evidence' })).toBeFocused();
  await staffPage.getByRole('textbox', { name: 'Evidence' }).fill('The customer downloaded Affinity Photo 2 and activated the key the same day.');
  await staffPage.getByRole('button', { name: 'Add evidence' }).click();
  await expect(staffPage.getByText('The evidence was added.')).toBeVisible();
  await expect(staffPage.getByRole('region', { name: 'Evidence' }).getByRole('listitem')).toContainText(['activated the key the same day']);
  await expectNoSeriousAxeViolations(staffPage);

  await staffPage.getByRole('button', { name: 'Contest' }).click();
  await expect(staffPage.getByText('The dispute was contested with the evidence.')).toBeVisible();
  await expect(staffPage.getByTestId('dispute-status')).toHaveText('disputed');
  await expect(staffPage.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  const decided = await page.request.post(`${sandboxUrl}/__sandbox/disputes/${providerDispute.id}/decide`, { data: { outcome: 'won' } });
  expect(decided.ok(), await decided.text()).toBe(true);
  await expect(staffPage.getByTestId('dispute-status')).toHaveText('won', { timeout: 30_000 });
  await context.close();
});

test('support sees no refund and no staff page, the API refuses them a refund, and they reissue a key', async ({ page, browser }) => {
  const number = await freeOrder(page);
  const { context, page: staffPage } = await staffContext(browser, 'support');
  await staffPage.goto(`/admin/orders?q=${number}`);
  await expectPage(staffPage, 'Orders');
  await staffPage.getByRole('link', { name: number }).click();
  await expectPage(staffPage, `Order ${number}`);
  await expect(staffPage.getByRole('button', { name: 'Resend receipt' })).toBeVisible();
  await expect(staffPage.getByRole('region', { name: 'Refund', exact: true })).toHaveCount(0);
  await expect(staffPage.getByRole('button', { name: /refund/i })).toHaveCount(0);
  const nav = staffPage.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link')).toHaveText(['Orders', 'Needs attention', 'Disputes', 'Audit log']);
  await expectNoSeriousAxeViolations(staffPage);

  // The page hides what the role cannot do; the API is what refuses it.
  const refused = await staffPage.request.post(`/data/admin/orders/${number}/refunds`, {
    headers: XHR,
    data: { positions: null, reason: 'Trying anyway', request_key: '7f1d2c3b-4a5e-4f60-8a71-92b3c4d5e6f7' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ success: false, code: 900002, message: 'Your role does not allow this action.' });

  await staffPage.goto('/admin/staff');
  await expectPage(staffPage, 'Staff');
  await expect(staffPage.getByRole('alert')).toHaveText('Your role does not allow this action.');

  await staffPage.goto(`/admin/orders/${number}`);
  const keys = staffPage.getByRole('region', { name: 'Product keys' });
  const oldKey = (await keys.locator('code').first().textContent()) as string;
  await keys.getByRole('button', { name: /Reissue key/ }).first().click();
  await expect(staffPage.getByText(/A new key was issued for line \d+: [A-Z0-9-]+\. The old one no longer works\./)).toBeVisible();
  await expect(keys.getByRole('row').filter({ hasText: oldKey })).not.toContainText('—', { timeout: 10_000 });
  await context.close();
});

test('the admin pages at 320 px: nothing scrolls sideways, and axe finds nothing serious', async ({ page, browser }) => {
  const number = await freeOrder(page);
  const { context, page: staffPage } = await staffContext(browser, 'admin', { width: 320 });
  const pages: [string, string | RegExp][] = [
    [`/admin/orders?q=${number}`, 'Orders'],
    [`/admin/orders/${number}`, `Order ${number}`],
    ['/admin/attention', 'Needs attention'],
    ['/admin/disputes', 'Disputes'],
    ['/admin/audit', 'Audit log'],
    ['/admin/staff', 'Staff'],
  ];
  for (const [address, title] of pages) {
    await staffPage.goto(address);
    await expectPage(staffPage, title);
    await expect(staffPage.locator('body')).not.toContainText('Loading');
    await expectNoSidewaysScroll(staffPage);
    await expectNoSeriousAxeViolations(staffPage);
  }

  // The staff page at its narrowest: a new account's sign-in details are shown once, then its role
  // changes and it is disabled, all from the keyboard's reach of one column.
  const email = uniqueEmail('new.operator');
  const form = staffPage.getByRole('form', { name: 'New staff account' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('First name').fill('Nadia');
  await form.getByLabel('Last name').fill('Newcomer');
  await form.getByLabel('Role').selectOption('support');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(staffPage.getByRole('heading', { level: 3, name: "Nadia Newcomer's sign-in details: shown only now" })).toBeFocused();
  await expect(staffPage.getByTestId('new-operator-password')).not.toBeEmpty();
  await expect(staffPage.getByTestId('new-operator-secret')).toHaveText(/^[A-Z2-7]+=*$/);
  await expectNoSidewaysScroll(staffPage);
  await expectNoSeriousAxeViolations(staffPage);
  await staffPage.getByRole('button', { name: 'I have noted them: hide' }).click();
  await expect(staffPage.getByTestId('new-operator-secret')).toHaveCount(0);

  const row = staffPage.getByRole('row').filter({ hasText: email });
  await row.getByLabel('Role of Nadia Newcomer', { exact: true }).selectOption('finance');
  await row.getByRole('button', { name: 'Change role' }).click();
  await expect(staffPage.getByText('Nadia Newcomer is now finance.')).toBeVisible();
  await row.getByRole('button', { name: 'Disable Nadia Newcomer' }).click();
  await expect(staffPage.getByText('Nadia Newcomer can no longer sign in.')).toBeVisible();
  await expect(row).toContainText('Disabled');
  await expectNoSidewaysScroll(staffPage);

  // The audit log has what was just done.
  await staffPage.goto('/admin/audit');
  await expect(staffPage.getByRole('region', { name: 'Audit entries' })).toContainText('operator');
  await context.close();
});

test.describe('without a staff session', () => {
  test('the data calls answer 403 with the sign-in message, and a shopper session is not one', async ({ page }) => {
    await createAccount(page.request);
    const answer = await page.request.get('/data/admin/orders?q=x', { headers: XHR });
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toMatchObject({ success: false, code: 900001, message: 'Please sign in to the back office.' });
  });
});

/** Presses Tab until `target` has the focus (at most `limit` times): it can be reached by keyboard. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, limit = 40) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('by keyboard alone: finance finds an order, and voids an unsettled card payment whole', async ({ page, browser }) => {
  const { number, email } = await cardOrder(page);
  const { context, page: staffPage } = await staffContext(browser, 'finance');
  await staffPage.goto('/admin/orders');
  await expectPage(staffPage, 'Orders');

  const search = staffPage.getByLabel('Order number, email or transaction id');
  await tabTo(staffPage, search);
  await staffPage.keyboard.type(email);
  await staffPage.keyboard.press('Enter');
  const link = staffPage.getByRole('link', { name: number });
  await expect(link).toBeVisible();
  await tabTo(staffPage, link);
  await staffPage.keyboard.press('Enter');
  await expectPage(staffPage, `Order ${number}`);

  const refund = staffPage.getByRole('region', { name: 'Refund', exact: true });
  const everything = refund.getByRole('checkbox', { name: /Refund everything left/ });
  await tabTo(staffPage, everything);
  await staffPage.keyboard.press('Space');
  await expect(everything).toBeChecked();
  await tabTo(staffPage, refund.getByLabel('Reason'));
  await staffPage.keyboard.type('Ordered the wrong product');
  const review = refund.getByRole('button', { name: /^Review refund of / });
  await tabTo(staffPage, review);
  await staffPage.keyboard.press('Enter');
  // The confirmation takes the focus, and its button is the next stop.
  await expect(refund.getByRole('heading', { level: 3, name: /^Refund .+ to the customer\?$/ })).toBeFocused();
  await tabTo(staffPage, refund.getByRole('button', { name: /^Confirm refund of / }), 5);
  await staffPage.keyboard.press('Enter');
  await expect(refund.getByRole('status')).toContainText('Refund of');
  await expect(staffPage.getByRole('region', { name: 'Refunds' })).toContainText('voided');
  await context.close();
});
