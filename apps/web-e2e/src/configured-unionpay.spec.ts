import { agreeToImmediateSupply, enterCard, expect, expectConfirmation, openPayment, shopperAtPayment, test } from './card-gateway';
import { expectNoSeriousAxeViolations } from './support';

// Runs against the second store, where UnionPay's SMS enrollment is on (BRAINTREE_UNIONPAY). The
// sandbox's UnionPay cards (README): 1265 needs the SMS code 111111, 1273 needs no code, and 1232 is
// not taken by UnionPay's own rails, so it pays as any card.

const WRONG_CODE = 'That SMS code is not right, so you have not been charged. Please check the code UnionPay sent to your phone and try again.';

async function payWithUnionPay(page: Parameters<typeof openPayment>[0], number: string) {
  await shopperAtPayment(page);
  const payment = await openPayment(page);
  await enterCard(page, { number });
  await agreeToImmediateSupply(page);
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  return payment;
}

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 720 } });

  test('a card that needs its SMS code: the mobile number, a wrong code said so, then the right code pays', async ({ page }) => {
    const payment = await payWithUnionPay(page, '6212 3456 7890 1265');
    const check = payment.getByRole('group', { name: 'UnionPay SMS check' });
    await expect(check.getByLabel('Mobile country code')).toBeFocused();
    await expect(check.getByLabel('Mobile country code')).toHaveValue('86');
    await page.keyboard.press('Tab');
    await page.keyboard.type('13800138000');
    await expect(check.getByLabel('Mobile number')).toHaveValue('13800138000');
    await expectNoSeriousAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await check.getByRole('button', { name: 'Send the code' }).click();

    const code = check.getByLabel('SMS code');
    await expect(code).toBeFocused();
    await expect(check.getByText('UnionPay sent a code to +86 13800138000')).toBeVisible();
    await page.keyboard.type('222222');
    await payment.getByRole('button', { name: 'Pay with card' }).click();
    await expect(check.getByText(WRONG_CODE)).toBeVisible();
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('aria-invalid', 'true');

    await page.keyboard.type('111111');
    await payment.getByRole('button', { name: 'Pay with card' }).click();
    await expectConfirmation(page);
  });
});

test('three wrong codes spend the enrollment: the shopper enrols again and pays', async ({ page }) => {
  const payment = await payWithUnionPay(page, '6212 3456 7890 1265');
  const check = payment.getByRole('group', { name: 'UnionPay SMS check' });
  await check.getByLabel('Mobile number').fill('13800138000');
  await check.getByRole('button', { name: 'Send the code' }).click();
  for (let attempt = 0; attempt < 3; attempt++) {
    await check.getByLabel('SMS code').fill('222222');
    await payment.getByRole('button', { name: 'Pay with card' }).click();
    await expect(check.getByText(WRONG_CODE)).toBeVisible();
  }
  await expect(check.getByLabel('Mobile country code')).toBeFocused();
  await check.getByRole('button', { name: 'Send the code' }).click();
  await check.getByLabel('SMS code').fill('111111');
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  await expectConfirmation(page);
});

test('a card that needs no code pays once enrolled', async ({ page }) => {
  const payment = await payWithUnionPay(page, '6212 3456 7890 1273');
  const check = payment.getByRole('group', { name: 'UnionPay SMS check' });
  await check.getByLabel('Mobile number').fill('13800138000');
  await check.getByRole('button', { name: 'Send the code' }).click();
  await expectConfirmation(page);
});

test('a UnionPay card that pays through the card rails pays as any card, with no enrollment asked', async ({ page }) => {
  const payment = await payWithUnionPay(page, '6212 3456 7890 1232');
  await expectConfirmation(page);
  await expect(payment.getByRole('group', { name: 'UnionPay SMS check' })).toHaveCount(0);
});
