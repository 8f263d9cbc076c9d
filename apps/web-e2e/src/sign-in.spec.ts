import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { mailPort } from '../playwright.config';
import { createAccount as createAccountThroughApi, PASSWORD, uniqueEmail, XHR } from './support';

/** A new account whose browser-side request context is signed out again, so the page starts as a visitor. */
async function createAccount(request: APIRequestContext, email: string) {
  await createAccountThroughApi(request, { email, country: 'US' });
  await request.delete('/data/session/', { headers: XHR });
}

async function checkoutWithBasket(page: Page) {
  await page.goto('/en-gb/');
  await page.getByRole('article', { name: 'Affinity Publisher 2' }).getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('link', { name: /Basket \(1\)/ })).toBeVisible();
  await page.goto('/en-gb/checkout/');
}

test('an existing customer caught at email capture signs in with the email prefilled', async ({ page, request }) => {
  const email = uniqueEmail('returning');
  await createAccount(request, email);
  await checkoutWithBasket(page);
  const account = page.locator('section[data-section="account"]');
  await account.getByLabel('Email address').fill(email);
  await account.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Already registered?' }).getByRole('button', { name: 'Sign in' }).click();

  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByLabel('Email address')).toHaveValue(email);
  await expect(form.getByLabel('Password')).toBeFocused();
  await form.getByLabel('Password').fill('not my password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The sign-in details you have entered are incorrect.' })).toBeVisible();
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(account).toContainText(`Signed in as ${email}`);
  await expect(page.locator('section[data-section="account-details"]')).toContainText('Grace Hopper');
});

test('a shopper with two-step verification turns it on and signs in with a TOTP code', async ({ page, request }) => {
  const email = uniqueEmail('mfa');
  await createAccount(request, email);

  await page.goto('/en-gb/account/security/');
  const prove = page.getByRole('form', { name: 'Confirm it is you' });
  await prove.getByLabel('Email address').fill(email);
  await prove.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await prove.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) as string;
  const activate = page.getByRole('form', { name: 'Activate two-step verification' });
  await activate.getByLabel('Security code').fill(await generate({ secret }));
  await activate.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);

  await checkoutWithBasket(page);
  const account = page.locator('section[data-section="account"]');
  await account.getByRole('tab', { name: 'Existing customer' }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByLabel('Security code')).toBeFocused();
  await expect(form.getByLabel('Password')).toHaveCount(0);

  await form.getByRole('button', { name: 'Back to sign-in' }).click();
  await expect(form.getByLabel('Password')).toHaveValue('');
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  // The code of the next 30-second step: the activation used this step's, and each step works once.
  const nextStep = Math.floor(Date.now() / 30000) * 30 + 30;
  await form.getByLabel('Security code').fill(await generate({ secret, epoch: nextStep }));
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(account).toContainText(`Signed in as ${email}`);
});

test('a forgotten password is reset through the mail the local SMTP server received', async ({ page, request }) => {
  const email = uniqueEmail('forgetful');
  await createAccount(request, email);
  await page.goto('/en-gb/sign-in/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/en-gb\/reset-password\/$/);
  const form = page.getByRole('form', { name: 'Reset your password' });
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We have sent a link to reset your password to ${email}` })).toBeVisible();

  let mail: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const messages = await (await request.get(`http://127.0.0.1:${mailPort}/messages?to=${encodeURIComponent(email)}`)).json();
      mail = messages[0];
      return messages.length;
    })
    .toBe(1);
  expect(mail?.subject).toBe('Reset your Affinity Store password');
  const link = new URL(/(http\S+)/.exec(mail?.text ?? '')?.[1] as string);
  await page.goto(link.pathname + link.search);

  const choose = page.getByRole('form', { name: 'Choose a new password' });
  await choose.getByLabel('New password', { exact: true }).fill('password');
  await choose.getByLabel('Confirm new password').fill('password');
  await choose.getByRole('button', { name: 'Change password' }).click();
  await expect(choose.getByText('You have chosen a popular password. To help keep your account secure, please choose one that is more unique')).toBeVisible();
  await choose.getByLabel('New password', { exact: true }).fill('difference engine 1822');
  await choose.getByLabel('Confirm new password').fill('difference engine 1822');
  await choose.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'sign in', exact: true }).click();
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email address').fill(email);
  await signIn.getByLabel('Password').fill('difference engine 1822');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en-gb\/$/);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
});

test('twenty wrong passwords lock the account and the rate limit then answers 429, while a browser that signed in before still signs in', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('attacked');
  await createAccount(request, email);
  // The owner's browser signed in once before, and so holds a device cookie for the account.
  const owner = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const before = await owner.request.post('/auth/login', { headers: XHR, data: { username: email, password: PASSWORD } });
  expect(before.ok()).toBe(true);
  expect((await owner.cookies()).map((cookie) => cookie.name)).toContain('afs_device');

  await page.goto('/en-gb/sign-in/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email address').fill(email);
  const messages: string[] = [];
  // The owner's sign-in was the first of the twenty attempts allowed in fifteen minutes to
  // browsers without a device cookie; this browser makes the other nineteen and one more.
  for (let attempt = 1; attempt <= 20; attempt++) {
    const answer = page.waitForResponse((response) => response.url().endsWith('/auth/login'));
    await form.getByLabel('Password').fill(`wrong guess ${attempt}`);
    await form.getByRole('button', { name: 'Sign in' }).click();
    const response = await answer;
    messages.push(`${response.status()} ${(await response.json()).message}`);
  }
  expect(messages[0]).toBe('401 The sign-in details you have entered are incorrect.');
  expect(messages[9]).toBe('403 This account is locked. Please reset your password to continue.');
  expect(messages[18]).toBe('403 This account is locked. Please reset your password to continue.');
  expect(messages[19]).toBe("429 Too many failed attempts. You can't access this page right now. Please try again later.");

  // The snackbar is a queue showing each message for 8 seconds (spec 2 §8; a message equal to the
  // one queued just before it is not queued again), so the 429 waits behind the wrong-password and
  // the locked messages: up to 16 seconds after it was queued, longer than an assertion's 7. It was
  // queued when its answer came, so it cannot have been shown and taken away before this line.
  await expect(page.getByRole('alert').filter({ hasText: 'Too many failed attempts.' })).toBeVisible({ timeout: 2 * 8_000 + 5_000 });

  // The owner signs in through the page in the browser that signed in before.
  const ownerPage = await owner.newPage();
  await ownerPage.goto('/en-gb/sign-in/');
  const ownerForm = ownerPage.getByRole('form', { name: 'Sign in' });
  await ownerForm.getByLabel('Email address').fill(email);
  await ownerForm.getByLabel('Password').fill(PASSWORD);
  await ownerForm.getByRole('button', { name: 'Sign in' }).click();
  await expect(ownerPage).toHaveURL(/\/en-gb\/$/);
  await owner.close();
});

test('a personal customer buying a multi-user licence confirms a business account first', async ({ page, request }) => {
  const email = uniqueEmail('upgrade');
  await createAccount(request, email);
  await page.goto('/en-gb/');
  await page.getByRole('article', { name: 'Affinity V2 Universal Licence for Teams' }).getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('link', { name: /Basket \(5\)/ })).toBeVisible();
  await page.goto('/en-gb/checkout/');
  const account = page.locator('section[data-section="account"]');
  await account.getByRole('tab', { name: 'Existing customer' }).click();
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email address').fill(email);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();

  const confirm = page.getByRole('form', { name: 'Confirm your account type' });
  await expect(confirm).toContainText('Multi-user licences are sold to businesses and education institutions.');
  await expect(confirm.getByRole('radio', { name: 'Personal' })).toHaveCount(0);
  await expect(confirm.getByRole('radio', { name: 'Business' })).toBeChecked();
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(confirm.getByText('Company name is required')).toBeVisible();
  await confirm.getByLabel('Company name').fill('Hopper & Co');
  await confirm.getByLabel('Business sector').selectOption({ label: 'Software and technology' });
  await confirm.getByRole('radio', { name: 'Yes please' }).check();
  await confirm.getByRole('button', { name: 'Continue' }).click();

  const details = page.locator('section[data-section="account-details"]');
  await expect(details).toContainText('Business account');
  await expect(details).toContainText('Hopper & Co');
  await expect(details).toContainText('Software and technology');
  await expect(page.locator('section[data-section="billing-address"]')).toHaveAttribute('data-state', 'active');
});
