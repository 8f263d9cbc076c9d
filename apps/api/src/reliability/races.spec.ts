import {
  CUSTOMER_REPOSITORY,
  ONE_TIME_TOKEN_REPOSITORY,
  SECOND_FACTOR,
  TAX_CERTIFICATE_REPOSITORY,
} from '@store/application';
import { Gate, gateMethod, TestCheckpoints } from '@store/application/testing';
import { startBraintreeSandbox, type RunningBraintreeSandbox } from '@store/payment-sandbox';
import { generate } from 'otplib';
import { pdf } from '@store/infrastructure/testing';
import { checkoutAction, cookieOf, newCustomerBody, payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { cardSandboxEnv } from '../testing/sandbox-env';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// Races, forced rather than hoped for (issue 12). The real API on Postgres and the card gateway
// sandbox; each race holds the competing requests at a chosen point — a checkpoint inside
// PLACE_ORDER, or a gate on the port a use case calls — until all of them are there, then lets
// them go together, so the interleaving under test happens on every run.
//
// Proved elsewhere, deterministically, and not repeated here: one charge for 20 concurrent callers
// of one charge key across two API instances (libs/infrastructure/src/payments/ledgered-payment-port.spec.ts),
// and a tab that places an order after another tab completed it being told 'Order is already
// complete' (libs/infrastructure/src/persistence/repositories/place-order.integration.spec.ts).

let sandbox: RunningBraintreeSandbox;
let t: TestApp;
const checkpoints = new TestCheckpoints();

beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  t = await createTestApp({
    checkpoints,
    env: cardSandboxEnv(sandbox.url, { BRAINTREE_TIMEOUT_MS: '5000' }),
  });
});
afterEach(() => checkpoints.clear());
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

type SandboxTransaction = { id: string; status: string; type: string; amount: string; orderId: string | null };
/** Every sale the card gateway holds for the order (any attempt). */
async function salesOf(orderNumber: string): Promise<SandboxTransaction[]> {
  const all = (await (await fetch(`${sandbox.url}/__sandbox/transactions`)).json()) as SandboxTransaction[];
  return all.filter((transaction) => transaction.type === 'sale' && transaction.orderId?.startsWith(`${orderNumber}-`));
}

const pay = (shopper: Shopper, extra: Record<string, unknown> = {}) => payByCard(t, shopper, extra);

const rows = (sql: string, values: unknown[]) => t.db.dataSource.query(sql, values);
const count = async (sql: string, values: unknown[]) => Number((await rows(sql, values))[0].n);

/** After a basket edit: billing decides the gateway again and the page reads the basket's new stale hash. */
async function refreshed(shopper: Shopper): Promise<Shopper> {
  await t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', shopper.cookie).send({ basket_ref: shopper.basket.reference });
  const session = await t.http().get(`/data/session/?basket_ref=${shopper.basket.reference}`).set(XHR).set('Cookie', shopper.cookie);
  return { ...shopper, basket: session.body.data.basket };
}

/** The port adapter a use case calls, as the running application holds it (one instance per application). */
const port = <T extends object>(token: symbol): T => t.app.get<T>(token, { strict: false });

describe('PLACE_ORDER races', () => {
  it('20 identical PLACE_ORDER calls, all past their checks before any reserves: one order row, one charge, the same order number to all', async () => {
    const shopper = await shopperReadyToPay(t);
    // The 20th caller to finish drafting opens the gate: every call read the basket as open and unpaid.
    const drafted = checkpoints.gate('place-order:drafted', { parties: 20 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(shopper)));
    expect(drafted.arrivals).toBe(20);

    const numbers = new Set(answers.map((answer) => answer.body.data?.order_number));
    expect(numbers.size).toBe(1);
    const [number] = [...numbers];
    expect(number).toMatch(/^AFS-\d{8}$/);
    // Each caller is told the order was placed, or (having arrived after it completed) that it is complete.
    for (const answer of answers) {
      if (!answer.body.success) expect(answer.body).toMatchObject({ code: 300014, data: { order_number: number, charged: 'charged' } });
    }
    expect(answers.filter((answer) => answer.body.success).length).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [shopper.basket.reference])).toBe(1);
    const sales = await salesOf(number);
    expect(sales).toHaveLength(1);
    expect(await rows('SELECT status, transaction_id FROM orders WHERE number = $1', [number])).toEqual([{ status: 'paid', transaction_id: sales[0].id }]);
    expect(await count('SELECT count(*)::int AS n FROM payment_charges WHERE order_number = $1', [number])).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1 AND subject LIKE $2', [shopper.email, `%${number}%`])).toBe(1);
  });

  it('double submit from two tabs: the first is held after its charge, the second completes the order with that charge, then the first finishes too', async () => {
    const shopper = await shopperReadyToPay(t);
    const charged = checkpoints.gate('place-order:charged', { holdOnly: 1 });
    // (A supertest request starts when it is awaited: .then sends it now.)
    const firstTab = pay(shopper).then((answer) => answer);
    await charged.arrived(1);
    // The first tab's charge is recorded, its order still pending: the second tab must not charge again.
    const secondTab = await pay(shopper);
    expect(secondTab.body).toMatchObject({ success: true });
    const number = secondTab.body.data.order_number;
    charged.open();
    const first = await firstTab;
    expect(first.body).toMatchObject({ success: true, data: { order_number: number } });

    const sales = await salesOf(number);
    expect(sales).toHaveLength(1);
    expect(await rows('SELECT status, transaction_id FROM orders WHERE number = $1', [number])).toEqual([{ status: 'paid', transaction_id: sales[0].id }]);
    expect(await count('SELECT count(*)::int AS n FROM product_keys WHERE order_number = $1', [number])).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1', [shopper.email])).toBe(1);
  });

  it('a discount code with one use left, in two shoppers’ baskets at once: redeemed once, the other order refused before any charge', async () => {
    await rows(`INSERT INTO discount_codes (code, percent_off, max_uses, uses) VALUES ('LASTONE', 20, 5, 4)`, []);
    const shoppers: Shopper[] = [];
    while (shoppers.length < 2) {
      const shopper = await shopperReadyToPay(t);
      const applied = await checkoutAction(t, 'APPLY_DISCOUNT_CODE', { basketReference: shopper.basket.reference, code: 'LASTONE' }, shopper.cookie);
      expect(applied.body.data.basket.pricing.applied_discount).toMatchObject({ code: 'LASTONE' });
      shoppers.push(await refreshed(shopper));
    }
    // Both read the code as still usable before either reserves.
    checkpoints.gate('place-order:drafted', { parties: 2 });
    const answers = await Promise.all(shoppers.map((shopper) => pay(shopper)));

    const won = answers.filter((answer) => answer.body.success);
    const lost = answers.filter((answer) => !answer.body.success);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].body).toMatchObject({ code: 201004, message: 'This discount code has reached its usage limit.', data: { charged: 'not-charged' } });
    expect(await rows(`SELECT uses, max_uses FROM discount_codes WHERE code = 'LASTONE'`, [])).toEqual([{ uses: 5, max_uses: 5 }]);
    const winner = won[0].body.data.order_number;
    const winnerId = shoppers[answers.indexOf(won[0])].id;
    expect(await rows(`SELECT order_reference, customer_id FROM discount_redemptions WHERE code = 'LASTONE'`, [])).toEqual([{ order_reference: winner, customer_id: winnerId }]);
    expect(await salesOf(winner)).toHaveLength(1);
    const loser = shoppers[answers.indexOf(lost[0])];
    expect(await count('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [loser.basket.reference])).toBe(0);
  });

  it('the last unit of a limited product, ordered by two shoppers at once: sold once, the other refused before any charge', async () => {
    const shoppers = [await shopperReadyToPay(t), await shopperReadyToPay(t)];
    const product = await productOf(shoppers[0]);
    expect(await productOf(shoppers[1])).toBe(product);
    await rows('UPDATE products SET units_left = 1 WHERE reference = $1', [product]);
    try {
      checkpoints.gate('place-order:drafted', { parties: 2 });
      const answers = await Promise.all(shoppers.map((shopper) => pay(shopper)));

      const won = answers.filter((answer) => answer.body.success);
      const lost = answers.filter((answer) => !answer.body.success);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].body).toMatchObject({ code: 200407, data: { charged: 'not-charged' } });
      expect(await rows('SELECT units_left FROM products WHERE reference = $1', [product])).toEqual([{ units_left: 0 }]);
      expect(await salesOf(won[0].body.data.order_number)).toHaveLength(1);
      const loser = shoppers[answers.indexOf(lost[0])];
      expect(await count('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [loser.basket.reference])).toBe(0);
    } finally {
      await rows('UPDATE products SET units_left = NULL WHERE reference = $1', [product]);
    }
  });

  it('a declined order gives back its limited unit and its discount use, so the next attempt can have them', async () => {
    await rows(`INSERT INTO discount_codes (code, percent_off, max_uses, uses) VALUES ('ONEMORE', 10, 1, 0)`, []);
    let shopper = await shopperReadyToPay(t);
    await checkoutAction(t, 'APPLY_DISCOUNT_CODE', { basketReference: shopper.basket.reference, code: 'ONEMORE' }, shopper.cookie);
    shopper = await refreshed(shopper);
    const product = await productOf(shopper);
    await rows('UPDATE products SET units_left = 1 WHERE reference = $1', [product]);
    const claims = async () => [
      (await rows('SELECT units_left FROM products WHERE reference = $1', [product]))[0].units_left,
      (await rows(`SELECT uses FROM discount_codes WHERE code = 'ONEMORE'`, []))[0].uses,
    ];
    try {
      await fetch(`${sandbox.url}/__sandbox/force`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ sale: { kind: 'processor_declined', code: '2001' } }),
      });
      const declined = await pay(shopper);
      expect(declined.body).toMatchObject({ success: false, data: { charged: 'not-charged' } });
      expect(await claims()).toEqual([1, 0]);
      const retried = await pay(shopper, { existing_order_number: declined.body.data.order_number });
      expect(retried.body.success).toBe(true);
      expect(await claims()).toEqual([0, 1]);
    } finally {
      await rows('UPDATE products SET units_left = NULL WHERE reference = $1', [product]);
    }
  });

  it('a once-per-customer code on five baskets of one customer paid at once: one order has it, the other four are refused before any charge', async () => {
    await rows(`INSERT INTO discount_codes (code, percent_off, max_uses, uses, max_uses_per_customer) VALUES ('ONCEEACH', 10, NULL, 0, 1)`, []);
    const first = await shopperReadyToPay(t);
    const baskets = [await withCode(first, 'ONCEEACH')];
    while (baskets.length < 5) baskets.push(await withCode(await anotherBasket(first), 'ONCEEACH'));
    expect(new Set(baskets.map((basket) => basket.basket.reference)).size).toBe(5);
    // All five read the code as unused by this customer before any reserves.
    checkpoints.gate('place-order:drafted', { parties: 5 });
    const answers = await Promise.all(baskets.map((basket) => pay(basket)));

    const won = answers.filter((answer) => answer.body.success);
    const lost = answers.filter((answer) => !answer.body.success);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(4);
    for (const answer of lost) {
      expect(answer.body).toMatchObject({ code: 201003, message: 'You have exceeded the purchase limit for this discount code.', data: { charged: 'not-charged' } });
    }
    const winner = won[0].body.data.order_number;
    expect(await rows(`SELECT number, discount_code FROM orders WHERE customer_id = $1 AND status <> 'failed'`, [first.id])).toEqual([{ number: winner, discount_code: 'ONCEEACH' }]);
    expect(await rows(`SELECT order_reference FROM discount_redemptions WHERE code = 'ONCEEACH'`, [])).toEqual([{ order_reference: winner }]);
    expect(await salesOf(winner)).toHaveLength(1);
    const all = (await (await fetch(`${sandbox.url}/__sandbox/transactions`)).json()) as SandboxTransaction[];
    const numbers = (await rows(`SELECT number FROM orders WHERE customer_id = $1`, [first.id])).map((row: { number: string }) => row.number);
    expect(all.filter((sale) => numbers.some((number: string) => sale.orderId?.startsWith(`${number}-`)))).toHaveLength(1);
  });

  it('a once-per-customer code held by an order in flight is refused to the customer’s other basket, and given back when that order is declined', async () => {
    await rows(`INSERT INTO discount_codes (code, percent_off, max_uses, uses, max_uses_per_customer) VALUES ('ONCEBACK', 10, NULL, 0, 1)`, []);
    const one = await withCode(await shopperReadyToPay(t), 'ONCEBACK');
    const other = await withCode(await anotherBasket(one), 'ONCEBACK');
    // The first basket's order is reserved (its claim made) and held before its charge.
    const reserved = checkpoints.gate('place-order:reserved', { holdOnly: 1 });
    await fetch(`${sandbox.url}/__sandbox/force`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sale: { kind: 'processor_declined', code: '2001' } }),
    });
    const held = pay(one).then((answer) => answer);
    await reserved.arrived(1);
    const meanwhile = await pay(other);
    expect(meanwhile.body).toMatchObject({ success: false, code: 201003, data: { charged: 'not-charged' } });
    reserved.open();
    expect((await held).body).toMatchObject({ success: false, data: { charged: 'not-charged' } });
    // Declined: nothing charged, so the claim is given back and the other basket may use the code.
    const after = await pay(await refreshed(other));
    expect(after.body.success).toBe(true);
    expect(await rows(`SELECT discount_code FROM orders WHERE number = $1`, [after.body.data.order_number])).toEqual([{ discount_code: 'ONCEBACK' }]);
  });
});

describe('basket edits while its order is being placed', () => {
  const lineOf = (shopper: Shopper) => (shopper.basket as unknown as { lines: { reference: string }[] }).lines[0].reference;
  const changeQuantity = (shopper: Shopper, quantity: number) =>
    checkoutAction(
      t,
      'CHANGE_QUANTITY',
      { basketReference: shopper.basket.reference, basketStaleHash: shopper.basket.stale_hash, lineReference: lineOf(shopper), quantity, locale: 'en-gb' },
      shopper.cookie,
    );
  const basketLines = (shopper: Shopper) => rows('SELECT quantity FROM basket_lines WHERE basket_reference = $1', [shopper.basket.reference]);

  it.each(['place-order:reserved', 'place-order:charged'] as const)(
    'an edit sent while PLACE_ORDER is held at %s is refused and changes nothing; the order and the basket stay the ordered ones',
    async (point) => {
      const shopper = await shopperReadyToPay(t, { suites: ['publisher-2'] });
      const held = checkpoints.gate(point, { holdOnly: 1 });
      const placing = pay(shopper).then((answer) => answer);
      await held.arrived(1);

      const edit = await changeQuantity(shopper, 7);
      expect(edit.body).toMatchObject({ success: false, code: 201401, message: 'Your order is being placed, so your basket can no longer be changed.' });
      expect(await basketLines(shopper)).toEqual([{ quantity: 1 }]);

      held.open();
      const placed = await placing;
      expect(placed.body.success).toBe(true);
      const number = placed.body.data.order_number;
      expect(await rows('SELECT quantity FROM order_lines WHERE order_number = $1 AND NOT is_bonus', [number])).toEqual([{ quantity: 1 }]);
      expect(await basketLines(shopper)).toEqual([{ quantity: 1 }]);
      const [sale] = await salesOf(number);
      expect(sale.amount).toBe(shopper.basket.pricing.formatted_total_for_3d_verification);
    },
  );

  it('an edit that lands after PLACE_ORDER read the basket but before it reserved: the order is refused as stale, nothing is charged, and the edit stands', async () => {
    const shopper = await shopperReadyToPay(t, { suites: ['publisher-2'] });
    const drafted = checkpoints.gate('place-order:drafted', { holdOnly: 1 });
    const placing = pay(shopper).then((answer) => answer);
    await drafted.arrived(1);
    const edit = await changeQuantity(shopper, 3);
    expect(edit.body.success).toBe(true);
    drafted.open();
    const placed = await placing;
    expect(placed.body).toMatchObject({ success: false, code: 200001 });
    expect(await count('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [shopper.basket.reference])).toBe(0);
    expect(await basketLines(shopper)).toEqual([{ quantity: 3 }]);
    // The page reads the edited basket and pays for what it now shows.
    const paid = await pay(await refreshed(shopper));
    expect(paid.body.success).toBe(true);
    expect(await rows('SELECT quantity FROM order_lines WHERE order_number = $1 AND NOT is_bonus', [paid.body.data.order_number])).toEqual([{ quantity: 3 }]);
  });

  it('a declined order opens the basket to edits again', async () => {
    const shopper = await shopperReadyToPay(t, { suites: ['publisher-2'] });
    await fetch(`${sandbox.url}/__sandbox/force`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sale: { kind: 'processor_declined', code: '2001' } }),
    });
    expect((await pay(shopper)).body).toMatchObject({ success: false, data: { charged: 'not-charged' } });
    const edit = await changeQuantity(shopper, 2);
    expect(edit.body.success).toBe(true);
    expect(await basketLines(shopper)).toEqual([{ quantity: 2 }]);
  });
});

/** Another basket of the same signed-in customer (a browser without the first basket's cookie), billed and ready to pay. */
async function anotherBasket(shopper: Shopper): Promise<Shopper> {
  const session = shopper.cookie.split('; ').find((part) => part.startsWith('afs_session=')) as string;
  const added = await t.http().post('/data/basket/lines/').set(XHR).set('Cookie', session).send({ product_suite_reference: 'photo-2', locale: 'en-gb' });
  expect(added.body.success).toBe(true);
  const cookie = `${session}; ${cookieOf(added, 'afs_basket')}`;
  return refreshed({ ...shopper, cookie, basketReference: added.body.data.reference, basket: added.body.data });
}

/** The shopper's basket with the code applied, as the page then reads it. */
async function withCode(shopper: Shopper, code: string): Promise<Shopper> {
  const applied = await checkoutAction(t, 'APPLY_DISCOUNT_CODE', { basketReference: shopper.basket.reference, code }, shopper.cookie);
  expect(applied.body.data.basket.pricing.applied_discount).toMatchObject({ code });
  return refreshed(shopper);
}

/** The product the shopper's (one-line) basket holds. */
async function productOf(shopper: Shopper): Promise<string> {
  const [line] = await rows('SELECT product_reference FROM basket_lines WHERE basket_reference = $1', [shopper.basket.reference]);
  return line.product_reference;
}

describe('identity and upload races', () => {
  let counter = 0;
  const freshEmail = (name: string) => `race.${name}.${++counter}.${Date.now()}@example.com`;
  const PASSWORD = 'analytical engine 1843';
  const createCustomer = (email: string) =>
    checkoutAction(t, 'CREATE_CUSTOMER', newCustomerBody(email, { password: PASSWORD }));
  let address = 0;
  const auth = (path: string, body: object) => t.http().post(`/auth/${path}`).set(XHR).set('X-Forwarded-For', `10.12.0.${++address % 250}`).send(body);

  it('one email signing up twice at once: one account, the other told it exists', async () => {
    const email = freshEmail('signup');
    // Both requests are checked, their passwords hashed, and only then do both try to store the account.
    const gate = new Gate({ parties: 2 });
    const restore = gateMethod(port<{ create: () => Promise<unknown> }>(CUSTOMER_REPOSITORY), 'create', gate, 'before');
    try {
      const answers = await Promise.all([createCustomer(email), createCustomer(email)]);
      expect(answers.map((answer) => answer.body.success).sort()).toEqual([false, true]);
      expect(answers.find((answer) => !answer.body.success)?.body).toMatchObject({ code: 100200 });
    } finally {
      restore();
    }
    expect(await count('SELECT count(*)::int AS n FROM customers WHERE email_normalised = $1', [email])).toBe(1);
  });

  it('a password-reset token used twice at once: the first sets the password, the second is refused', async () => {
    const email = freshEmail('reset');
    expect((await createCustomer(email)).body.success).toBe(true);
    await auth('start-password-recovery', { email, locale: 'en-gb' });
    const [mail] = await rows('SELECT text_body FROM mail_outbox WHERE recipient = $1', [email]);
    const token = new URL(/(http\S+)/.exec(mail.text_body)?.[1] as string).searchParams.get('token') as string;
    // Both requests have verified the token (still unused) before either uses it up.
    const gate = new Gate({ parties: 2 });
    const restore = gateMethod(port<{ consume: () => Promise<unknown> }>(ONE_TIME_TOKEN_REPOSITORY), 'consume', gate, 'before');
    let answers;
    try {
      answers = await Promise.all([
        auth('complete-password-recovery', { email, token, new_password: 'difference engine 1822' }),
        auth('complete-password-recovery', { email, token, new_password: 'another engine 1833' }),
      ]);
    } finally {
      restore();
    }
    const done = answers.filter((answer) => answer.body.success);
    expect(done).toHaveLength(1);
    expect(answers.find((answer) => !answer.body.success)?.body).toMatchObject({ code: 100118 });
    const winner = done[0] === answers[0] ? 'difference engine 1822' : 'another engine 1833';
    const loser = winner === 'difference engine 1822' ? 'another engine 1833' : 'difference engine 1822';
    expect((await auth('login', { username: email, password: winner })).body.success).toBe(true);
    expect((await auth('login', { username: email, password: loser })).body.code).toBe(100101);
  });

  it('a TOTP code used twice at once: one sign-in, the other refused', async () => {
    const email = freshEmail('totp');
    expect((await createCustomer(email)).body.success).toBe(true);
    const credentials = { username: email, password: PASSWORD };
    const { secret } = (await auth('mfa-enable', { ...credentials, provider: 'totp' })).body.payload;
    expect((await auth('mfa-activate', { ...credentials, otp: await generate({ secret }) })).body.payload.enabled).toBe(true);
    // A code of the next time step: later than the one activation used, valid now (one step of drift).
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 30000) * 30 + 30 });
    // Both passwords are checked before either code is.
    const gate = new Gate({ parties: 2 });
    const restore = gateMethod(port<{ verify: () => Promise<boolean> }>(SECOND_FACTOR), 'verify', gate, 'before');
    let answers;
    try {
      answers = await Promise.all([auth('login', { ...credentials, otp: code }), auth('login', { ...credentials, otp: code })]);
    } finally {
      restore();
    }
    expect(answers.map((answer) => answer.body.success).sort()).toEqual([false, true]);
    expect(answers.find((answer) => !answer.body.success)?.body).toMatchObject({ code: 100104 });
  });

  it('a certificate uploaded twice at once: two records with their own files, nothing mixed or lost, and the order records one', async () => {
    const shopper = await shopperReadyToPay(t);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const upload = () =>
      t
        .http()
        .post('/data/account/tax-certificate/')
        .set(XHR)
        .set('Cookie', shopper.cookie)
        .field({ tax_authority: 'NY', start_date: day(-30), end_date: day(300) })
        .attach('file', pdf(), { filename: 'NY exemption.pdf', contentType: 'application/pdf' });
    // Both files are stored before either record is written.
    const gate = new Gate({ parties: 2 });
    const restore = gateMethod(port<{ add: () => Promise<void> }>(TAX_CERTIFICATE_REPOSITORY), 'add', gate, 'before');
    let answers;
    try {
      answers = await Promise.all([upload(), upload()]);
    } finally {
      restore();
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const certificates = await rows(
      `SELECT c.id, c.storage_key, c.sha256, c.basket_reference, f.sha256 AS file_sha256
       FROM tax_certificates c LEFT JOIN stored_files f ON f.key = c.storage_key WHERE c.customer_id = $1 ORDER BY c.created_at`,
      [shopper.id],
    );
    expect(certificates).toHaveLength(2);
    expect(new Set(certificates.map((row: { storage_key: string }) => row.storage_key)).size).toBe(2);
    for (const row of certificates) expect(row).toMatchObject({ file_sha256: row.sha256, basket_reference: shopper.basket.reference });

    const placed = await pay(shopper);
    expect(placed.body.success).toBe(true);
    const linked = await rows('SELECT id FROM tax_certificates WHERE order_reference = $1', [placed.body.data.order_number]);
    expect(linked).toHaveLength(1);
    expect(await rows('SELECT tax_certificate_id FROM orders WHERE number = $1', [placed.body.data.order_number])).toEqual([{ tax_certificate_id: linked[0].id }]);
  });
});
