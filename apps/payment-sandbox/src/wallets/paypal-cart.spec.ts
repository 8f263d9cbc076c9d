import { startBraintreeSandbox, type RunningBraintreeSandbox } from '../index';
import { checkCart, PAYPAL_ISSUES } from './paypal-cart';
import { at, clientApi, paypalOrder, type WalletFlowTarget } from './wallet-flows';

// PayPal's cart rules (createPayment's lineItems and amountBreakdown, updatePayment's patch) and
// Pay Later's financing, over HTTP as braintree-web's paypal-checkout sends them.
const json = (value: unknown): any => value;

let sandbox: RunningBraintreeSandbox;
let target: WalletFlowTarget;

beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  target = { url: sandbox.url, merchantId: sandbox.config.merchantId };
});
afterAll(() => sandbox.close());

function fingerprint(customerId: string | null = null): string {
  const value = `fp${Math.random().toString(36).slice(2)}`;
  sandbox.context.store.state.clientTokens[value] = { fingerprint: value, customerId, merchantAccountId: null, createdAt: new Date().toISOString() };
  return value;
}

const item = (name: string, quantity: string, unitAmount: string, extra: object = {}) => ({ name, quantity, unitAmount, kind: 'debit', ...extra });
const createPayment = (fp: string, body: object) =>
  clientApi(target, fp, 'paypal_hermes/create_payment_resource', { amount: '35.98', currencyIsoCode: 'GBP', intent: 'sale', offerPaypalCredit: false, ...body });
const tokenOf = (created: { body: unknown }) => new URL(String(at(created.body, 'paymentResource', 'redirectUrl'))).searchParams.get('token') ?? '';

describe('PayPal cart checks', () => {
  const cart = { lineItems: [item('Photo Workbook', '2', '12.99'), item('Sketch Pad', '1', '15.00')], amountBreakdown: { itemTotal: '40.98', discount: '5.00' } };

  it('keeps line items and a breakdown that add up, and shows them on the approval page', async () => {
    const created = await createPayment(fingerprint(), cart);
    expect(created.status).toBe(201);
    const order = (await paypalOrder(target, tokenOf(created))).body;
    expect(order).toMatchObject({ amount: '35.98', lineItems: cart.lineItems, amountBreakdown: { itemTotal: '40.98', discount: '5.00' }, updates: 0 });
  });

  it.each([
    ['an item total that is not the items', { ...cart, amountBreakdown: { itemTotal: '41.00', discount: '5.02' } }, 'ITEM_TOTAL_MISMATCH'],
    ['a breakdown that is not the amount', { ...cart, amountBreakdown: { itemTotal: '40.98', discount: '4.99' } }, 'AMOUNT_MISMATCH'],
    ['item tax that is not the tax total', { lineItems: [item('Photo Workbook', '2', '12.99', { unitTaxAmount: '2.60' })], amountBreakdown: { itemTotal: '25.98', taxTotal: '5.00' }, amount: '30.98' }, 'TAX_TOTAL_MISMATCH'],
    ['items alone that are not the amount', { lineItems: [item('Photo Workbook', '2', '12.99')] }, 'AMOUNT_MISMATCH'],
    ['three decimals', { lineItems: [item('Photo Workbook', '1', '35.980')] }, 'DECIMAL_PRECISION'],
    ['a zero unit amount', { lineItems: [item('Free thing', '1', '0.00')] }, 'CANNOT_BE_ZERO_OR_NEGATIVE'],
    ['a fractional quantity', { lineItems: [item('Photo Workbook', '1.5', '12.99')] }, 'INVALID_PARAMETER_VALUE'],
    ['shipping priced in another currency', { shippingOptions: [{ id: 'post', label: 'Post', selected: true, type: 'SHIPPING', amount: { currency: 'EUR', value: '0.00' } }] }, 'CURRENCY_MISMATCH'],
  ])('refuses %s with PayPal’s issue', async (_what, body, issue) => {
    const refused = await createPayment(fingerprint(), body);
    expect(refused.status).toBe(422);
    expect(json(refused.body).issues[0]).toMatchObject({ issue, description: PAYPAL_ISSUES[issue as keyof typeof PAYPAL_ISSUES] });
    expect(json(refused.body).error.message).toBe(`${issue}: ${PAYPAL_ISSUES[issue as keyof typeof PAYPAL_ISSUES]}`);
  });

  it('counts a zero-decimal currency in whole units and refuses decimals in it', () => {
    expect(checkCart({ lineItems: [item('Photo Workbook', '2', '1300')], amountBreakdown: { itemTotal: '2600', discount: '100' } }, 'JPY', '2500')).toMatchObject({ amount: '2500' });
    expect(checkCart({ lineItems: [item('Photo Workbook', '1', '1300.50')] }, 'jpy', '1300.50')).toEqual({ issue: 'DECIMALS_NOT_SUPPORTED', field: 'amount' });
  });

  it('takes credit items off the item total', () => {
    const body = { lineItems: [item('Photo Workbook', '1', '20.00'), item('Trade-in', '1', '5.00', { kind: 'credit' })], amountBreakdown: { itemTotal: '15.00' } };
    expect(checkCart(body, 'GBP', '15.00')).toMatchObject({ amount: '15.00' });
  });
});

describe('updatePayment (patch_payment_resource)', () => {
  const patch = (fp: string, body: Record<string, unknown>) => clientApi(target, fp, 'paypal_hermes/patch_payment_resource', body);

  it('changes an approved payment’s amount and cart before tokenization; the tokenized one no longer changes', async () => {
    const fp = fingerprint('patch-customer');
    const created = await createPayment(fp, { amount: '12.99', lineItems: [item('Photo Workbook', '1', '12.99')], amountBreakdown: { itemTotal: '12.99' } });
    const token = tokenOf(created);
    const paymentId = String(at(created.body, 'paymentResource', 'paymentToken'));
    const approved = (await paypalOrder(target, token, 'approve')).body;

    const patched = await patch(fp, { paymentId, currencyIsoCode: 'gbp', amount: '25.98', lineItems: [item('Photo Workbook', '2', '12.99')], amountBreakdown: { itemTotal: '25.98' } });
    expect(patched.status).toBe(200);
    expect((await paypalOrder(target, token)).body).toMatchObject({ amount: '25.98', lineItems: [{ quantity: '2' }], updates: 1, status: 'approved' });

    const mismatch = await patch(fp, { paymentId, currencyIsoCode: 'GBP', amount: '30.00', lineItems: [item('Photo Workbook', '2', '12.99')], amountBreakdown: { itemTotal: '25.98' } });
    expect(json(mismatch.body).issues[0].issue).toBe('AMOUNT_MISMATCH');
    expect((await patch(fp, { paymentId, currencyIsoCode: 'EUR', amount: '25.98' })).status).toBe(422);
    expect((await paypalOrder(target, token)).body).toMatchObject({ amount: '25.98' });

    const tokenized = await clientApi(target, fp, 'payment_methods/paypal_accounts', { paypalAccount: { correlationId: token, paymentToken: paymentId, payerId: approved.payerID, intent: 'sale', options: { validate: false } } });
    expect(tokenized.status).toBe(201);
    const late = await patch(fp, { paymentId, currencyIsoCode: 'GBP', amount: '12.99' });
    expect(json(late.body).issues[0].issue).toBe('ORDER_ALREADY_COMPLETED');
  });

  it('refuses a payment it does not know, or another customer’s', async () => {
    const created = await createPayment(fingerprint('owner'), { amount: '12.99' });
    const paymentId = String(at(created.body, 'paymentResource', 'paymentToken'));
    expect((await patch(fingerprint('someone-else'), { paymentId, currencyIsoCode: 'GBP', amount: '1.00' })).status).toBe(422);
    expect((await patch(fingerprint(), { paymentId: 'PAYID-NOPE', currencyIsoCode: 'GBP', amount: '1.00' })).status).toBe(422);
  });
});

describe('Pay Later and PayPal Credit', () => {
  it('gives the nonce the financing the payer accepted with the Pay Later button', async () => {
    const fp = fingerprint();
    const created = await createPayment(fp, { amount: '60.00' });
    const token = tokenOf(created);
    const approved = (await paypalOrder(target, token, 'approve', 'paylater')).body;
    expect(approved.paymentSource).toBe('paylater');
    const tokenized = await clientApi(target, fp, 'payment_methods/paypal_accounts', { paypalAccount: { correlationId: token, paymentToken: approved.paymentID, payerId: approved.payerID } });
    expect(json(tokenized.body).paypalAccounts[0].details.creditFinancingOffered).toEqual({
      totalCost: { value: '60.00', currency: 'GBP' },
      term: 3,
      monthlyPayment: { value: '20.00', currency: 'GBP' },
      totalInterest: { value: '0.00', currency: 'GBP' },
      payerAcceptance: true,
      cartAmountImmutable: false,
    });
  });

  it('gives none for the PayPal button, and refuses Pay Later for a billing agreement', async () => {
    const fp = fingerprint();
    const created = await createPayment(fp, { amount: '60.00', offerPaypalCredit: true });
    const token = tokenOf(created);
    expect((await paypalOrder(target, token)).body).toMatchObject({ offerCredit: true });
    const approved = (await paypalOrder(target, token, 'approve')).body;
    const tokenized = await clientApi(target, fp, 'payment_methods/paypal_accounts', { paypalAccount: { correlationId: token, paymentToken: approved.paymentID, payerId: approved.payerID } });
    expect(json(tokenized.body).paypalAccounts[0].details).not.toHaveProperty('creditFinancingOffered');

    const agreement = json((await clientApi(target, fp, 'paypal_hermes/setup_billing_agreement', { description: 'x' })).body).agreementSetup.tokenId;
    expect((await paypalOrder(target, agreement, 'approve', 'paylater')).status).toBe(422);
  });
});
