import { expect, test, type Page } from '@playwright/test';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the contract runs the sandbox in-process, from its sources
import { gatewayFor, startBraintreeSandbox, type RunningBraintreeSandbox } from '../../../payment-sandbox/src';
import { expectNoSeriousAxeViolations } from '../support';
import { guardMerchantPage, moduleScripts } from './provider-routing';
import { fillFields } from '../frame-fields';

// The contract of the Braintree sandbox's browser half: the real braintree-web 3.124.0 bundles, in
// Chromium, against the sandbox, with the provider's hostnames routed to it (the SDK's domain check
// untouched). Any request to another host is refused and fails the test.

const MODULES = ['client', 'hosted-fields', 'three-d-secure', 'data-collector', 'vault-manager'];
const NEXT_YEAR_BUT_TWO = String(new Date().getFullYear() + 3);

const MERCHANT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Merchant test page</title>
    <style>.field { height: 2.5rem; border: 1px solid #767676; margin: 0 0 1rem; }</style>
  </head>
  <body>
    <form>
      <label for="card-number">Card number</label><div id="card-number" class="field"></div>
      <label for="cvv">Security code</label><div id="cvv" class="field"></div>
      <label for="expiration-month">Expiry month</label><div id="expiration-month" class="field"></div>
      <label for="expiration-year">Expiry year</label><div id="expiration-year" class="field"></div>
      <label for="cardholder-name">Name on card</label><div id="cardholder-name" class="field"></div>
      <label for="expiration-date">Expiry date</label><div id="expiration-date" class="field"></div>
      <label for="postal-code">Postcode</label><div id="postal-code" class="field"></div>
    </form>
    ${moduleScripts(MODULES)}
  </body>
</html>`;

let sandbox: RunningBraintreeSandbox;

test.beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  const frameScript = await fetch(`${sandbox.url}/__sandbox/hosted-fields-frame.js`);
  expect(frameScript.status, 'the sandbox browser bundles are built (node tools/build.mjs)').toBe(200);
});
test.afterAll(async () => {
  await sandbox?.close();
});

/** A client token as the sandbox's gateway mints them (base64 JSON, an opaque fingerprint it knows). */
function clientToken(customerId: string | null = null): string {
  const { config, store } = sandbox.context;
  const fingerprint = `contract${Math.random().toString(36).slice(2)}`;
  store.state.clientTokens[fingerprint] = { fingerprint, customerId, merchantAccountId: null, createdAt: new Date().toISOString() };
  const clientApiUrl = `${config.clientApiOrigin}/merchants/${config.merchantId}/client_api`;
  const token = {
    version: 2,
    authorizationFingerprint: customerId ? `${fingerprint}?customer_id=${customerId}` : fingerprint,
    configUrl: `${clientApiUrl}/v1/configuration`,
    clientApiUrl,
    assetsUrl: config.assetsOrigin,
    environment: 'sandbox',
    merchantId: config.merchantId,
    threeDSecureEnabled: true,
  };
  return Buffer.from(JSON.stringify(token)).toString('base64');
}


guardMerchantPage(test, () => ({ sandboxUrl: sandbox.url, page: MERCHANT_PAGE, modules: MODULES, open: true }));

/** braintree.client.create, plus the 3-D Secure instance and its events, kept on window. */
async function createClient(page: Page, authorization: string): Promise<void> {
  await page.evaluate(async (token) => {
    const w = window as any;
    w.client = await w.braintree.client.create({ authorization: token });
    w.threeDSecure = await w.braintree.threeDSecure.create({ client: w.client, version: 2 });
    w.threeDSecureEvents = [];
    for (const name of ['customer-canceled', 'authentication-modal-render', 'authentication-modal-close']) w.threeDSecure.on(name, () => w.threeDSecureEvents.push(name));
  }, authorization);
}

const hostedField = (page: Page, name: string) => page.frameLocator(`iframe[name="braintree-hosted-field-${name}"]`);

const tokenizeError = (page: Page) =>
  page.evaluate(() =>
    (window as any).hostedFields.tokenize().then(
      () => null,
      (error: any) => ({ code: error.code, invalidFieldKeys: error.details?.invalidFieldKeys ?? null }),
    ),
  );

test('client.create and Hosted Fields: events from the frames, the real tokenization errors, then a nonce', async ({ page }) => {
  await createClient(page, clientToken());
  await page.evaluate(async () => {
    const w = window as any;
    w.hostedFields = await w.braintree.hostedFields.create({
      client: w.client,
      fields: {
        number: { container: '#card-number', placeholder: '4111 1111 1111 1111' },
        cvv: { container: '#cvv' },
        expirationMonth: { container: '#expiration-month', placeholder: 'MM' },
        expirationYear: { container: '#expiration-year', placeholder: 'YYYY' },
        cardholderName: { container: '#cardholder-name' },
      },
      styles: { input: { 'font-size': '16px', color: '#222' }, '.invalid': { color: 'crimson' } },
    });
    w.fieldEvents = [];
    w.hostedFields.on('binAvailable', (event: any) => w.fieldEvents.push({ type: 'binAvailable', bin: event.bin }));
    for (const type of ['focus', 'blur', 'empty', 'notEmpty', 'validityChange', 'cardTypeChange']) {
      w.hostedFields.on(type, (event: any) => {
        const { isEmpty, isValid, isPotentiallyValid, isFocused } = event.fields[event.emittedBy];
        w.fieldEvents.push({ type, emittedBy: event.emittedBy, cards: event.cards.map((card: any) => card.type), isEmpty, isValid, isPotentiallyValid, isFocused });
      });
    }
  });
  const fieldEvents = () => page.evaluate(() => (window as any).fieldEvents as any[]);

  const number = hostedField(page, 'number').getByLabel('Card number');
  await expect(number).toHaveAttribute('placeholder', '4111 1111 1111 1111');
  await expect(number).toHaveAttribute('autocomplete', 'cc-number');
  await expect(number).toHaveAttribute('inputmode', 'numeric');
  await expect(number).toHaveCSS('font-size', '16px');
  await expect(hostedField(page, 'expirationMonth').getByLabel('Expiration month')).toHaveAttribute('maxlength', '2');
  await expect(hostedField(page, 'cardholderName').getByLabel('Cardholder name')).toHaveAttribute('autocomplete', 'cc-name');
  expect(await tokenizeError(page)).toEqual({ code: 'HOSTED_FIELDS_FIELDS_EMPTY', invalidFieldKeys: null });

  // An Amex number: the card type becomes known and the security code is the 4-digit CID.
  await fillFields([{ input: number, value: '3782 822463 10005' }]);
  await expect(hostedField(page, 'cvv').getByLabel('CID')).toHaveAttribute('maxlength', '4');
  await expect(page.locator('#card-number')).toHaveClass(/braintree-hosted-fields-valid/);
  expect(await fieldEvents()).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ type: 'focus', emittedBy: 'number', isFocused: true }),
      expect.objectContaining({ type: 'notEmpty', emittedBy: 'number' }),
      expect.objectContaining({ type: 'cardTypeChange', emittedBy: 'number', cards: ['american-express'] }),
      expect.objectContaining({ type: 'validityChange', emittedBy: 'number', isValid: true }),
      { type: 'binAvailable', bin: '378282' },
    ]),
  );
  await expectNoSeriousAxeViolations(page);

  await fillFields([{ input: number, value: '4111 1111 1111 1112' }]);
  await expect(hostedField(page, 'cvv').getByLabel('CVV')).toHaveAttribute('maxlength', '3');
  expect((await fieldEvents()).filter((event) => event.type === 'validityChange').at(-1)).toMatchObject({ emittedBy: 'number', isValid: false });
  expect(await tokenizeError(page)).toEqual({
    code: 'HOSTED_FIELDS_FIELDS_INVALID',
    invalidFieldKeys: ['number', 'cvv', 'expirationMonth', 'expirationYear', 'cardholderName'],
  });

  await fillFields([
    { input: number, value: '4111 1111 1111 1111' },
    { input: hostedField(page, 'cvv').getByLabel('CVV'), value: '123' },
    { input: hostedField(page, 'expirationMonth').getByLabel('Expiration month'), value: '12' },
    { input: hostedField(page, 'expirationYear').getByLabel('Expiration year'), value: NEXT_YEAR_BUT_TWO },
    { input: hostedField(page, 'cardholderName').getByLabel('Cardholder name'), value: 'Ada Lovelace' },
  ]);
  const state = await page.evaluate(() => {
    const fields = (window as any).hostedFields.getState().fields;
    return Object.fromEntries(Object.entries(fields).map(([key, field]: [string, any]) => [key, field.isValid]));
  });
  expect(state).toEqual({ number: true, cvv: true, expirationMonth: true, expirationYear: true, cardholderName: true });

  const payload = await page.evaluate(() => (window as any).hostedFields.tokenize());
  expect(payload).toMatchObject({
    type: 'CreditCard',
    description: 'ending in 11',
    details: { cardType: 'Visa', lastFour: '1111', lastTwo: '11', bin: '411111', expirationMonth: '12', expirationYear: NEXT_YEAR_BUT_TWO, cardholderName: 'Ada Lovelace' },
    binData: { issuingBank: 'Unknown' },
  });
  expect(sandbox.context.store.state.nonces[payload.nonce].card).toMatchObject({ number: '4111111111111111', cvv: '123' });

  // The parent's per-field calls reach the frames.
  const seen = (await fieldEvents()).length;
  await page.evaluate(async () => {
    const hostedFields = (window as any).hostedFields;
    await hostedFields.setAttribute({ field: 'number', attribute: 'disabled', value: true });
    await hostedFields.clear('cvv');
  });
  await expect(number).toBeDisabled();
  await expect(hostedField(page, 'cvv').getByLabel('CVV')).toHaveValue('');
  await expect.poll(async () => (await fieldEvents()).slice(seen)).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'empty', emittedBy: 'cvv' })]));
});

test('Hosted Fields: an expiration date and postcode field, a prefill, and the real error for a failed CVV verification', async ({ page }) => {
  await createClient(page, clientToken('contract-vaulting-customer'));
  await page.evaluate(async () => {
    const w = window as any;
    w.hostedFields = await w.braintree.hostedFields.create({
      client: w.client,
      fields: {
        number: { container: '#card-number', prefill: '4111111111111111' },
        expirationDate: { container: '#expiration-date', placeholder: 'MM / YY' },
        cvv: { container: '#cvv', maskInput: true },
        postalCode: { container: '#postal-code' },
      },
    });
  });
  await expect(hostedField(page, 'cvv').getByLabel('CVV')).toHaveAttribute('type', 'password');
  await fillFields([
    { input: hostedField(page, 'expirationDate').getByLabel('Expiration date'), value: `11 / ${NEXT_YEAR_BUT_TWO.slice(2)}` },
    { input: hostedField(page, 'postalCode').getByLabel('Postal code'), value: 'NG1 1AA' },
  ]);
  // The documented CVV that does not match fails the verification a vaulting tokenization runs.
  await hostedField(page, 'cvv').getByLabel('CVV').fill('200');
  expect(await page.evaluate(() => (window as any).hostedFields.tokenize({ vault: true }).catch((error: any) => error.code))).toBe('HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED');

  await hostedField(page, 'cvv').getByLabel('CVV').fill('123');
  const payload = await page.evaluate(() => (window as any).hostedFields.tokenize({ vault: true }));
  expect(payload.details).toMatchObject({ lastFour: '1111', expirationMonth: '11', expirationYear: NEXT_YEAR_BUT_TWO });
  const nonce = sandbox.context.store.state.nonces[payload.nonce];
  expect(nonce.card.postalCode).toBe('NG1 1AA');
  expect(sandbox.context.store.state.paymentMethods[nonce.paymentMethodToken ?? '']).toMatchObject({ customerId: 'contract-vaulting-customer' });
});

/** Tokenizes through client.request (the same client API call the frames make). */
async function tokenize(page: Page, number: string): Promise<{ nonce: string; bin: string }> {
  return page.evaluate(async (cardNumber) => {
    const response = await (window as any).client.request({
      endpoint: 'payment_methods/credit_cards',
      method: 'post',
      data: { creditCard: { number: cardNumber, expirationDate: '12/2031', cvv: '123' } },
    });
    return { nonce: response.creditCards[0].nonce, bin: response.creditCards[0].details.bin };
  }, number);
}

/** Starts verifyCard; its outcome (payload or error code) is collected with verification(). */
async function startVerification(page: Page, card: { nonce: string; bin: string }): Promise<void> {
  await page.evaluate(({ nonce, bin }) => {
    const w = window as any;
    w.verification = w.threeDSecure
      .verifyCard({ amount: '10.00', nonce, bin, onLookupComplete: (_data: unknown, next: () => void) => next() })
      .then(
        (payload: any) => ({ nonce: payload.nonce, liabilityShifted: payload.liabilityShifted, liabilityShiftPossible: payload.liabilityShiftPossible, status: payload.threeDSecureInfo?.status }),
        (error: any) => ({ error: error.code }),
      );
  }, card);
}

const verification = (page: Page) => page.evaluate(() => (window as any).verification);
const challenge = (page: Page) => page.frameLocator('iframe[title="3-D Secure challenge"]');

test('3-D Secure 2: a frictionless card shifts liability at once, a lookup error does not', async ({ page }) => {
  await createClient(page, clientToken());
  const card = await tokenize(page, '4000000000001000');
  await startVerification(page, card);
  const result = await verification(page);
  expect(result).toEqual({ nonce: expect.any(String), liabilityShifted: true, liabilityShiftPossible: true, status: 'authenticate_successful' });
  expect(result.nonce).not.toBe(card.nonce);

  await startVerification(page, await tokenize(page, '4000000000001067'));
  expect(await verification(page)).toMatchObject({ liabilityShifted: false, liabilityShiftPossible: false, status: 'lookup_error' });
  expect(await page.evaluate(() => (window as any).threeDSecureEvents)).toEqual([]);
});

test('3-D Secure 2: a challenge completed in the dialog shifts liability', async ({ page }) => {
  await createClient(page, clientToken());
  await startVerification(page, await tokenize(page, '4000000000001091'));
  await expect(challenge(page).getByRole('heading', { name: 'Sandbox 3-D Secure challenge' })).toBeVisible();
  await expect(challenge(page).getByText('Amount: 10.00')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '3-D Secure challenge' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await challenge(page).getByRole('button', { name: 'Complete authentication' }).click();
  expect(await verification(page)).toMatchObject({ liabilityShifted: true, liabilityShiftPossible: true, status: 'authenticate_successful' });
  await expect(page.locator('iframe[title="3-D Secure challenge"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as any).threeDSecureEvents)).toEqual(['authentication-modal-render', 'authentication-modal-close']);
});

test('3-D Secure 2: a failed challenge resolves without liability shift, with the lookup nonce', async ({ page }) => {
  await createClient(page, clientToken());
  // The failing challenge card fails even when the cardholder completes the challenge.
  const failing = await tokenize(page, '4000000000001109');
  await startVerification(page, failing);
  await challenge(page).getByRole('button', { name: 'Complete authentication' }).click();
  const failed = await verification(page);
  expect(failed).toMatchObject({ liabilityShifted: false, liabilityShiftPossible: true, status: 'challenge_required' });
  expect(sandbox.context.store.state.nonces[failed.nonce].threeDSecureInfo?.status).toBe('authenticate_failed');

  // And a cardholder who fails the challenge of a card that could pass, on the same instance.
  await startVerification(page, await tokenize(page, '4000000000001091'));
  await challenge(page).getByRole('button', { name: 'Fail authentication' }).click();
  expect(await verification(page)).toMatchObject({ liabilityShifted: false, liabilityShiftPossible: true });
});

test('3-D Secure 2: a cancelled challenge emits customer-canceled and resolves without liability shift', async ({ page }) => {
  await createClient(page, clientToken());
  await startVerification(page, await tokenize(page, '4000000000001091'));
  await challenge(page).getByRole('button', { name: 'Cancel' }).click();
  expect(await verification(page)).toMatchObject({ liabilityShifted: false, liabilityShiftPossible: true });
  expect(await page.evaluate(() => (window as any).threeDSecureEvents)).toEqual(['authentication-modal-render', 'authentication-modal-close', 'customer-canceled']);
});

test('dataCollector.create resolves with device data', async ({ page }) => {
  await createClient(page, clientToken());
  const deviceData = await page.evaluate(async () => {
    const w = window as any;
    const collector = await w.braintree.dataCollector.create({ client: w.client });
    return collector.deviceData;
  });
  expect(JSON.parse(deviceData)).toEqual({ correlation_id: expect.stringMatching(/^[\w-]{32}$/) });
});

test('vaultManager.fetchPaymentMethods lists the saved cards of the token customer', async ({ page }) => {
  const now = new Date().toISOString();
  sandbox.context.store.state.paymentMethods['contract-card'] = {
    token: 'contract-card',
    customerId: 'contract-customer',
    card: { number: '5555555555554444', bin: '555555', last4: '4444', cardType: 'MasterCard', expirationMonth: '04', expirationYear: '2032', cardholderName: 'Grace Hopper', cvv: null, postalCode: null, uniqueNumberIdentifier: 'contract' },
    isDefault: true,
    createdAt: now,
    updatedAt: now,
  };
  await createClient(page, clientToken('contract-customer'));
  const methods = await page.evaluate(async () => {
    const w = window as any;
    const vaultManager = await w.braintree.vaultManager.create({ client: w.client });
    return vaultManager.fetchPaymentMethods({ defaultFirst: true });
  });
  expect(methods).toEqual([
    expect.objectContaining({ nonce: expect.any(String), default: true, type: 'CreditCard', description: 'ending in 44', details: expect.objectContaining({ cardType: 'MasterCard', lastFour: '4444' }) }),
  ]);
  expect(sandbox.context.store.state.nonces[methods[0].nonce].paymentMethodToken).toBe('contract-card');
});

test("Hosted Fields with only { cvv }: the frame's CVV-only checks, then a nonce carrying the code alone that pays with a saved card's token", async ({ page }) => {
  const now = new Date().toISOString();
  sandbox.context.store.state.paymentMethods['contract-cvv-card'] = {
    token: 'contract-cvv-card',
    customerId: 'contract-cvv-customer',
    card: { number: '378282246310005', bin: '378282', last4: '0005', cardType: 'American Express', expirationMonth: '04', expirationYear: '2032', cardholderName: null, cvv: null, postalCode: null, uniqueNumberIdentifier: 'contract-cvv' },
    isDefault: true,
    createdAt: now,
    updatedAt: now,
  };
  await createClient(page, clientToken('contract-cvv-customer'));
  // An American Express card's code: the page asks for four digits (minlength and maxlength), as for a CVV-only verification.
  await page.evaluate(async () => {
    const w = window as any;
    w.hostedFields = await w.braintree.hostedFields.create({
      client: w.client,
      fields: { cvv: { container: '#cvv', placeholder: '1234', minlength: 4, maxlength: 4, internalLabel: 'Security code' } },
    });
  });
  const code = hostedField(page, 'cvv').getByLabel('Security code');
  await expect(code).toHaveAttribute('maxlength', '4');
  await expect(code).toHaveAttribute('autocomplete', 'cc-csc');
  expect(await tokenizeError(page)).toEqual({ code: 'HOSTED_FIELDS_FIELDS_EMPTY', invalidFieldKeys: null });
  // Three digits are a code for other brands, not this one's.
  await fillFields([{ input: code, value: '123' }]);
  expect(await tokenizeError(page)).toEqual({ code: 'HOSTED_FIELDS_FIELDS_INVALID', invalidFieldKeys: ['cvv'] });
  await expectNoSeriousAxeViolations(page);

  await fillFields([{ input: code, value: '1234' }]);
  const payload = await page.evaluate(() => (window as any).hostedFields.tokenize());
  expect(payload).toMatchObject({ type: 'CreditCard', description: '', details: { lastFour: '', cardType: 'Unknown' } });
  const nonce = sandbox.context.store.state.nonces[payload.nonce];
  expect(nonce).toMatchObject({ cvvOnly: true, consumed: false, card: { number: '', cvv: '1234' }, paymentMethodToken: null });

  // The server pairs it with the saved card's token: that card is charged, with this code.
  const sale = await gatewayFor(sandbox).transaction.sale({ amount: '10.00', paymentMethodToken: 'contract-cvv-card', paymentMethodNonce: payload.nonce });
  expect(sale.success).toBe(true);
  expect(sale.transaction).toMatchObject({ cvvResponseCode: 'M', creditCard: expect.objectContaining({ token: 'contract-cvv-card', last4: '0005' }) });
});
