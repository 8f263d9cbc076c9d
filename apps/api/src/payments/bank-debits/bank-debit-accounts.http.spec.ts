import { ReconcilePayments } from '@store/application';
import { sepaNonce, usBankAccountNonce, type RunningBraintreeSandbox, type WalletFlowTarget } from '@store/payment-sandbox';
import { payByCard, shopperReadyToPay, type Shopper } from '../../testing/shopper';
import { XHR, type TestApp } from '../../testing/test-app';
import { configuredCardStore } from '../../testing/card-store';
import { until } from '../../testing/until';

// The account an order's bank debit is taken from, as the order's owner reads it: taken from the
// card gateway's record of the sale through the real braintree SDK and the card sandbox (the IBAN's
// last four and the mandate reference for SEPA, the account number's last four and the bank for
// ACH), also when the sale's answer was lost and reconciliation found it.

let sandbox: RunningBraintreeSandbox;
let t: TestApp;
let target: WalletFlowTarget;

const LISBON = { line_1: 'Rua Augusta 24', city: 'Lisboa', postal_code: '1100-053', country: 'PT' };
const AUSTIN = { line_1: '500 Congress Avenue', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' };

const store = configuredCardStore({ env: { BRAINTREE_SEPA: 'true', BRAINTREE_US_BANK_ACCOUNT: 'true', PAYMENT_GATEWAY_RULES: '*=braintree' } });
beforeAll(() => ({ sandbox, t, target } = store));
jest.setTimeout(30_000);

async function fingerprintOf(shopper: Shopper): Promise<string> {
  const checkout = await t.http().get(`/data/braintree-checkout?basket_ref=${shopper.basket.reference}`).set(XHR).set('Cookie', shopper.cookie);
  return JSON.parse(Buffer.from(checkout.body.data.client_token, 'base64').toString('utf8')).authorizationFingerprint;
}

const orderOf = async (shopper: Shopper, number: string) => (await t.http().get(`/data/orders/${number}`).set(XHR).set('Cookie', shopper.cookie)).body.data.order;
const salesOf = async (orderNumber: string) => {
  const all = (await (await fetch(`${sandbox.url}/__sandbox/transactions`)).json()) as { id: string; type: string; orderId: string | null; status: string }[];
  return all.filter((sale) => sale.type === 'sale' && sale.orderId?.startsWith(`${orderNumber}-`));
};

describe("a bank debit's account on the order", () => {
  it('SEPA: the IBAN ending and the mandate reference the gateway holds, on the order and in the order list', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-eu', address: LISBON });
    const mandate = await sepaNonce(target, await fingerprintOf(shopper), { iban: 'DE89370400440532013000', countryCode: 'PT' });
    const placed = await payByCard(t, shopper, { token: mandate.nonce, payment_method_type: 'sepa', locale: 'en-eu' });
    expect(placed.body.success).toBe(true);
    const number = placed.body.data.order_number;
    expect(mandate.bankReferenceToken).toEqual(expect.any(String));
    const expected = { state: 'pending', released: false, method: 'sepa', account_last4: '3000', mandate_reference: mandate.bankReferenceToken, bank_name: null };
    expect((await orderOf(shopper, number)).bank_debit).toEqual(expected);
    const list = await t.http().get('/data/orders/').set(XHR).set('Cookie', shopper.cookie);
    expect(list.body.data.orders.find((order: { number: string }) => order.number === number).bank_debit).toEqual(expected);
  });

  it('ACH: the account number ending and the bank, and no mandate reference', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    const nonce = await usBankAccountNonce(target, await fingerprintOf(shopper), { accountNumber: '1000000000' });
    const placed = await payByCard(t, shopper, { token: nonce, payment_method_type: 'us-bank-account', locale: 'en-us' });
    expect(placed.body.success).toBe(true);
    expect((await orderOf(shopper, placed.body.data.order_number)).bank_debit).toEqual({
      state: 'pending',
      released: false,
      method: 'us-bank-account',
      account_last4: '0000',
      mandate_reference: null,
      bank_name: 'FEDERAL RESERVE BANK',
    });
  });

  it('the page cannot name the account: a PLACE_ORDER carrying account details is refused and charges nothing', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-eu', address: LISBON });
    const mandate = await sepaNonce(target, await fingerprintOf(shopper), { iban: 'DE89370400440532013000', countryCode: 'PT' });
    const before = (await (await fetch(`${sandbox.url}/__sandbox/transactions`)).json()) as unknown[];
    const placed = await payByCard(t, shopper, { token: mandate.nonce, payment_method_type: 'sepa', locale: 'en-eu', account_last4: '9999', mandate_reference: 'FORGED' });
    expect(placed.body).toMatchObject({ success: false, code: 100100 });
    expect((await (await fetch(`${sandbox.url}/__sandbox/transactions`)).json()) as unknown[]).toHaveLength(before.length);
  });

  it("a sale whose answer was lost: reconciliation finds it and records the account from the gateway's search", async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-eu', address: LISBON });
    const mandate = await sepaNonce(target, await fingerprintOf(shopper), { iban: 'NL91ABNA0417164300', countryCode: 'PT' });
    // The sale is made, but answers after the API stopped waiting (BRAINTREE_TIMEOUT_MS 1500).
    await fetch(`${sandbox.url}/__sandbox/force`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ delayMs: 3000 }) });
    const placed = await payByCard(t, shopper, { token: mandate.nonce, payment_method_type: 'sepa', locale: 'en-eu' });
    expect(placed.body).toMatchObject({ success: false, data: { order_number: expect.stringMatching(/^AFS-/), charged: 'unknown' } });
    const number = placed.body.data.order_number;
    expect((await orderOf(shopper, number)).bank_debit).toBeNull();
    await until('the delayed sale', async () => (await salesOf(number)).length === 1);
    await t.app.get(ReconcilePayments, { strict: false }).order(number);
    expect((await orderOf(shopper, number)).bank_debit).toEqual({
      state: 'pending',
      released: false,
      method: 'sepa',
      account_last4: '4300',
      mandate_reference: mandate.bankReferenceToken,
      bank_name: null,
    });
  });
});
