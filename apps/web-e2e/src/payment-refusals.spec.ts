import { createAccount, uniqueEmail } from './support';
import { enterCard, expect, shopperAtPayment, test } from './card-gateway';

// A refusal with its own words (spec 2 §8), met in Chromium through the real braintree-web, the
// real API and its braintree SDK adapter, against the local Braintree sandbox.

test('an email the card gateway will not take: saving the card is refused with its reason, and the card pays unsaved', async ({ page }) => {
  // An internationalised domain: a good address for the store and its mail, not for the gateway's customer record.
  await createAccount(page.request, { email: uniqueEmail('zoe').replace('@example.com', '@bücher.example'), firstName: 'Zoe', lastName: 'Card' });
  await shopperAtPayment(page, { signedIn: true });
  await page.goto('/en-gb/checkout/');
  const payment = page.locator('section[data-section="payment-details"]');
  await expect(payment).toHaveAttribute('data-state', 'active');
  await expect(page.locator('iframe[name="braintree-hosted-field-number"]')).toBeAttached();

  await enterCard(page, { number: '4111111111111111' });
  await payment.getByRole('checkbox', { name: 'Save this card for next time' }).check();
  const supply = payment.getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
  await supply.focus();
  await page.keyboard.press('Space');
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  await expect(
    page.getByText('Your email address is not supported by our payment provider, so we cannot save your payment details. Please pay without saving them.'),
  ).toBeVisible();
  await expect(payment.getByTestId('charge-note')).toHaveText('You have not been charged, so it is safe to try again.');

  await enterCard(page, { number: '4111111111111111' });
  await payment.getByRole('checkbox', { name: 'Save this card for next time' }).uncheck();
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  await expect(page).toHaveURL(/\/en-gb\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
});
