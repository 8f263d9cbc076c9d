import { expect, sandboxControl, shopperAtPayment, test } from './card-gateway';

// Runs against the second store: Google Pay is disabled for UK billing (BRAINTREE_DISABLED_GOOGLE_PAY_COUNTRIES=GB).

test('a disabled country hides its wallet, and PayPal moves first when the shopper prefers it', async ({ page, sandboxUrl }) => {
  await sandboxControl(page.request, '/__sandbox/preferred', { paypalPreferred: true }, sandboxUrl);
  try {
    await shopperAtPayment(page);
    await page.goto('/en-gb/checkout/');
    const methods = page.locator('section[data-section="payment-details"]').getByRole('group', { name: 'Choose your payment method' });
    await expect(methods.getByRole('radio', { name: 'PayPal' })).toBeVisible({ timeout: 15_000 });
    const names = await methods.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.parentElement?.textContent?.trim()));
    // Masterpass and Visa Checkout are switched on in this store (off by default) and are offered to UK shoppers too.
    expect(names).toEqual(['PayPal', 'Credit/debit card', 'Masterpass', 'Visa Checkout']);
    await expect(methods.getByRole('radio', { name: 'Google Pay' })).toHaveCount(0);
    // A preferred PayPal is listed first, but the card stays the choice the section opens on.
    await expect(methods.getByRole('radio', { name: 'Credit/debit card' })).toBeChecked();
  } finally {
    await sandboxControl(page.request, '/__sandbox/preferred', { paypalPreferred: false }, sandboxUrl);
  }
});
