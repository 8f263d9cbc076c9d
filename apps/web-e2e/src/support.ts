import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The header every data call needs (spec 2 §7). */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' } as const;

export const PASSWORD = 'compiler pioneer 1952';

export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

/** axe-core finds nothing serious or critical on the page as it is now. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

export interface AccountOptions {
  readonly email?: string;
  readonly type?: 'personal' | 'business';
  readonly country?: string;
  readonly firstName?: string;
  readonly lastName?: string;
}

/**
 * Creates an account through the real API with CREATE_CUSTOMER, which also signs that request
 * context (a page's `page.request` shares the page's cookies) in. Returns the email.
 */
export async function createAccount(request: APIRequestContext, options: AccountOptions = {}): Promise<string> {
  const email = options.email ?? uniqueEmail(options.type ?? 'shopper');
  const created = await request.post('/data/checkout/', {
    headers: XHR,
    form: {
      action: 'CREATE_CUSTOMER',
      body: JSON.stringify({
        email,
        firstName: options.firstName ?? 'Grace',
        lastName: options.lastName ?? 'Hopper',
        password: PASSWORD,
        country: options.country ?? 'GB',
        marketingSignUp: false,
        customerCategory: options.type === 'business' ? 'business.software' : 'personal',
        ...(options.type === 'business' ? { accountName: 'Analytical Engines Ltd' } : {}),
        termsAndConditions: true,
      }),
    },
  });
  expect((await created.json()).success).toBe(true);
  return email;
}

/** Adds products to the basket of this request context's browser, through the real API. */
export async function addToBasket(request: APIRequestContext, locale: string, suites: readonly (string | readonly [string, string?])[]): Promise<void> {
  for (const entry of suites) {
    const [suite, choice] = typeof entry === 'string' ? [entry, undefined] : entry;
    const response = await request.post('/data/basket/lines/', { headers: XHR, data: { product_suite_reference: suite, choice, locale } });
    expect(response.ok()).toBe(true);
  }
}

/** Allows analytics for this request context's browser, as Accept all would. */
export async function acceptAnalytics(request: APIRequestContext): Promise<void> {
  await request.put('/cookie-allow-analytics/', { headers: XHR });
  await request.put('/cookie-settings-viewed/', { headers: XHR });
}

/** What reached the tag managers' queue: the event names in order, or null when there is no dataLayer. */
export const dataLayerEvents = (page: Page) =>
  page.evaluate(() => (window.dataLayer === undefined ? null : (window.dataLayer as Array<{ event?: string }>).filter((entry) => entry.event).map((entry) => entry.event)));

/** A small but complete PDF, as a real certificate scan would be. */
export function smallPdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A billing address as the checkout's form asks for it; a state (and the Zip Code label) for the US. */
export async function fillBillingAddress(form: Locator, address: { line1: string; city: string; postalCode: string; state?: string }): Promise<void> {
  await form.getByLabel('Address line 1').fill(address.line1);
  await form.getByLabel('Town/City').fill(address.city);
  if (address.state) await form.getByLabel('State').selectOption(address.state);
  await form.getByLabel(address.state ? 'Zip Code' : 'Postal code').fill(address.postalCode);
}

/** One node of Playwright's aria snapshot: its role, accessible name, bracketed states ('checked', 'disabled', 'level=2'), own text and children. */
export interface AriaNode {
  readonly role: string;
  readonly name: string;
  readonly states: readonly string[];
  readonly text: string;
  readonly children: AriaNode[];
}

const SNAPSHOT_LINE = /^(\s*)- ([\w/]+)(?: ("(?:[^"\\]|\\.)*"))?((?: \[[^\]]+\])*):?(?: (.*))?$/;
const unquoted = (text: string) => (text.startsWith('"') ? (JSON.parse(text) as string) : text);

/**
 * The accessibility tree under a locator as the browser names it (Playwright's aria snapshot, read
 * in one call), for comparing a whole list's accessible names and states at once rather than one
 * assertion per entry. Only the shapes our pages produce are parsed: `- role "name" [state]: text`.
 */
export async function ariaNodes(locator: Locator): Promise<AriaNode[]> {
  const root: AriaNode = { role: 'root', name: '', states: [], text: '', children: [] };
  const open: Array<{ indent: number; node: AriaNode }> = [{ indent: -1, node: root }];
  for (const line of (await locator.ariaSnapshot()).split('\n')) {
    const match = SNAPSHOT_LINE.exec(line);
    if (!match) continue;
    const [, indent, role, name, states, text] = match;
    const node: AriaNode = { role, name: name ? unquoted(name) : '', states: states.match(/\[[^\]]+\]/g)?.map((state) => state.slice(1, -1)) ?? [], text: text ? unquoted(text) : '', children: [] };
    while (open[open.length - 1].indent >= indent.length) open.pop();
    open[open.length - 1].node.children.push(node);
    open.push({ indent: indent.length, node });
  }
  return root.children;
}

/** Every node of a role in a tree, in document order. */
export function ariaNodesOf(nodes: readonly AriaNode[], role: string): AriaNode[] {
  return nodes.flatMap((node) => [...(node.role === role ? [node] : []), ...ariaNodesOf(node.children, role)]);
}
