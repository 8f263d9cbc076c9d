import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArguments } from '../cli';
import { DIGITAL_RIVER_TEST_CARDS } from './cards';
import { startDigitalRiverSandbox, type RunningDigitalRiverSandbox } from './server';
import { clientFor, type Loose } from './test-client';

let sandbox: RunningDigitalRiverSandbox;
let client: ReturnType<typeof clientFor>;

beforeAll(async () => {
  sandbox = await startDigitalRiverSandbox();
  client = clientFor(sandbox);
});
afterAll(() => sandbox.close());
beforeEach(() => client.control('reset', {}));

const address = (country: string, state?: string) => ({ line1: '1 Test Street', city: 'Testville', postalCode: '12345', country, ...(state ? { state } : {}) });

/** A checkout for one item at `price` (tax-exclusive unless said). */
async function checkout(fields: Record<string, unknown> = {}, price = 100): Promise<Loose> {
  const answer = await client.api('/checkouts', {
    currency: 'EUR',
    email: 'shopper@example.com',
    locale: 'en_GB',
    items: [{ skuId: 'affinity-photo', price, quantity: 1 }],
    billTo: { name: 'Sam Shopper', email: 'shopper@example.com', address: address('DE') },
    ...fields,
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function source(sessionId: string | undefined, number: string = DIGITAL_RIVER_TEST_CARDS.visa): Promise<Loose> {
  const answer = await client.drjs('sources', { ...(sessionId ? { sessionId } : {}), type: 'creditCard', creditCard: { number, expirationMonth: 12, expirationYear: 2040, cvv: number.startsWith('34') ? '1234' : '123' } });
  return answer;
}

async function paidCheckout(fields: Record<string, unknown> = {}, number: string = DIGITAL_RIVER_TEST_CARDS.visa): Promise<Loose> {
  const created = await checkout(fields);
  const made = await source(created.payment.session.id, number);
  expect(made.status).toBe(201);
  expect((await client.api(`/checkouts/${created.id}/sources/${made.body.id}`, {})).status).toBe(200);
  return { checkout: created, source: made.body };
}

async function taxId(type: string, value: string): Promise<Loose> {
  const answer = await client.api('/tax-identifiers', { type, value });
  expect(answer.status).toBe(201);
  return answer.body;
}

describe('authentication', () => {
  it('answers 401 in the provider error shape without the secret key, or with the public one', async () => {
    for (const key of [null, 'sk_test_wrong', sandbox.config.publicKey]) {
      const answer = await client.request('/checkouts', { key });
      expect(answer).toEqual({ status: 401, body: { type: 'unauthorized', errors: [{ code: 'unauthorized', message: expect.any(String) }] } });
    }
  });

  it('takes the secret key as Bearer or as the Basic user name', async () => {
    expect((await client.request('/checkouts')).status).toBe(200);
    const basic = Buffer.from(`${sandbox.config.secretKey}:`).toString('base64');
    expect((await client.request('/checkouts', { key: null, headers: { Authorization: `Basic ${basic}` } })).status).toBe(200);
  });

  it('keeps the browser calls to the public key', async () => {
    expect((await client.request('/__drjs/sessions/x', { key: null })).status).toBe(401);
    expect((await client.request('/__drjs/sessions/x', { key: sandbox.config.publicKey })).status).toBe(404);
  });
});

describe('request validation', () => {
  it.each([
    [{ items: [{ skuId: 'a', price: 1 }] }, 'missing_parameter', 'currency'],
    [{ currency: 'XYZ', items: [{ skuId: 'a', price: 1 }] }, 'invalid_parameter', 'currency'],
    [{ currency: 'EUR' }, 'missing_parameter', 'items'],
    [{ currency: 'EUR', items: [{ price: 1 }] }, 'missing_parameter', 'items[0].skuId'],
    [{ currency: 'EUR', items: [{ skuId: 'a' }] }, 'missing_parameter', 'items[0].price'],
    [{ currency: 'EUR', items: [{ skuId: 'a', price: 1, quantity: 0 }] }, 'invalid_parameter', 'items[0].quantity'],
    [{ currency: 'EUR', items: [{ skuId: 'a', price: 1, discount: { percentOff: 0 } }] }, 'invalid_discount_percent', 'discount'],
    [{ currency: 'EUR', items: [{ skuId: 'a', price: 1, discount: { amountOff: 0 } }] }, 'invalid_discount_amount', 'discount'],
    [{ currency: 'EUR', items: [{ skuId: 'a', price: 1 }], customerType: 'robot' }, 'invalid_parameter', 'customerType'],
    [{ currency: 'EUR', items: [{ skuId: 'a', price: 1 }], billTo: { address: { country: 'Germany' } } }, 'invalid_parameter', 'billTo.address.country'],
  ])('refuses %j with %s on %s', async (body, code, parameter) => {
    const answer = await client.api('/checkouts', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ type: 'bad_request', errors: [{ code, parameter, message: expect.any(String) }] });
  });

  it('refuses bad JSON, and answers unknown ids, paths and methods', async () => {
    expect((await client.request('/checkouts', { body: '{nope', headers: { 'Content-Type': 'application/json' } })).body.errors[0].code).toBe('invalid_format');
    expect(await client.api('/checkouts/missing')).toEqual({ status: 404, body: { type: 'not_found', errors: [{ code: 'not_found', parameter: 'id', message: "Checkout 'missing' not found." }] } });
    expect((await client.api('/orders/123/nothing')).status).toBe(404);
    expect((await client.api('/sources/x', {}, 'POST')).status).toBe(405);
    expect(await client.api('/refunds/missing')).toEqual({ status: 404, body: { type: 'not_found', errors: [{ code: 'not_found', parameter: 'id', message: "Refund 'missing' not found." }] } });
  });

  it('leaves a checkout unchanged when an update is refused', async () => {
    const created = await checkout();
    expect((await client.api(`/checkouts/${created.id}`, { email: 'new@example.com', currency: 'XYZ' })).status).toBe(400);
    expect((await client.api(`/checkouts/${created.id}`)).body.email).toBe('shopper@example.com');
  });
});

describe('checkouts and tax', () => {
  it('answers the provider checkout shape, with a payment session that needs a source', async () => {
    const created = await checkout({ upstreamId: 'ORDER-1', customerType: 'individual', taxInclusive: true }, 119);
    expect(created).toEqual({
      id: expect.any(String),
      createdTime: expect.stringMatching(/Z$/),
      updatedTime: expect.any(String),
      currency: 'EUR',
      email: 'shopper@example.com',
      locale: 'en_GB',
      billTo: { name: 'Sam Shopper', email: 'shopper@example.com', address: address('DE') },
      subtotal: 100,
      totalTax: 19,
      totalImporterTax: 0,
      importerOfRecordTax: false,
      totalFees: 0,
      totalDuty: 0,
      totalDiscount: 0,
      totalShipping: 0,
      totalAmount: 119,
      taxInclusive: true,
      taxIdentifiers: [],
      customerType: 'individual',
      sellingEntity: { id: 'DR_IRELAND-ENTITY', name: 'Digital River Ireland Ltd.' },
      items: [{ id: expect.any(String), skuId: 'affinity-photo', amount: 100, quantity: 1, tax: { rate: 0.19, amount: 19 }, importerTax: { amount: 0 }, duties: { amount: 0 }, fees: { amount: 0, taxAmount: 0 } }],
      payment: { sources: [], session: { id: expect.any(String), amountContributed: 0, amountRemainingToBeContributed: 119, state: 'requires_source', clientSecret: expect.stringMatching(/_/) } },
      upstreamId: 'ORDER-1',
      liveMode: false,
    });
  });

  it.each([
    // country, state, currency, customerType, taxInclusive, price, totalTax, totalAmount
    ['GB', undefined, 'GBP', 'individual', true, 120, 20, 120],
    ['IE', undefined, 'EUR', 'individual', true, 123, 23, 123],
    ['FR', undefined, 'EUR', 'business', true, 120, 20, 120],
    ['NL', undefined, 'EUR', 'individual', false, 100, 21, 121],
    ['US', 'NY', 'USD', 'individual', false, 100, 8.88, 108.88],
    ['US', 'WA', 'USD', 'business', false, 100, 10.1, 110.1],
    ['US', 'OR', 'USD', 'individual', false, 100, 0, 100],
    ['MX', undefined, 'USD', 'individual', false, 100, 16, 116],
    ['MX', undefined, 'USD', 'business', false, 100, 0, 100],
    ['JP', undefined, 'JPY', 'individual', true, 1100, 100, 1100],
    ['AU', undefined, 'AUD', 'individual', true, 110, 10, 110],
    ['CA', undefined, 'CAD', 'individual', false, 100, 5, 105],
    ['BR', undefined, 'USD', 'individual', false, 100, 0, 100],
  ])('taxes a %s (%s) sale in %s to an %s (inclusive %s): %d gives tax %d of %d', async (country, state, currency, customerType, taxInclusive, price, totalTax, totalAmount) => {
    const created = await checkout({ currency, customerType, taxInclusive, billTo: { address: address(country, state) } }, price);
    expect({ totalTax: created.totalTax, totalAmount: created.totalAmount, subtotal: created.subtotal }).toEqual({ totalTax, totalAmount, subtotal: totalAmount - totalTax });
  });

  it('picks the seller of record by currency', async () => {
    const entities: Record<string, string> = {};
    for (const currency of ['USD', 'GBP', 'EUR', 'AUD', 'JPY']) entities[currency] = (await checkout({ currency })).sellingEntity.id;
    expect(entities).toEqual({ USD: 'DR_INC-ENTITY', GBP: 'DR_UK-ENTITY', EUR: 'DR_IRELAND-ENTITY', AUD: 'DR_IRELAND-ENTITY', JPY: 'DR_IRELAND-ENTITY' });
    expect((await checkout({ currency: 'GBP' })).sellingEntity).toEqual({ id: 'DR_UK-ENTITY', name: 'Digital River UK' });
    expect((await checkout({ currency: 'USD' })).sellingEntity).toEqual({ id: 'DR_INC-ENTITY', name: 'Digital River, Inc.' });
  });

  it('applies item and checkout discounts before tax', async () => {
    const created = await checkout({
      items: [{ skuId: 'a', price: 10, quantity: 3, discount: { percentOff: 10, quantity: 1 } }],
      billTo: { address: address('US', 'MN') },
      currency: 'USD',
    });
    expect({ amount: created.items[0].amount, totalDiscount: created.totalDiscount, totalTax: created.totalTax }).toEqual({ amount: 29, totalDiscount: 1, totalTax: 2.18 });
    const whole = await checkout({ items: [{ skuId: 'a', price: 60, quantity: 1 }, { skuId: 'b', price: 40, quantity: 1 }], discount: { amountOff: 10 }, billTo: { address: address('BR') } });
    expect(whole.items.map((item: Loose) => item.amount)).toEqual([54, 36]);
    expect(whole.totalDiscount).toBe(10);
  });

  it('reprices when the bill-to address changes, and lists and deletes checkouts', async () => {
    const created = await checkout({}, 100);
    expect(created.totalTax).toBe(19);
    const moved = await client.api(`/checkouts/${created.id}`, { billTo: { address: address('SE') } });
    expect(moved.body.totalTax).toBe(25);
    expect((await client.api(`/checkouts?upstreamIds=nothing`)).body).toEqual({ hasMore: false, data: [] });
    expect((await client.api('/checkouts')).body.data.map((c: Loose) => c.id)).toEqual([created.id]);
    expect((await client.api(`/checkouts/${created.id}`, undefined, 'DELETE')).status).toBe(204);
    expect((await client.api(`/checkouts/${created.id}`)).status).toBe(404);
  });

  it('taxes goods with a ship-to where they are posted, and by the bill-to again once it is removed', async () => {
    const posted = await checkout({ currency: 'USD', billTo: { address: address('US', 'OR') }, shipTo: { name: 'Sam Shopper', address: address('US', 'NY') } });
    expect(posted).toMatchObject({ totalTax: 8.88, shipTo: { address: { country: 'US', state: 'NY' } } });
    const abroad = await client.api(`/checkouts/${posted.id}`, { shipTo: { address: address('DE') } });
    expect(abroad.body.totalTax).toBe(19);
    const removed = await client.api(`/checkouts/${posted.id}`, { shipTo: null });
    expect(removed.body.totalTax).toBe(0);
    expect(removed.body.shipTo).toBeUndefined();
    const refused = await client.api('/checkouts', { currency: 'USD', items: [{ skuId: 'a', price: 1 }], shipTo: { address: { country: 'Germany' } } });
    expect(refused.body.errors[0]).toMatchObject({ code: 'invalid_parameter', parameter: 'shipTo.address.country' });
  });
});

describe('tax identifiers and reverse charge', () => {
  it('verifies the provider test values, marks ours not_valid or pending, and refuses bad formats', async () => {
    const verified = await taxId('de', 'DE 123 456 789');
    expect(verified).toMatchObject({ type: 'de', value: 'DE123456789', state: 'verified', stateTransitions: { verified: expect.any(String) }, applicability: [{ country: 'DE', entity: 'DR_IRELAND-ENTITY', customerType: 'business' }, { country: 'DE', entity: 'DR_UK-ENTITY', customerType: 'business' }], liveMode: false });
    expect((await taxId('de', 'DE999999999')).state).toBe('not_valid');
    expect((await taxId('uk', 'GB123456789')).state).toBe('pending');
    expect(await client.api('/tax-identifiers', { type: 'de', value: 'DE12' })).toEqual({ status: 400, body: { type: 'bad_request', errors: [{ code: 'invalid_parameter', parameter: 'value', message: "Tax identifier 'DE12' invalid." }] } });
    expect((await client.api('/tax-identifiers', { type: 'xx', value: '1' })).body.errors[0]).toMatchObject({ code: 'invalid_parameter', parameter: 'type' });
    expect((await client.api('/tax-identifiers', { type: 'de' })).body.errors[0]).toMatchObject({ code: 'missing_parameter', parameter: 'value' });
    expect((await client.api(`/tax-identifiers/${verified.id}`)).body.id).toBe(verified.id);
  });

  it('zero-rates a German business with a verified VAT number (reverse charge), and charges 19% otherwise', async () => {
    const created = await checkout({ customerType: 'business' });
    expect(created.totalTax).toBe(19);
    const valid = await taxId('de', 'DE123456789');
    const reverse = await client.api(`/checkouts/${created.id}`, { taxIdentifiers: [{ id: valid.id }] });
    expect(reverse.body).toMatchObject({ totalTax: 0, totalAmount: 100, taxIdentifiers: [{ id: valid.id, state: 'verified' }] });
    const invalid = await taxId('de', 'DE999999999');
    expect((await client.api(`/checkouts/${created.id}`, { taxIdentifiers: [{ id: invalid.id }] })).body.totalTax).toBe(19);
    expect((await client.api(`/checkouts/${created.id}`, { taxIdentifiers: [] })).body.totalTax).toBe(19);
  });

  it('charges an Irish business its own VAT (a domestic sale for Digital River Ireland)', async () => {
    const created = await checkout({ customerType: 'business', billTo: { address: address('IE') } });
    const vat = await taxId('ie', 'IE6388047V');
    expect((await client.api(`/checkouts/${created.id}`, { taxIdentifiers: [{ id: vat.id }] })).body.totalTax).toBe(23);
  });

  it('refuses a tax identifier that does not apply, or is gone, as documented', async () => {
    const individual = await checkout({ customerType: 'individual' });
    const vat = await taxId('de', 'DE123456789');
    expect(await client.api(`/checkouts/${individual.id}`, { taxIdentifiers: [{ id: vat.id }] })).toEqual({
      status: 409,
      body: { type: 'conflict', errors: [{ code: 'invalid_parameter', parameter: 'taxIdentifiers', message: `Tax identifier '${vat.id}' is not applicable.` }] },
    });
    const french = await checkout({ customerType: 'business', billTo: { address: address('FR') } });
    expect((await client.api(`/checkouts/${french.id}`, { taxIdentifiers: [{ id: vat.id }] })).status).toBe(409);
    expect((await client.api(`/tax-identifiers/${vat.id}`, undefined, 'DELETE')).status).toBe(204);
    const business = await checkout({ customerType: 'business' });
    expect((await client.api(`/checkouts/${business.id}`, { taxIdentifiers: [{ id: vat.id }] })).body).toEqual({
      type: 'conflict',
      errors: [{ code: 'not_found', parameter: 'id', message: `Tax identifier '${vat.id}' not found.` }],
    });
  });
});

describe('US tax exemption certificates', () => {
  async function certificateFile(): Promise<string> {
    const form = new FormData();
    form.append('purpose', 'tax_document_customer_upload');
    form.append('file', new Blob([Buffer.from('%PDF-1.4 sandbox')], { type: 'application/pdf' }), 'certificate.pdf');
    const response = await fetch(`${sandbox.url}/files`, { method: 'POST', headers: { Authorization: `Bearer ${sandbox.config.secretKey}` }, body: form });
    const body = (await response.json()) as Loose;
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ purpose: 'tax_document_customer_upload', fileName: 'certificate.pdf', type: 'pdf', size: 16 });
    return body.id;
  }

  const year = new Date().getUTCFullYear();

  it('zero-rates a business customer whose certificate covers the bill-to state, and no other', async () => {
    const fileId = await certificateFile();
    const customer = await client.api('/customers', {
      email: 'buyer@business.example',
      type: 'business',
      taxCertificate: { companyName: 'Business Inc.', taxAuthority: 'NY', startDate: `${year - 1}-01-01T00:00:00Z`, endDate: `${year + 1}-12-31T00:00:00Z`, fileId },
    });
    expect(customer.status).toBe(201);
    expect(customer.body).toMatchObject({ type: 'business', taxCertificates: [{ taxAuthority: 'NY', fileId }], liveMode: false });
    const exempt = await checkout({ currency: 'USD', customerId: customer.body.id, billTo: { address: address('US', 'NY') } });
    expect(exempt).toMatchObject({ customerType: 'business', totalTax: 0, totalAmount: 100, sellingEntity: { id: 'DR_INC-ENTITY' } });
    const elsewhere = await checkout({ currency: 'USD', customerId: customer.body.id, billTo: { address: address('US', 'TX') } });
    expect(elsewhere.totalTax).toBe(8.25);
    expect((await checkout({ currency: 'USD', billTo: { address: address('US', 'NY') } })).totalTax).toBe(8.88);
  });

  it('ignores an expired certificate and refuses an incomplete one', async () => {
    const fileId = await certificateFile();
    const customer = await client.api('/customers', { type: 'business', taxCertificate: { companyName: 'Old Co', taxAuthority: 'NY', startDate: '2015-01-01', endDate: '2016-01-01', fileId } });
    expect((await checkout({ currency: 'USD', customerId: customer.body.id, billTo: { address: address('US', 'NY') } })).totalTax).toBe(8.88);
    const refused = await client.api(`/customers/${customer.body.id}`, { taxCertificate: { companyName: 'Old Co', taxAuthority: 'NY', startDate: '2015-01-01', endDate: '2016-01-01' } });
    expect(refused.body.errors[0]).toMatchObject({ code: 'missing_parameter', parameter: 'taxCertificate.fileId' });
    const added = await client.api(`/customers/${customer.body.id}`, { taxCertificate: { companyName: 'Old Co', taxAuthority: 'NY', startDate: `${year}-01-01`, endDate: `${year + 2}-01-01`, fileId } });
    expect(added.body.taxCertificates).toHaveLength(2);
    expect((await checkout({ currency: 'USD', customerId: customer.body.id, billTo: { address: address('US', 'NY') } })).totalTax).toBe(0);
    expect((await client.api('/checkouts', { currency: 'USD', items: [{ skuId: 'a', price: 1 }], customerId: 'nobody' })).body.errors[0]).toMatchObject({ code: 'not_found', parameter: 'customerId' });
  });
});

describe('sources', () => {
  it('makes a chargeable source for the session from the browser, readable with the secret key', async () => {
    const created = await checkout({}, 100);
    const made = await source(created.payment.session.id, DIGITAL_RIVER_TEST_CARDS.visa);
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: expect.any(String),
      clientSecret: expect.stringMatching(/^[-\w]+_[-\w]+$/),
      createdTime: expect.any(String),
      updatedTime: expect.any(String),
      type: 'creditCard',
      currency: 'EUR',
      amount: 119,
      reusable: false,
      owner: { firstName: 'Sam', lastName: 'Shopper', email: 'shopper@example.com', address: address('DE') },
      creditCard: { brand: 'Visa', lastFourDigits: '1111', expirationMonth: 12, expirationYear: 2040 },
      flow: 'standard',
      state: 'chargeable',
      paymentSessionId: created.payment.session.id,
      sessionId: created.payment.session.id,
      liveMode: false,
    });
    const stored = { ...made.body };
    delete stored.sessionId;
    expect((await client.api(`/sources/${made.body.id}`)).body).toEqual(stored);
    expect((await client.request(`/sources/${made.body.id}`, { key: sandbox.config.publicKey })).status).toBe(401);
  });

  it('refuses the source-creation test card and bad card details with their codes', async () => {
    const created = await checkout();
    expect(await source(created.payment.session.id, DIGITAL_RIVER_TEST_CARDS.sourceCreationFails)).toEqual({
      status: 400,
      body: { type: 'bad_request', errors: [{ code: 'source_creation_failed', message: 'The source could not be created.' }] },
    });
    expect((await source(created.payment.session.id, '4444222233331112')).body.errors[0].code).toBe('invalid_card_number');
    const expired = await client.drjs('sources', { sessionId: created.payment.session.id, type: 'creditCard', creditCard: { number: DIGITAL_RIVER_TEST_CARDS.visa, expirationMonth: 1, expirationYear: 2020, cvv: '123' } });
    expect(expired.body.errors[0].code).toBe('invalid_expiration_date');
    expect((await source('no-such-session')).status).toBe(404);
  });

  it('funds the session once attached, and not once detached', async () => {
    const { checkout: created, source: made } = await paidCheckout();
    const funded = (await client.api(`/checkouts/${created.id}`)).body;
    expect(funded.payment).toMatchObject({ sources: [{ id: made.id, state: 'chargeable' }], session: { state: 'requires_confirmation', amountContributed: 119, amountRemainingToBeContributed: 0 } });
    expect((await client.api(`/checkouts/${created.id}/sources/${made.id}`, undefined, 'DELETE')).status).toBe(204);
    expect((await client.api(`/checkouts/${created.id}`)).body.payment).toMatchObject({ sources: [], session: { state: 'requires_source', amountContributed: 0 } });
    expect((await client.api(`/checkouts/${created.id}/sources/nope`, {})).body.errors[0]).toMatchObject({ code: 'not_found', parameter: 'sourceId' });
    const other = await checkout();
    expect((await client.api(`/checkouts/${other.id}/sources/${made.id}`, {})).status).toBe(409);
  });

  it('answers CORS for the browser calls', async () => {
    const response = await fetch(`${sandbox.url}/__drjs/sources`, { method: 'OPTIONS', headers: { Origin: 'http://store.test', 'Access-Control-Request-Method': 'POST' } });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://store.test');
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
  });
});

describe('orders', () => {
  it('converts a funded checkout into an accepted order with a capturable charge', async () => {
    const { checkout: created, source: made } = await paidCheckout({ upstreamId: 'STORE-1001' });
    const order = await client.api('/orders', { checkoutId: created.id, upstreamId: 'ignored', email: 'ignored@example.com' });
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({
      id: expect.stringMatching(/^\d{12}$/),
      checkoutId: created.id,
      upstreamId: 'STORE-1001',
      email: 'shopper@example.com',
      state: 'accepted',
      stateTransitions: { accepted: expect.any(String) },
      fraudState: 'passed',
      currency: 'EUR',
      subtotal: 100,
      totalTax: 19,
      totalAmount: 119,
      sellingEntity: { id: 'DR_IRELAND-ENTITY', name: 'Digital River Ireland Ltd.' },
      items: [{ skuId: 'affinity-photo', amount: 100, tax: { rate: 0.19, amount: 19 }, state: 'created' }],
      payment: {
        sources: [{ id: made.id, state: 'consumed' }],
        charges: [{ id: expect.any(String), amount: 119, currency: 'EUR', state: 'capturable', captured: false, sourceId: made.id, orderId: order.body.id }],
        session: { state: 'complete', amountContributed: 119, amountRemainingToBeContributed: 0 },
      },
      liveMode: false,
    });
    expect((await client.api(`/orders/${order.body.id}`)).body).toEqual(order.body);
    expect((await client.api(`/checkouts/${created.id}`)).body.payment.session.state).toBe('complete');
  });

  it('makes one order per checkout', async () => {
    const { checkout: created } = await paidCheckout();
    expect((await client.api('/orders', { checkoutId: created.id })).status).toBe(201);
    const again = await client.api('/orders', { checkoutId: created.id });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: 'order_exists', parameter: 'checkoutId' });
    expect((await client.api(`/checkouts/${created.id}`, { email: 'x@example.com' })).status).toBe(409);
    const another = await source(created.payment.session.id);
    expect((await client.api(`/checkouts/${created.id}/sources/${another.body.id}`, {})).status).toBe(409);
  });

  it('refuses a checkout with no source, or none of its own', async () => {
    const created = await checkout();
    expect(await client.api('/orders', { checkoutId: created.id })).toEqual({ status: 400, body: { type: 'bad_request', errors: [{ code: 'order_submit_failed', message: 'Payment session status is invalid.' }] } });
    expect((await client.api('/orders', {})).body.errors[0]).toMatchObject({ code: 'missing_parameter', parameter: 'checkoutId' });
    expect((await client.api('/orders', { checkoutId: 'nope' })).status).toBe(404);
  });

  it('declines the decline test card with 409 failed-request, then accepts a new source on the same checkout', async () => {
    const { checkout: created, source: declined } = await paidCheckout({ upstreamId: 'STORE-2002' }, DIGITAL_RIVER_TEST_CARDS.chargeDeclined);
    expect(await client.api('/orders', { checkoutId: created.id })).toEqual({ status: 409, body: { type: 'conflict', errors: [{ code: 'failed-request', message: 'Failed to charge source.' }] } });
    expect((await client.api(`/sources/${declined.id}`)).body.state).toBe('failed');
    expect((await client.api(`/checkouts/${created.id}`)).body.payment.session.state).toBe('requires_source');
    const retry = await source(created.payment.session.id, DIGITAL_RIVER_TEST_CARDS.mastercard);
    expect((await client.api(`/checkouts/${created.id}/sources/${retry.body.id}`, {})).status).toBe(200);
    const order = await client.api('/orders', { checkoutId: created.id });
    expect(order.body).toMatchObject({ state: 'accepted', upstreamId: 'STORE-2002', payment: { charges: [{ sourceId: retry.body.id }] } });
  });

  it('accepts a new checkout with the same upstream id after a decline, and finds orders by upstream id', async () => {
    const first = await paidCheckout({ upstreamId: 'STORE-3003' }, DIGITAL_RIVER_TEST_CARDS.chargeDeclined);
    expect((await client.api('/orders', { checkoutId: first.checkout.id })).status).toBe(409);
    const second = await paidCheckout({ upstreamId: 'STORE-3003' });
    const order = await client.api('/orders', { checkoutId: second.checkout.id });
    expect(order.status).toBe(201);
    const found = await client.api('/orders?upstreamIds=STORE-3003,STORE-nothing');
    expect(found.body).toMatchObject({ hasMore: false, data: [{ id: order.body.id, upstreamId: 'STORE-3003' }] });
    expect((await client.api('/orders?upstreamIds=STORE-nothing')).body).toEqual({ hasMore: false, data: [] });
    expect((await client.control('orders?upstreamId=STORE-3003')).body).toEqual([
      expect.objectContaining({ id: order.body.id, checkoutId: second.checkout.id, state: 'accepted', totalAmount: 119, sellingEntity: 'DR_IRELAND-ENTITY' }),
    ]);
  });

  it('refuses a declined checkout again when configured as the current guide says', async () => {
    const strict = await startDigitalRiverSandbox({ config: { checkoutReusableAfterDecline: false } });
    try {
      const strictClient = clientFor(strict);
      const created = (await strictClient.api('/checkouts', { currency: 'EUR', items: [{ skuId: 'a', price: 10 }], billTo: { address: address('DE') } })).body;
      const bad = await strictClient.drjs('sources', { sessionId: created.payment.session.id, creditCard: { number: DIGITAL_RIVER_TEST_CARDS.chargeDeclined, expirationMonth: 1, expirationYear: 2040, cvv: '123' } });
      await strictClient.api(`/checkouts/${created.id}/sources/${bad.body.id}`, {});
      expect((await strictClient.api('/orders', { checkoutId: created.id })).status).toBe(409);
      const good = await strictClient.drjs('sources', { sessionId: created.payment.session.id, creditCard: { number: DIGITAL_RIVER_TEST_CARDS.visa, expirationMonth: 1, expirationYear: 2040, cvv: '123' } });
      await strictClient.api(`/checkouts/${created.id}/sources/${good.body.id}`, {});
      expect((await strictClient.api('/orders', { checkoutId: created.id })).body.errors[0].code).toBe('checkout_not_reusable');
    } finally {
      await strict.close();
    }
  });
});

describe('forced faults', () => {
  it('answers 503 once for the forced resource, without doing the call', async () => {
    expect((await client.control('force', { resource: 'checkouts', method: 'POST', fail: 'service_unavailable' })).status).toBe(200);
    const refused = await client.api('/checkouts', { currency: 'EUR', items: [{ skuId: 'a', price: 1 }] });
    expect(refused).toEqual({ status: 503, body: { type: 'service_unavailable', errors: [{ code: 'service_unavailable', message: expect.any(String) }] } });
    expect((await client.api('/checkouts')).body.data).toEqual([]);
    expect((await client.api('/checkouts', { currency: 'EUR', items: [{ skuId: 'a', price: 1 }] })).status).toBe(201);
  });

  it('holds an order answer after making the order, so a timed-out caller finds it by upstream id', async () => {
    const { checkout: created } = await paidCheckout({ upstreamId: 'STORE-4004' });
    await client.control('force', { resource: 'orders', method: 'POST', delayMs: 600 });
    const started = Date.now();
    const abandoned = fetch(`${sandbox.url}/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.config.secretKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ checkoutId: created.id }),
      signal: AbortSignal.timeout(150),
    });
    await expect(abandoned).rejects.toThrow();
    const found = await client.api('/orders?upstreamIds=STORE-4004');
    expect(found.body.data).toEqual([expect.objectContaining({ checkoutId: created.id, state: 'accepted' })]);
    expect(Date.now() - started).toBeLessThan(600);
  });

  it('declines the next order when told, and checks what it is told', async () => {
    const { checkout: created } = await paidCheckout();
    await client.control('force', { resource: 'orders', fail: 'declined' });
    expect((await client.api('/orders', { checkoutId: created.id })).body.errors[0].code).toBe('failed-request');
    expect((await client.control('force', { resource: 'checkouts', fail: 'declined' })).status).toBe(400);
    expect((await client.control('force', { resource: 'moon', fail: 'service_unavailable' })).status).toBe(400);
    expect((await client.control('force', { resource: 'orders' })).status).toBe(400);
    await client.control('force', { resource: 'drjs', fail: 'service_unavailable', times: 2 });
    expect((await client.control('force')).body.forced).toEqual([{ resource: 'drjs', fail: 'service_unavailable', remaining: 2 }]);
    expect((await client.control('force', undefined, 'DELETE')).body.forced).toEqual([]);
  });
});

describe('the browser script calls and controls', () => {
  it('describes a payment session, its tax identifier types, and the drop-in hang control', async () => {
    const created = await checkout({ customerType: 'business' });
    const session = await client.drjs(`sessions/${created.payment.session.id}`);
    expect(session.body).toMatchObject({
      id: created.payment.session.id,
      state: 'requires_source',
      amount: 119,
      currency: 'EUR',
      country: 'DE',
      customerType: 'business',
      sellingEntity: { id: 'DR_IRELAND-ENTITY' },
      paymentMethodTypes: ['creditCard'],
      taxIdentifier: { hasTaxIdentifier: true, businessTaxIdentifierRequired: false, individualTaxIdentifierRequired: false, types: [{ type: 'de', customerType: 'business', pattern: '^DE\\d{9}$' }] },
      dropIn: { hang: false },
    });
    const individual = await checkout({ customerType: 'individual' });
    expect((await client.drjs(`tax-identifier-types?sessionId=${individual.payment.session.id}`)).body.hasTaxIdentifier).toBe(false);
    expect((await client.drjs('tax-identifier-types?country=IT')).body.types.map((type: Loose) => type.type)).toEqual(['it', 'it_natural']);
    expect((await client.control('drop-in', { hang: true })).body).toEqual({ hang: true });
    expect((await client.drjs(`sessions/${created.payment.session.id}`)).body.dropIn).toEqual({ hang: true });
    await client.control('reset', {});
    expect((await client.control('drop-in')).body).toEqual({ hang: false });
  });

  it('serves the stylesheet, and the script once built', async () => {
    const css = await fetch(`${sandbox.url}/v1/css/DigitalRiver.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(await css.text()).toContain('Ours');
    const script = await fetch(`${sandbox.url}/v1/DigitalRiver.js`);
    expect([200, 503]).toContain(script.status);
    if (script.status === 200) expect(await script.text()).toContain("stand-in for DigitalRiver.js");
  });

  it('answers health', async () => {
    expect((await client.control('health')).body).toEqual({ ok: true, provider: 'digital-river' });
  });
});

describe('persistence', () => {
  it('keeps checkouts, sources and orders across a restart with a state file', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'dr-sandbox-'));
    const stateFile = join(directory, 'nested', 'digital-river.json');
    try {
      const first = await startDigitalRiverSandbox({ stateFile });
      const firstClient = clientFor(first);
      const created = (await firstClient.api('/checkouts', { currency: 'GBP', upstreamId: 'KEEP-1', items: [{ skuId: 'a', price: 12 }], billTo: { address: address('GB') } })).body;
      const made = await firstClient.drjs('sources', { sessionId: created.payment.session.id, creditCard: { number: DIGITAL_RIVER_TEST_CARDS.visa, expirationMonth: 1, expirationYear: 2040, cvv: '123' } });
      await firstClient.api(`/checkouts/${created.id}/sources/${made.body.id}`, {});
      const order = (await firstClient.api('/orders', { checkoutId: created.id })).body;
      await first.close();

      const second = await startDigitalRiverSandbox({ stateFile });
      try {
        const secondClient = clientFor(second);
        expect((await secondClient.api(`/checkouts/${created.id}`)).body).toMatchObject({ id: created.id, totalAmount: 14.4 });
        expect((await secondClient.api(`/orders/${order.id}`)).body).toMatchObject({ id: order.id, upstreamId: 'KEEP-1', state: 'accepted' });
        expect((await secondClient.api(`/orders?upstreamIds=KEEP-1`)).body.data).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('the command line', () => {
  it('takes a provider, Braintree unless told', () => {
    expect(parseArguments(['--provider', 'digital-river', '--port', '4020', '--state-file=.data/dr.json'])).toEqual({ port: 4020, tlsPort: null, stateFile: '.data/dr.json', provider: 'digital-river' });
    expect(parseArguments(['--provider=braintree'])).toEqual({ port: 0, tlsPort: null, stateFile: null, provider: 'braintree' });
    expect(parseArguments([]).provider).toBeUndefined();
    expect(() => parseArguments(['--provider', 'stripe'])).toThrow('--provider needs one of braintree, digital-river');
    expect(() => parseArguments(['--provider', 'digital-river', '--tls-port', '0'])).toThrow('--tls-port is for the braintree sandbox only');
  });
});
