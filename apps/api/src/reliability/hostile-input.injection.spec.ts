import { cleanCertificateFileName } from '@store/domain';
import fc from 'fast-check';
import { pdf } from '@store/infrastructure/testing';
import { probe, propertyParameters, RUNS, SCRIPT_INJECTION, SQL_INJECTION, UNICODE_ODDITIES, WriteGuard } from '../testing/hostile-input';
import { checkoutAction, newCustomerBody, shopperReadyToPay } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// Issue 12, "injected strings come back inert": every field the store keeps and shows again — names,
// the organisation, the billing address, the certificate's file name — given script, markup and SQL
// injection and unicode tricks. Each is refused with a catalogued code and nothing kept, or kept and
// given back exactly as its rules normalise it, as JSON the browser never sniffs into a page, and
// never mangled into something else (no half-escaped markup, no truncation, no SQL obeyed).
let t: TestApp;
let guard: WriteGuard;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  guard = new WriteGuard(t);
}, 60_000);
afterAll(() => t?.close());

const INJECTIONS = [...SCRIPT_INJECTION, ...SQL_INJECTION, ...UNICODE_ODDITIES.filter((text) => !/[\uD800-\uDFFF]/.test(text))];
/** Injection text alone, wrapped in a plausible value, or spliced into one. */
const injected = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.tuple(fc.constantFrom('Ada', 'Serif Labs', '1 Infinite Loop', 'Nottingham'), fc.constantFrom(...INJECTIONS)).map(([a, b]) => `${a} ${b}`),
  fc.tuple(fc.constantFrom(...INJECTIONS), fc.constantFrom(...INJECTIONS)).map(([a, b]) => a + b),
);

/** The file name a browser takes from Content-Disposition (RFC 6266): the UTF-8 form if there is one, else the quoted one. */
function attachmentName(header: string): { type: string; name: string | null } {
  const type = header.split(';')[0].trim().toLowerCase();
  const extended = /;\s*filename\*=UTF-8''([^;]*)/i.exec(header);
  if (extended) return { type, name: decodeURIComponent(extended[1]) };
  const quoted = /;\s*filename="((?:[^"\\]|\\.)*)"/i.exec(header);
  return { type, name: quoted ? quoted[1].replace(/\\(.)/g, '$1') : null };
}

/** An answer the browser reads as data only: JSON, never sniffed into markup. */
function expectInert(response: { headers: Record<string, string> }) {
  expect(response.headers['content-type']).toMatch(/^application\/json; charset=utf-8/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

let emails = 0;
const freshEmail = () => `inert.${++emails}.${Date.now()}@example.com`;
const sessionOf = async (cookie: string) => (await t.http().get('/data/session/').set(XHR).set('Cookie', cookie)).body.data;
const cookieValue = (response: { headers: Record<string, unknown> }) =>
  ((response.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('afs_session='))?.split(';')[0] ?? '';

describe('injected strings come back inert', () => {
  it('names and the organisation name: refused, or kept and shown back exactly as sent', async () => {
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('firstName', 'lastName', 'accountName'), injected, async (field, value) => {
        const body = {
          ...newCustomerBody(freshEmail(), { customerCategory: 'business.design-agency', accountName: 'Serif Labs' }),
          [field]: value,
        };
        const { outcome, response } = await probe(t, guard, () => checkoutAction(t, 'CREATE_CUSTOMER', body), { mustRefuse: false });
        expectInert(response);
        outcomes.add(outcome);
        if (outcome === 'refused') return;
        const customer = response.body.data.customer;
        const shown = { firstName: customer.first_name, lastName: customer.last_name, accountName: customer.account.account_name }[field];
        // Exactly as sent, or trimmed: no character escaped, dropped or added.
        expect([value, value.trim()]).toContain(shown);
        // The session shows what the answer showed, and the full name is made of the two, untouched.
        const session = await sessionOf(cookieValue(response));
        expect(session.customer).toMatchObject({ first_name: customer.first_name, last_name: customer.last_name, account: { account_name: customer.account.account_name } });
        expect(session.customer.full_name).toContain(customer.first_name);
      }),
      propertyParameters(),
    );
    // Both ways were taken: the rules refuse some of these strings and keep others.
    if (RUNS >= 50) expect([...outcomes].sort()).toEqual(['accepted', 'refused']);
  });

  it('the billing address: refused, or kept and shown back exactly as sent (trimmed)', async () => {
    const shopper = await shopperReadyToPay(t);
    guard.forget();
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('line_1', 'line_2', 'line_3', 'city', 'county', 'postal_code'), injected, async (field, value) => {
        const address = { basket_reference: shopper.basketReference, line_1: '1 Infinite Loop', city: 'Nottingham', postal_code: 'NG1 1AA', country: 'GB', [field]: value };
        const { outcome, response } = await probe(t, guard, () => checkoutAction(t, 'CREATE_CUSTOMER_INVOICE_ADDRESS', address, shopper.cookie), { mustRefuse: false });
        expectInert(response);
        outcomes.add(outcome);
        if (outcome === 'refused') return;
        expect(response.body.data.customer.billing[field]).toBe(value.trim() === '' ? null : value.trim());
        expect((await sessionOf(shopper.cookie)).customer.billing[field]).toBe(response.body.data.customer.billing[field]);
      }),
      propertyParameters(),
    );
    if (RUNS >= 50) expect([...outcomes].sort()).toEqual(['accepted', 'refused']);
  });

  it('a certificate file name: kept without folders or control characters, and offered back only as an attachment named exactly so', async () => {
    const email = freshEmail();
    const created = await checkoutAction(
      t,
      'CREATE_CUSTOMER',
      newCustomerBody(email, { country: 'US', customerCategory: 'business.design-agency', accountName: 'Serif Inc' }),
    );
    const cookie = cookieValue(created);
    guard.forget();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const fileName = fc.oneof(
      injected.map((text) => `${text}.pdf`),
      fc.constantFrom(
        '<img src=x onerror=window.__pwned=1>.pdf',
        '../../etc/passwd.pdf',
        '..\\..\\boot.ini.pdf',
        'a";filename=evil.html.pdf',
        "name'; DROP TABLE tax_certificates;--.pdf",
        '\u202Efdp.exe',
        `${'x'.repeat(300)}.pdf`,
        'tab\tand\u0007bell.pdf',
      ),
    );
    await fc.assert(
      fc.asyncProperty(fileName, async (name) => {
        const { outcome, response } = await probe(
          t,
          guard,
          () =>
            t
              .http()
              .post('/data/account/tax-certificate/')
              .set(XHR)
              .set('Cookie', cookie)
              .field({ tax_authority: 'NY', start_date: day(-30), end_date: day(300) })
              .attach('file', pdf(), { filename: name, contentType: 'application/pdf' }),
          { mustRefuse: false },
        );
        expectInert(response);
        if (outcome === 'refused') return;
        const kept: string = response.body.data.certificate.file_name;
        // What the name is once kept: never a path, never a control character, never over 255.
        expect(cleanCertificateFileName(kept)).toBe(kept);
        expect(kept).not.toMatch(/[/\\\p{Cc}]/u);
        expect(kept.length).toBeLessThanOrEqual(255);
        const file = await t.http().get(`/data/account/tax-certificate/${response.body.data.certificate.id}/file`).set(XHR).set('Cookie', cookie);
        expect(file.status).toBe(200);
        // Offered as an attachment of the type its content proved, under exactly the kept name, never shown inline.
        expect(file.headers['content-type']).toBe('application/pdf');
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.headers['content-disposition']).not.toMatch(/[\r\n]/);
        expect(attachmentName(file.headers['content-disposition'])).toEqual({ type: 'attachment', name: kept });
      }),
      propertyParameters(),
    );
  });

  it('SQL in any kept field is kept as text: every table is still there and holds what it held', async () => {
    const tables = async () => (await t.db.dataSource.query(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`))[0].n;
    const before = await tables();
    for (const sql of SQL_INJECTION) {
      const created = await checkoutAction(t, 'CREATE_CUSTOMER', {
        email: freshEmail(),
        firstName: 'Bobby',
        lastName: 'Tables',
        password: 'analytical engine 1843',
        country: 'GB',
        marketingSignUp: false,
        customerCategory: 'business.design-agency',
        accountName: sql,
        termsAndConditions: true,
      });
      expectInert(created);
      if (created.body.success) expect(created.body.data.customer.account.account_name).toBe(sql.trim());
    }
    expect(await tables()).toBe(before);
    const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM customers WHERE last_name = 'Tables'`);
    expect(n).toBeGreaterThan(0);
  });
});
