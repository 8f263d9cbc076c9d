import { expectNoSeriousAxeViolations } from './support';
import { bankApp, chooseLocalMethod, expect, INVOICE_STORE, shopperBilledIn, startedPaymentId, startLocalPaymentCall, test } from './local-payments';

// Pay upon invoice (spec 3 §1, §5) in Chromium through the real API and braintree-web's
// local-payment module. It is offered only where the card gateway takes German euro baskets; the
// main e2e store sends German billing to the merchant of record, so this runs on the configured
// store, whose rules send euros to the card gateway (playwright.config.ts).

test.describe.configure({ timeout: 90_000 });

test.describe('Pay upon invoice', () => {
  test.beforeEach(async ({ page }) => {
    const shopper = await shopperBilledIn(page, INVOICE_STORE);
    expect(shopper.gateway).toBe('braintree');
  });

  test("each detail it needs is asked and checked at its field, then the order waits for Ratepay's invoice and is paid by the webhook", async ({ page, sandboxUrl }) => {
    const section = await chooseLocalMethod(page, INVOICE_STORE);
    const birthDate = section.getByLabel('Date of birth');
    const number = section.getByLabel('Phone number');
    await section.getByRole('button', { name: 'Pay upon invoice' }).click();
    await expect(birthDate).toHaveAccessibleDescription(/Enter your date of birth\./);
    await expect(number).toHaveAccessibleDescription(/Enter your mobile phone number\./);
    await expect(birthDate).toBeFocused();
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    await birthDate.fill(young.toISOString().slice(0, 10));
    await section.getByRole('button', { name: 'Pay upon invoice' }).click();
    await expect(birthDate).toHaveAccessibleDescription(/for customers aged 18 or over/);
    await expectNoSeriousAxeViolations(page);

    await birthDate.fill('1990-05-17');
    await number.fill('30 1234567');
    const started = startLocalPaymentCall(page);
    await section.getByRole('button', { name: 'Pay upon invoice' }).click();
    const paymentId = startedPaymentId(await started);
    await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your payment' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('The invoice, with how to pay it, comes by email.')).toBeVisible();
    await bankApp(page.request, sandboxUrl, paymentId, 'approve');
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 40_000 });
  });

  test('left to expire: the order page says so', async ({ page, sandboxUrl }) => {
    const section = await chooseLocalMethod(page, INVOICE_STORE);
    await section.getByLabel('Date of birth').fill('1990-05-17');
    await section.getByLabel('Phone number').fill('301234567');
    const started = startLocalPaymentCall(page);
    await section.getByRole('button', { name: 'Pay upon invoice' }).click();
    const paymentId = startedPaymentId(await started);
    await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your payment' })).toBeVisible({ timeout: 20_000 });
    await bankApp(page.request, sandboxUrl, paymentId, 'expire');
    await expect(page.getByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeVisible({ timeout: 40_000 });
  });
});