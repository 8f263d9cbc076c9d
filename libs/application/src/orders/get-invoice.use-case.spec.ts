import { aCheckoutWorld, anOrderIn, aShopper, A_SELLER, TextInvoiceRenderer } from '../testing';
import { GetInvoice, hasStoreInvoice, storeIssuesInvoice } from './get-invoice.use-case';

const RESELLERS_INVOICE = 'The invoice for this order comes from our reseller, Digital River';

describe('GetInvoice', () => {
  const setUp = () => {
    const world = aCheckoutWorld();
    return { world, getInvoice: new GetInvoice(world.orders, new TextInvoiceRenderer(), A_SELLER) };
  };

  it('renders the store’s invoice of a paid order for its owner, from the seller', async () => {
    const { world, getInvoice } = setUp();
    const shopper = aShopper();
    const { order } = await anOrderIn(world, shopper, 'paid');

    const invoice = await getInvoice.execute(shopper, order.number);

    expect(invoice.ok && invoice.value.order.number).toBe(order.number);
    expect(invoice.ok && TextInvoiceRenderer.read(invoice.value.pdf)).toBe(`Example Seller Ltd invoices ${shopper.email} for ${order.number}: 4199 GBP`);
  });

  it.each(['pending', 'failed'] as const)('has no invoice for a %s order: nothing was sold', async (outcome) => {
    const { world, getInvoice } = setUp();
    const shopper = aShopper();
    const { order } = await anOrderIn(world, shopper, outcome);
    const invoice = await getInvoice.execute(shopper, order.number);
    expect(!invoice.ok && [invoice.error.errorName, invoice.error.message]).toEqual(['NOT_FOUND', RESELLERS_INVOICE]);
  });

  it('leaves the invoice of an order the merchant of record sold to the merchant of record', async () => {
    const { world, getInvoice } = setUp();
    const shopper = aShopper();
    const { order } = await anOrderIn(world, shopper, 'paid', { gateway: 'digital-river' });
    const invoice = await getInvoice.execute(shopper, order.number);
    expect(!invoice.ok && [invoice.error.errorName, invoice.error.message]).toEqual(['NOT_FOUND', RESELLERS_INVOICE]);
  });

  it('answers someone else’s invoice as an order that does not exist, and a signed-out one with sign in', async () => {
    const { world, getInvoice } = setUp();
    const { order } = await anOrderIn(world, aShopper(), 'paid');
    const theirs = await getInvoice.execute(aShopper(), order.number);
    const signedOut = await getInvoice.execute(null, order.number);
    expect(!theirs.ok && theirs.error.message).toBe('There is no such order in your account');
    expect(!signedOut.ok && signedOut.error.errorName).toBe('SESSION_EXPIRED');
  });

  it('says which orders carry the store’s invoice', () => {
    expect([storeIssuesInvoice('braintree'), storeIssuesInvoice('complimentary'), storeIssuesInvoice('digital-river')]).toEqual([true, true, false]);
    const paidAt = new Date('2026-11-01T10:00:00Z');
    expect(hasStoreInvoice({ status: 'paid', gateway: 'complimentary', paidAt })).toBe(true);
    // Refunded after it was paid: the invoice stands, corrected by the credit notes.
    expect(hasStoreInvoice({ status: 'refunded', gateway: 'braintree', paidAt })).toBe(true);
    expect(hasStoreInvoice({ status: 'refunded', gateway: 'braintree', paidAt: null })).toBe(false);
    expect(hasStoreInvoice({ status: 'paid', gateway: 'digital-river', paidAt })).toBe(false);
  });
});
