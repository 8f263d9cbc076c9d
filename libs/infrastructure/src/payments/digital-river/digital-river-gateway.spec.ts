import type { BillingAddress, MorCheckoutRequest } from '@store/application';
import { DomainError } from '@store/domain';
import { digitalRiverClient, startDigitalRiverSandbox, type RunningDigitalRiverSandbox } from '@store/payment-sandbox';
import { DigitalRiverGateway, DigitalRiverUnavailable } from './digital-river-gateway';

// Our adapter against the project's Digital River sandbox, which answers with the provider's
// documented request and response shapes and refuses requests that do not have them.
let sandbox: RunningDigitalRiverSandbox;
let client: ReturnType<typeof digitalRiverClient>;
let gateway: DigitalRiverGateway;

beforeAll(async () => {
  sandbox = await startDigitalRiverSandbox();
  client = digitalRiverClient(sandbox);
  gateway = new DigitalRiverGateway({ apiUrl: sandbox.url, secretKey: sandbox.config.secretKey, timeoutMs: 1000 });
});
afterAll(() => sandbox?.close());
afterEach(() => client.control('force', undefined, 'DELETE'));

let customers = 0;
const address = (fields: Partial<BillingAddress>): BillingAddress => ({
  line1: '1 Main Street',
  line2: null,
  line3: null,
  city: 'Springfield',
  county: null,
  state: null,
  postalCode: '12345',
  country: 'US',
  vatId: null,
  vatIdStatus: null,
  ...fields,
});
const request = (overrides: Partial<MorCheckoutRequest> = {}): MorCheckoutRequest => ({
  storeCustomerId: `00000000-0000-4000-8000-${String(++customers).padStart(12, '0')}`,
  email: 'payer@example.com',
  name: 'Paula Payer',
  organization: null,
  customerType: 'individual',
  locale: 'en_US',
  currency: 'USD',
  taxInclusive: false,
  billingAddress: address({ state: 'NY', city: 'New York', postalCode: '10118' }),
  items: [
    { productReference: 'photo-2', name: 'Photo 2', quantity: 1, amountMinor: 6999 },
    { productReference: 'publisher-2', name: 'Publisher 2', quantity: 2, amountMinor: 9998 },
  ],
  taxCertificate: null,
  ...overrides,
});

/** A card source as DigitalRiver.js makes it for a payment session. */
async function source(sessionId: string, number = '4444222233331111'): Promise<string> {
  const made = await client.drjs('sources', { sessionId, type: 'creditCard', creditCard: { number, expirationMonth: 12, expirationYear: new Date().getFullYear() + 2, cvv: '123' } });
  expect(made.status).toBe(201);
  return made.body.id ?? made.body.source.id;
}

const chargeFor = (checkoutId: string, sourceId: string, key: string) =>
  gateway.charge({ idempotencyKey: key, orderNumber: key.split('-').slice(0, 2).join('-'), amountMinor: 0, currency: 'USD', paymentToken: sourceId, deviceData: null, checkoutId });

describe('checkouts', () => {
  it("sends the billing address, customer, items and prices the provider expects, and reads its tax, seller and session", async () => {
    const checkout = await gateway.createCheckout(request());
    const stored = (await client.api(`/checkouts/${checkout.checkoutId}`)).body;
    expect(stored).toMatchObject({
      currency: 'USD',
      customerType: 'individual',
      billTo: { name: 'Paula Payer', address: { line1: '1 Main Street', city: 'New York', state: 'NY', postalCode: '10118', country: 'US' } },
      items: [{ quantity: 1, amount: 69.99, metadata: { productReference: 'photo-2' } }, { quantity: 2, amount: 99.98 }],
    });
    expect(checkout).toMatchObject({ sellingEntityId: 'DR_INC-ENTITY', sellingEntityName: 'Digital River, Inc.', currency: 'USD', taxIdentifier: null, customerId: stored.customerId });
    expect(checkout.paymentSessionId).toBe(stored.payment.session.id);
    // New York's rate on 169.97, rounded per line by the provider; our totals are its totals.
    expect(checkout.totals).toEqual({ netMinor: 16997, taxMinor: Math.round(stored.totalTax * 100), grossMinor: Math.round(stored.totalAmount * 100), discountMinor: 0 });
    expect(checkout.totals.taxMinor).toBeGreaterThan(1490);
  });

  it('prices that include tax stay the gross; the provider takes its VAT out of them', async () => {
    const checkout = await gateway.createCheckout(request({ currency: 'GBP', taxInclusive: true, billingAddress: address({ country: 'GB', city: 'Nottingham', postalCode: 'NG1 1AA' }) }));
    expect(checkout.sellingEntityName).toBe('Digital River UK');
    expect(checkout.totals.grossMinor).toBe(16997);
    expect(checkout.totals.taxMinor).toBe(Math.round(16997 / 6));
  });

  it("sends a US business's exemption certificate to its customer record, and the provider charges it no sales tax", async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const today = new Date().toISOString().slice(0, 10);
    const checkout = await gateway.createCheckout(
      request({
        customerType: 'business',
        organization: 'Serif Inc.',
        taxCertificate: { taxAuthority: 'NY', startDate: '2020-01-01', endDate: `${Number(today.slice(0, 4)) + 1}-12-31`, fileName: 'ny.pdf', contentType: 'application/pdf', bytes, companyName: 'Serif Inc.' },
      }),
    );
    expect(checkout.totals.taxMinor).toBe(0);
    const customer = (await client.api(`/customers/${checkout.customerId}`)).body;
    expect(customer.taxCertificates).toEqual([expect.objectContaining({ companyName: 'Serif Inc.', taxAuthority: 'NY' })]);
  });

  it('a provider that is down or slow is unavailable, never a checkout', async () => {
    await client.control('force', { resource: 'checkouts', method: 'POST', fail: 'service_unavailable' });
    await expect(gateway.createCheckout(request())).rejects.toBeInstanceOf(DigitalRiverUnavailable);
    await client.control('force', { resource: 'customers', delayMs: 1500 });
    await expect(gateway.createCheckout(request())).rejects.toBeInstanceOf(DigitalRiverUnavailable);
  });
});

describe('tax identifiers', () => {
  const german = () => request({ customerType: 'business', organization: 'Serif GmbH', currency: 'EUR', taxInclusive: true, billingAddress: address({ country: 'DE', city: 'Berlin', postalCode: '10117' }) });
  const code = async (promise: Promise<unknown>) => ((await promise.then(() => null, (error: unknown) => error)) as DomainError | null)?.code;

  it('a verified VAT number is attached and reverse-charges the checkout', async () => {
    const checkout = await gateway.createCheckout(german());
    expect(checkout.totals.taxMinor).toBeGreaterThan(0);
    const attached = await gateway.attachTaxIdentifier(checkout.checkoutId, { type: 'de', value: 'DE123456789' });
    expect(attached.taxIdentifier).toEqual({ type: 'de', value: 'DE123456789', state: 'verified' });
    expect(attached.totals.taxMinor).toBe(0);
  });

  it('malformed or not valid: 710003; one that does not apply to the billing address: 300022; a checkout gone: 710004', async () => {
    const checkout = await gateway.createCheckout(german());
    expect(await code(gateway.attachTaxIdentifier(checkout.checkoutId, { type: 'de', value: 'DE12' }))).toBe(710003);
    expect(await code(gateway.attachTaxIdentifier(checkout.checkoutId, { type: 'de', value: 'DE999999999' }))).toBe(710003);
    expect(await code(gateway.attachTaxIdentifier(checkout.checkoutId, { type: 'fr', value: 'FR12345678901' }))).toBe(300022);
    expect(await code(gateway.attachTaxIdentifier('no-such-checkout', { type: 'de', value: 'DE123456789' }))).toBe(710004);
    expect((await client.api(`/checkouts/${checkout.checkoutId}`)).body.taxIdentifiers).toEqual([]);
  });
});

describe('orders', () => {
  it('an order is the charge, tagged with our key as upstreamId, and found again by it', async () => {
    const checkout = await gateway.createCheckout(request());
    const sourceId = await source(checkout.paymentSessionId);
    expect(await gateway.attachSource(checkout.checkoutId, sourceId)).toEqual({ id: sourceId });
    const charged = await chargeFor(checkout.checkoutId, sourceId, 'AFS-00000001-1');
    expect(charged).toMatchObject({ outcome: 'charged' });
    const order = (await client.api(`/orders/${(charged as { transactionId: string }).transactionId}`)).body;
    expect(order).toMatchObject({ checkoutId: checkout.checkoutId, upstreamId: 'AFS-00000001-1', state: 'accepted' });
    expect(await gateway.lookup('AFS-00000001-1')).toEqual(charged);
    expect(await gateway.lookup('AFS-00000001-2')).toBeNull();
    // Paying a converted checkout again charges nothing more: the existing order is the answer.
    expect(await chargeFor(checkout.checkoutId, sourceId, 'AFS-00000001-1')).toEqual(charged);
  });

  it('a declined source is 710005 and charges nothing; another source pays the same checkout', async () => {
    const checkout = await gateway.createCheckout(request());
    const declined = await chargeFor(checkout.checkoutId, await source(checkout.paymentSessionId, '4000000000003600'), 'AFS-00000002-1');
    expect(declined).toMatchObject({ outcome: 'declined', code: 710005 });
    expect(await gateway.lookup('AFS-00000002-1')).toBeNull();
    expect(await chargeFor(checkout.checkoutId, await source(checkout.paymentSessionId), 'AFS-00000002-2')).toMatchObject({ outcome: 'charged' });
  });

  it('no answer (503 or a timeout) is thrown as unknown; a timed-out order is there to be looked up', async () => {
    const checkout = await gateway.createCheckout(request());
    const sourceId = await source(checkout.paymentSessionId);
    await client.control('force', { resource: 'orders', method: 'POST', fail: 'service_unavailable' });
    await expect(chargeFor(checkout.checkoutId, sourceId, 'AFS-00000003-1')).rejects.toBeInstanceOf(DigitalRiverUnavailable);
    expect(await gateway.lookup('AFS-00000003-1')).toBeNull();
    await client.control('force', { resource: 'orders', method: 'POST', delayMs: 1500 });
    await expect(chargeFor(checkout.checkoutId, sourceId, 'AFS-00000003-1')).rejects.toBeInstanceOf(DigitalRiverUnavailable);
    // The sandbox made the order before holding its answer: it is there at once.
    expect(await gateway.lookup('AFS-00000003-1')).toMatchObject({ outcome: 'charged' });
  });

  it('an order is given back by cancelling it (its charge too), once; a cancelled order is no charge in force', async () => {
    const checkout = await gateway.createCheckout(request());
    const charged = await chargeFor(checkout.checkoutId, await source(checkout.paymentSessionId), 'AFS-00000005-1');
    const orderId = (charged as { transactionId: string }).transactionId;
    expect(await gateway.chargesFor(['AFS-00000005-1', 'AFS-00000005-2'])).toEqual([{ idempotencyKey: 'AFS-00000005-1', transactionId: orderId }]);

    await client.control('force', { resource: 'fulfillments', method: 'POST', fail: 'service_unavailable' });
    await expect(gateway.reverse(orderId)).rejects.toBeInstanceOf(DigitalRiverUnavailable);
    await gateway.reverse(orderId);
    // Asked again (an answer lost), it finds the order cancelled and sends nothing more.
    await gateway.reverse(orderId);
    const order = (await client.api(`/orders/${orderId}`)).body;
    expect(order).toMatchObject({ state: 'cancelled', cancelledAmount: order.totalAmount, payment: { charges: [{ state: 'cancelled' }] } });
    expect(order.items.map((item: { state: string }) => item.state)).toEqual(['cancelled', 'cancelled']);
    const fulfillments = (await client.api(`/fulfillments?orderId=${orderId}`)).body.data;
    expect(fulfillments).toHaveLength(1);
    expect(fulfillments[0]).toMatchObject({ orderId, upstreamId: 'AFS-00000005-1', items: [{ quantity: 0, cancelQuantity: 1 }, { quantity: 0, cancelQuantity: 2 }] });
    expect(await gateway.chargesFor(['AFS-00000005-1'])).toEqual([]);
    expect(await gateway.lookup('AFS-00000005-1')).toBeNull();
    // More than is left to cancel is refused.
    const again = await client.api('/fulfillments', { orderId, items: [{ itemId: order.items[0].id, cancelQuantity: 1 }] });
    expect(again).toMatchObject({ status: 400, body: { errors: [{ code: 'invalid_parameter', parameter: 'items' }] } });
  });

  it('an unknown source or checkout is refused with its code, and nothing without them is sent', async () => {
    const checkout = await gateway.createCheckout(request());
    const refused = await gateway.attachSource(checkout.checkoutId, 'no-such-source').then(() => null, (error: DomainError) => error.code);
    expect(refused).toBe(710001);
    expect(await chargeFor('no-such-checkout', 'no-such-source', 'AFS-00000004-1')).toMatchObject({ outcome: 'declined', code: 710004 });
    expect(await gateway.charge({ idempotencyKey: 'AFS-00000004-1', orderNumber: 'AFS-00000004', amountMinor: 1, currency: 'USD', paymentToken: null, deviceData: null, checkoutId: null })).toMatchObject({
      outcome: 'declined',
      code: 300023,
    });
  });
});
