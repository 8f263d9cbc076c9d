import braintree from 'braintree';
import { errorCodes, sandboxOnly } from './target';
import { useContractTarget } from './suite';

/**
 * The documented static test nonces (the server SDKs' `Test::Nonce` constants): what
 * `paymentMethodNonce.find` says of each, and what a sale with each does. As the testing reference
 * says, the amount decides a transaction and the nonce a verification: the processor-declined
 * nonces sell.
 */

const { target, gateway } = useContractTarget();

const sale = (paymentMethodNonce: string, amount = '10.00', extra: Partial<braintree.TransactionRequest> = {}) => gateway.transaction.sale({ amount, paymentMethodNonce, ...extra });

describe('card nonces', () => {
  it.each([
    ['fake-valid-nonce', 'Visa', '411111'],
    ['fake-valid-visa-nonce', 'Visa', '411111'],
    ['fake-valid-mastercard-nonce', 'MasterCard', '555555'],
    ['fake-valid-amex-nonce', 'American Express', '378282'],
    ['fake-valid-discover-nonce', 'Discover', '601111'],
    ['fake-valid-jcb-nonce', 'JCB', '353011'],
    ['fake-valid-maestro-nonce', 'Maestro', '630400'],
    ['fake-valid-dinersclub-nonce', 'Diners Club', '362596'],
  ])('%s is a %s card that sells, and stays usable', async (nonce, cardType) => {
    const found = await gateway.paymentMethodNonce.find(nonce);
    expect(found).toMatchObject({ nonce, type: 'CreditCard', details: expect.objectContaining({ cardType }) });
    for (let time = 0; time < 2; time++) {
      const result = await sale(nonce);
      expect(result.success).toBe(true);
      expect(result.transaction).toMatchObject({ status: 'authorized', paymentInstrumentType: 'credit_card', creditCard: expect.objectContaining({ cardType }) });
    }
  });

  it.each(['fake-processor-declined-visa-nonce', 'fake-processor-declined-mastercard-nonce', 'fake-processor-declined-amex-nonce', 'fake-processor-declined-discover-nonce', 'fake-processor-failure-jcb-nonce'])(
    '%s fails verifications only: a sale follows its amount',
    async (nonce) => {
      expect((await sale(nonce)).transaction.status).toBe('authorized');
      expect((await sale(nonce, '2000.00')).transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2000' });
    },
  );

  it('the amount decides a static nonce\'s sale (2001.00 Insufficient Funds, 3000.00 failed)', async () => {
    expect((await sale('fake-valid-nonce', '2001.00')).transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2001', processorResponseText: 'Insufficient Funds' });
    expect((await sale('fake-valid-visa-nonce', '3000.00')).transaction).toMatchObject({ status: 'failed', processorResponseCode: '3000' });
  });

  it('refuses the consumed nonce (91564) and the Luhn-invalid nonce (81715 on the card number)', async () => {
    expect(errorCodes(await sale('fake-consumed-nonce'))).toEqual(['91564']);
    const luhn = await sale('fake-luhn-invalid-nonce');
    expect(luhn.success).toBe(false);
    // The SDK answers every error on the attribute (its typings say one).
    const onNumber = luhn.errors.for('transaction')?.for('creditCard')?.on('number') as unknown as readonly { code: string }[] | undefined;
    expect(onNumber?.map((error) => error.code)).toEqual(['81715']);
  });

  // Fraud and risk rejections need the account's fraud tools (Kount) on: the provider's default
  // sandbox account may authorize these; the sandbox's account has them on.
  sandboxOnly('the fraud and risk threshold nonces are gateway rejected before the processor', async () => {
    expect((await sale('fake-gateway-rejected-fraud-nonce')).transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'fraud' });
    expect((await sale('fake-gateway-rejected-risk-thresholds-nonce')).transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'risk_threshold' });
  });
});

describe('wallet and account nonces', () => {
  it('the PayPal one-time and billing agreement nonces pay with PayPal', async () => {
    for (const nonce of ['fake-paypal-one-time-nonce', 'fake-paypal-billing-agreement-nonce']) {
      expect(await gateway.paymentMethodNonce.find(nonce)).toMatchObject({ type: 'PayPalAccount' });
      const result = await sale(nonce);
      expect(result.transaction).toMatchObject({ status: 'authorized', paymentInstrumentType: 'paypal_account' });
      expect(result.transaction.paypalAccount?.payerEmail).toEqual(expect.stringContaining('@'));
    }
  });

  it.each([
    ['fake-apple-pay-visa-nonce', 'ApplePayCard', 'apple_pay_card'],
    ['fake-apple-pay-mastercard-nonce', 'ApplePayCard', 'apple_pay_card'],
    ['fake-apple-pay-amex-nonce', 'ApplePayCard', 'apple_pay_card'],
    ['fake-android-pay-visa-nonce', 'AndroidPayCard', 'android_pay_card'],
    ['fake-android-pay-mastercard-nonce', 'AndroidPayCard', 'android_pay_card'],
    ['fake-android-pay-amex-nonce', 'AndroidPayCard', 'android_pay_card'],
    ['fake-android-pay-discover-nonce', 'AndroidPayCard', 'android_pay_card'],
  ])('%s is an %s that sells as %s', async (nonce, type, instrument) => {
    expect(await gateway.paymentMethodNonce.find(nonce)).toMatchObject({ nonce, type });
    expect((await sale(nonce)).transaction).toMatchObject({ status: 'authorized', paymentInstrumentType: instrument });
  });

  it('the Venmo, Visa Checkout, SEPA and US bank account nonces name their kinds', async () => {
    expect(await gateway.paymentMethodNonce.find('fake-venmo-account-nonce')).toMatchObject({ type: 'VenmoAccount', details: expect.objectContaining({ username: 'venmojoe', venmoUserId: '1234567891234567891' }) });
    expect(await gateway.paymentMethodNonce.find('fake-visa-checkout-visa-nonce')).toMatchObject({ type: 'VisaCheckoutCard' });
    expect(await gateway.paymentMethodNonce.find('fake-sepa-direct-debit-nonce')).toMatchObject({ type: 'SepaDebitAccount' });
    expect(await gateway.paymentMethodNonce.find('fake-us-bank-account-nonce')).toMatchObject({ type: 'UsBankAccount' });
  });

  it('the SEPA nonce pays in euros, the US bank account nonce in dollars', async () => {
    const euros = target.merchantAccountFor('EUR');
    const dollars = target.merchantAccountFor('USD');
    if (euros) expect((await sale('fake-sepa-direct-debit-nonce', '10.00', { merchantAccountId: euros })).transaction).toMatchObject({ paymentInstrumentType: 'sepa_debit_account' });
    if (dollars) expect((await sale('fake-us-bank-account-nonce', '10.00', { merchantAccountId: dollars })).transaction).toMatchObject({ paymentInstrumentType: 'us_bank_account' });
  });
});

describe('an unknown nonce', () => {
  it('is not found, and a sale with it is 91565', async () => {
    await expect(gateway.paymentMethodNonce.find('fake-no-such-nonce')).rejects.toMatchObject({ type: 'notFoundError' });
    expect(errorCodes(await sale('fake-no-such-nonce'))).toEqual(['91565']);
  });
});
