import { expect, test, type Page } from '@playwright/test';
import { acceptAnalytics, addToBasket, createAccount, dataLayerEvents, expectNoSeriousAxeViolations, uniqueEmail } from './support';


async function basketWith(page: Page, suite: string) {
  await page.goto('/en-gb/');
  await page.getByRole('article', { name: suite, exact: true }).getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('link', { name: /Basket \([1-9]/ })).toBeVisible();
  await page.goto('/en-gb/checkout/');
}

async function captureEmail(page: Page, email: string) {
  const account = page.locator('section[data-section="account"]');
  await account.getByRole('tab', { name: 'New customer' }).click();
  await account.getByLabel('Email address').fill(email);
  await account.getByRole('button', { name: 'Continue' }).click();
}

for (const [type, extra] of [
  ['Personal', async () => undefined],
  [
    'Business',
    async (form: ReturnType<Page['locator']>) => {
      await form.getByLabel('Company name').fill('Serif (Europe) Ltd');
      await form.getByLabel('Business sector').selectOption({ label: 'Design or creative agency' });
    },
  ],
  [
    'Education',
    async (form: ReturnType<Page['locator']>) => {
      await form.getByLabel('Institution name').fill('University of Nottingham');
      await form.getByLabel('Institution type').selectOption({ label: 'University or college' });
    },
  ],
] as const) {
  test(`a new shopper creates a ${type.toLowerCase()} account`, async ({ page }) => {
    const email = uniqueEmail(type.toLowerCase());
    if (type === 'Personal') await acceptAnalytics(page.request);
    await basketWith(page, 'Affinity Photo 2');
    await captureEmail(page, email);

    const form = page.getByRole('form', { name: 'Create your account' });
    await expect(form).toContainText(email);
    await form.getByRole('radio', { name: type }).check();
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Lovelace');
    await extra(form);
    await form.getByLabel('Password').fill('analytical engine 1843');
    await form.getByRole('radio', { name: 'No thanks' }).check();
    await form.getByLabel('I agree to the terms and conditions').check();
    if (type === 'Personal') await expectNoSeriousAxeViolations(page);
    await form.getByRole('button', { name: 'Create account' }).click();

    const account = page.locator('section[data-section="account"]');
    await expect(account).toContainText(`Signed in as ${email}`);
    const details = page.locator('section[data-section="account-details"]');
    await expect(details).toContainText('Ada Lovelace');
    await expect(details).toContainText(`${type} account`);
    await expect(page.locator('section[data-section="billing-address"]')).toHaveAttribute('data-state', 'active');
    // With consent, creating the account sent begin_checkout (spec 1 §4); without it nothing at all.
    expect(await dataLayerEvents(page)).toEqual(type === 'Personal' ? ['view_cart', 'begin_checkout'] : null);

    // Signed in for real: a reload finds the session; signing out ends it and takes the customer's
    // basket out of this browser, so the next person here neither sees nor edits it.
    await page.reload();
    await expect(account).toContainText(`Signed in as ${email}`);
    await account.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Your basket is empty', level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your basket is empty', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Basket (0)' })).toBeVisible();
  });
}

test('the account form refuses bad input with the spec messages before calling the server', async ({ page }) => {
  await basketWith(page, 'Affinity Photo 2');
  await captureEmail(page, uniqueEmail('invalid'));
  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('First name').fill('Ada!');
  await form.getByLabel('Password').fill('abc');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Field contains invalid characters')).toBeVisible();
  await expect(form.getByText('Last name is required')).toBeVisible();
  await expect(form.getByText('Your password must be at least six characters')).toBeVisible();
  await expect(form.getByText('Choose a marketing preference')).toBeVisible();
  await expect(form.getByText('You must agree to the terms and conditions before you can continue')).toBeVisible();
  await expect(form.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
});

for (const locale of ['en-gb', 'en-us', 'en-eu', 'en-pl']) {
  test(`the marketing choice starts unmade in ${locale}: consent is asked for, never assumed`, async ({ page }) => {
    await addToBasket(page.request, locale, ['photo-2']);
    await page.goto(`/${locale}/checkout/`);
    await captureEmail(page, uniqueEmail('marketing'));
    const form = page.getByRole('form', { name: 'Create your account' });
    const choice = form.getByRole('group', { name: 'Would you like news and offers by email?' });
    await expect(choice.getByRole('radio', { name: 'Yes please' })).not.toBeChecked();
    await expect(choice.getByRole('radio', { name: 'No thanks' })).not.toBeChecked();
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(choice.getByText('Choose a marketing preference')).toBeVisible();
    await expect(choice.getByRole('radio', { name: 'Yes please' })).not.toBeChecked();
  });
}

test('Enter on Create account right after typing the password shows progress at once and sends the account once', async ({ page }) => {
  await basketWith(page, 'Affinity Photo 2');
  const email = uniqueEmail('enter');
  await captureEmail(page, email);
  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByRole('radio', { name: 'No thanks' }).check();
  await form.getByLabel('I agree to the terms and conditions').check();
  const created: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/data/checkout/') && request.postData()?.includes('CREATE_CUSTOMER')) created.push(request.url());
  });
  // Typed and sent at once: the popular-password check has not answered yet.
  await form.getByLabel('Password').focus();
  await page.keyboard.type('analytical engine 1843');
  await page.keyboard.press('Enter');
  const button = form.getByRole('button', { name: 'Create account' });
  await expect(button).toHaveAttribute('aria-busy', 'true', { timeout: 300 });
  await page.keyboard.press('Enter');
  await expect(page.locator('section[data-section="account"]')).toContainText(`Signed in as ${email}`);
  expect(created).toHaveLength(1);
});

test('a popular password is refused with its message before the account is created', async ({ page }) => {
  await basketWith(page, 'Affinity Photo 2');
  await captureEmail(page, uniqueEmail('popular'));
  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  const created: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/data/checkout/') && request.postData()?.includes('CREATE_CUSTOMER')) created.push(request.url());
  });
  await form.getByLabel('Password').fill('football');
  await form.getByRole('radio', { name: 'Yes please' }).check();
  await form.getByLabel('I agree to the terms and conditions').check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('You have chosen a popular password. To help keep your account secure, please choose one that is more unique')).toBeVisible();
  await expect(page.locator('section[data-section="account"]')).not.toContainText('Signed in');
  // The live check caught it: the account was never submitted.
  expect(created).toEqual([]);
  await form.getByLabel('Password').fill('a much less common phrase 77');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('section[data-section="account"]')).toContainText('Signed in');
});

test('an existing email is caught at capture and the shopper is offered sign-in', async ({ page, request }) => {
  const email = uniqueEmail('existing');
  await createAccount(request, { email, country: 'US' });

  await basketWith(page, 'Affinity Photo 2');
  await captureEmail(page, email.toUpperCase());
  const modal = page.getByRole('dialog', { name: 'Already registered?' });
  await expect(modal).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page.getByLabel('Email address')).toBeFocused();

  await page.getByRole('button', { name: 'Continue' }).click();
  await modal.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('tab', { name: 'Existing customer' })).toHaveAttribute('aria-selected', 'true');
});

test('an email the page has learnt has an account is not sent to the store again', async ({ page, request }) => {
  const email = uniqueEmail('known');
  await createAccount(request, { email, country: 'US' });
  const asked: string[] = [];
  page.on('request', (sent) => {
    const body = sent.url().endsWith('/data/checkout/') ? (sent.postData() ?? '') : '';
    if (body.includes('PREREGISTER_EMAIL')) asked.push(JSON.parse(new URLSearchParams(body).get('body') ?? '{}').email);
  });

  await basketWith(page, 'Affinity Photo 2');
  await captureEmail(page, email);
  const modal = page.getByRole('dialog', { name: 'Already registered?' });
  await expect(modal).toBeVisible();
  expect(asked).toEqual([email]);
  await modal.getByRole('button', { name: 'Use a different email' }).click();
  await expect(modal).toBeHidden();

  // The same address, as typed differently: the page knows the answer.
  await captureEmail(page, `  ${email.toUpperCase()} `);
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  // A new address is still asked about, and reserved.
  const fresh = uniqueEmail('fresh');
  await captureEmail(page, fresh);
  await expect(page.locator('section[data-section="account"]')).toContainText(fresh);
  expect(asked).toEqual([email, fresh]);
});

test('a mistyped email domain gets a suggestion that can be accepted', async ({ page }) => {
  await basketWith(page, 'Affinity Photo 2');
  const account = page.locator('section[data-section="account"]');
  await account.getByLabel('Email address').fill('ada@gmial.com');
  await expect(account.getByText('Did you mean ada@gmail.com?')).toBeVisible();
  await account.getByRole('button', { name: 'Use ada@gmail.com' }).click();
  await expect(account.getByLabel('Email address')).toHaveValue('ada@gmail.com');
});
