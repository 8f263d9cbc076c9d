import { randomUUID } from 'node:crypto';
import type { NewSavedMethod } from '@store/application';
import type { SavedMethodDetails } from '@store/domain';
import { SavedPaymentMethods1700000000037 } from '../migrations/1700000000037-saved-payment-methods';
import { insertCustomer } from '../../testing/customers';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PostgresSavedMethodRepository } from './postgres-saved-method.repository';

let db: TestDatabase;
let saved: PostgresSavedMethodRepository;

beforeAll(async () => {
  db = await createTestDatabase();
  saved = new PostgresSavedMethodRepository(db.dataSource);
}, 60_000);
afterAll(() => db?.drop());

let references = 0;
const reference = () => `spm_${String(++references).padStart(32, '0')}`;
const card = (last4: string, overrides: Partial<Extract<SavedMethodDetails, { kind: 'card' }>> = {}): SavedMethodDetails => ({
  kind: 'card',
  cardType: 'Visa',
  bin: '411111',
  last4,
  expirationMonth: 12,
  expirationYear: 2030,
  ...overrides,
});
const method = (customerId: string, token: string, details: SavedMethodDetails, fingerprint: string | null = null): NewSavedMethod => ({
  customerId,
  vaultCustomerId: `vault-${customerId.slice(0, 8)}`,
  token,
  details,
  fingerprint,
});
const tokens = async (customerId: string) => (await saved.listFor(customerId)).map((entry) => `${entry.token}${entry.isDefault ? '*' : ''}`);

/** An order of this customer in the given state, for the in-use check to find. */
async function anOrder(customerId: string, status: 'pending' | 'paid'): Promise<string> {
  const basket = randomUUID();
  await db.dataSource.query(`INSERT INTO baskets (reference, country_account_code) VALUES ($1, 'GB')`, [basket]);
  const [{ number }] = await db.dataSource.query(
    `INSERT INTO orders (number, customer_id, basket_reference, status, gateway, locale, currency, tax_inclusive, net_minor, tax_minor, gross_minor, billing_address, paid_at)
     VALUES ('AFS-' || lpad(nextval('order_numbers')::text, 8, '0'), $1, $2, $3::varchar, 'braintree', 'en-gb', 'GBP', true, 1000, 200, 1200, '{}', CASE WHEN $3::varchar = 'paid' THEN now() END)
     RETURNING number`,
    [customerId, basket, status],
  );
  return number;
}

describe('saved payment methods on Postgres', () => {
  it('keeps several methods of every kind, the first the default, listed default first then newest', async () => {
    const customer = await insertCustomer(db.dataSource);
    await saved.save(method(customer.id, 'card-a', card('1111'), 'f-1'), reference());
    await saved.save(method(customer.id, 'card-b', card('4444', { cardType: 'MasterCard', bin: '555555' }), 'f-2'), reference());
    await saved.save(method(customer.id, 'paypal-a', { kind: 'paypal', email: 'payer@example.com' }), reference());
    await saved.save(method(customer.id, 'venmo-a', { kind: 'venmo', username: '@venmojoe' }), reference());
    await saved.save(method(customer.id, 'sepa-a', { kind: 'sepa', last4: '3000', mandateReference: 'M-1', bankName: null }), reference());
    expect(await tokens(customer.id)).toEqual(['card-a*', 'sepa-a', 'venmo-a', 'paypal-a', 'card-b']);
    const [first] = await saved.listFor(customer.id);
    expect(first).toMatchObject({ customerId: customer.id, details: card('1111'), fingerprint: 'f-1', invalid: false });
    expect(await saved.vaultCustomerOf(customer.id)).toBe(`vault-${customer.id.slice(0, 8)}`);
  });

  it('updates the entry for a card, PayPal account or Venmo account saved again, and says which vault token it replaced', async () => {
    const customer = await insertCustomer(db.dataSource);
    const a = await saved.save(method(customer.id, 'card-a1', card('1111'), 'f-same'), reference());
    const again = await saved.save(method(customer.id, 'card-a2', card('1111', { expirationYear: 2032 }), 'f-same'), reference());
    expect(again).toMatchObject({ replacedToken: 'card-a1', saved: { reference: a.saved.reference, token: 'card-a2', isDefault: true, details: { expirationYear: 2032 } } });
    const paypal = await saved.save(method(customer.id, 'paypal-1', { kind: 'paypal', email: 'Payer@Example.com' }), reference());
    expect((await saved.save(method(customer.id, 'paypal-2', { kind: 'paypal', email: 'payer@example.com' }), reference())).saved.reference).toBe(paypal.saved.reference);
    // The same token saved again replaces nothing in the vault.
    expect((await saved.save(method(customer.id, 'paypal-2', { kind: 'paypal', email: 'payer@example.com' }), reference())).replacedToken).toBeNull();
    // A different card number is a second card.
    await saved.save(method(customer.id, 'card-c', card('1111'), 'f-other'), reference());
    expect(await tokens(customer.id)).toEqual(['card-a2*', 'card-c', 'paypal-2']);
  });

  it('makes one default at a time, and a removed default hands it to the newest; never across customers', async () => {
    const customer = await insertCustomer(db.dataSource);
    const other = await insertCustomer(db.dataSource);
    const a = await saved.save(method(customer.id, 'd-a', card('1111'), 'd-1'), reference());
    const b = await saved.save(method(customer.id, 'd-b', card('2222'), 'd-2'), reference());
    await saved.save(method(customer.id, 'd-c', card('3333'), 'd-3'), reference());
    const theirs = await saved.save(method(other.id, 'd-theirs', card('9999'), 'd-9'), reference());

    expect(await saved.setDefault(customer.id, b.saved.reference)).toBe(true);
    expect(await tokens(customer.id)).toEqual(['d-b*', 'd-c', 'd-a']);
    expect(await saved.setDefault(customer.id, theirs.saved.reference)).toBe(false);
    expect(await saved.find(customer.id, theirs.saved.reference)).toBeNull();
    expect(await saved.remove(customer.id, theirs.saved.reference)).toBeNull();
    expect(await tokens(other.id)).toEqual(['d-theirs*']);

    expect((await saved.remove(customer.id, b.saved.reference))?.token).toBe('d-b');
    expect(await tokens(customer.id)).toEqual(['d-c*', 'd-a']);
    expect(await saved.remove(customer.id, b.saved.reference)).toBeNull();
    await saved.remove(customer.id, a.saved.reference);
    expect(await tokens(customer.id)).toEqual(['d-c*']);
  });

  it('marks a method invalid and takes new details from the gateway, for its own kind only', async () => {
    const customer = await insertCustomer(db.dataSource);
    const a = await saved.save(method(customer.id, 'u-a', card('1111', { expirationYear: 2027 }), 'u-1'), reference());
    await saved.update(customer.id, a.saved.reference, { invalid: true });
    expect((await saved.find(customer.id, a.saved.reference))?.invalid).toBe(true);
    await saved.update(customer.id, a.saved.reference, { invalid: false, details: card('1111', { expirationYear: 2031 }) });
    expect(await saved.find(customer.id, a.saved.reference)).toMatchObject({ invalid: false, details: { expirationYear: 2031 } });
    await saved.update(customer.id, a.saved.reference, { details: { kind: 'paypal', email: 'x@example.com' } });
    expect((await saved.find(customer.id, a.saved.reference))?.details.kind).toBe('card');
  });

  it('saves from two requests at once leave one entry and one default', async () => {
    const customer = await insertCustomer(db.dataSource);
    await Promise.all([
      saved.save(method(customer.id, 'race-1', card('1111'), 'race'), reference()),
      saved.save(method(customer.id, 'race-2', card('1111'), 'race'), reference()),
      saved.save(method(customer.id, 'race-p', { kind: 'paypal', email: 'race@example.com' }), reference()),
    ]);
    const listed = await saved.listFor(customer.id);
    expect(listed.filter((entry) => entry.details.kind === 'card')).toHaveLength(1);
    expect(listed.filter((entry) => entry.isDefault)).toHaveLength(1);
  });

  it('is in use while an order it pays is pending, and not once that order is paid', async () => {
    const customer = await insertCustomer(db.dataSource);
    const { saved: sepa } = await saved.save(method(customer.id, 'use-sepa', { kind: 'sepa', last4: '3000', mandateReference: 'M-2', bankName: null }), reference());
    const { saved: other } = await saved.save(method(customer.id, 'use-card', card('1111'), 'use-1'), reference());
    const pending = await anOrder(customer.id, 'pending');
    await saved.recordUse(other.reference, pending);
    // A retry of the same order with another method: the latest attempt's method is the one in use.
    await saved.recordUse(sepa.reference, pending);
    expect(await saved.inUse(customer.id, sepa.reference)).toBe(true);
    expect(await saved.inUse(customer.id, other.reference)).toBe(false);
    await db.dataSource.query(`UPDATE orders SET status = 'paid', paid_at = now() WHERE number = $1`, [pending]);
    expect(await saved.inUse(customer.id, sepa.reference)).toBe(false);
  });

  it('is in use while a debit it pays has not cleared, even with the order paid (its keys released at once)', async () => {
    const customer = await insertCustomer(db.dataSource);
    const { saved: ach } = await saved.save(method(customer.id, 'debit-ach', { kind: 'us-bank-account', last4: '0000', mandateReference: null, bankName: 'FEDERAL RESERVE BANK' }), reference());
    const paid = await anOrder(customer.id, 'paid');
    await saved.recordUse(ach.reference, paid);
    await db.dataSource.query(`INSERT INTO bank_debits (transaction_id, order_number, customer_id, state, released_at) VALUES ($1, $2, $3, 'pending', now())`, [`txn-${paid}`, paid, customer.id]);
    expect(await saved.inUse(customer.id, ach.reference)).toBe(true);
    await db.dataSource.query(`UPDATE bank_debits SET state = 'settled' WHERE order_number = $1`, [paid]);
    expect(await saved.inUse(customer.id, ach.reference)).toBe(false);
  });
});

describe('the move from one table per kind', () => {
  it('carries each customer’s card, PayPal, Venmo and bank accounts over, the card the default, and goes back again', async () => {
    const migration = new SavedPaymentMethods1700000000037();
    const runner = db.dataSource.createQueryRunner();
    const customer = await insertCustomer(db.dataSource);
    const bankOnly = await insertCustomer(db.dataSource);
    try {
      await migration.down(runner);
      await runner.query(
        `INSERT INTO saved_cards (customer_id, gateway, vault_customer_id, token, bin, last4, card_type, expiration_month, expiration_year, last_response_code) VALUES ($1, 'braintree', 'v1', 'old-card', '411111', '1111', 'Visa', 12, 2030, 310006)`,
        [customer.id],
      );
      await runner.query(`INSERT INTO saved_paypal_accounts (customer_id, gateway, vault_customer_id, token, email) VALUES ($1, 'braintree', 'v1', 'old-paypal', 'payer@example.com')`, [customer.id]);
      await runner.query(`INSERT INTO saved_venmo_accounts (customer_id, gateway, vault_customer_id, token, username) VALUES ($1, 'braintree', 'v1', 'old-venmo', '@venmojoe')`, [customer.id]);
      await runner.query(
        `INSERT INTO saved_bank_accounts (reference, customer_id, vault_customer_id, token, kind, last4, mandate_reference) VALUES ('sba_0123456789abcdef0123456789abcdef', $1, 'v2', 'old-sepa', 'sepa', '3000', 'M-9')`,
        [bankOnly.id],
      );
      await migration.up(runner);

      const listed = await saved.listFor(customer.id);
      expect(listed.map((entry) => `${entry.token}${entry.isDefault ? '*' : ''}${entry.invalid ? '!' : ''}`).sort()).toEqual(['old-card*!', 'old-paypal', 'old-venmo']);
      expect(listed.every((entry) => /^spm_[0-9a-f]{32}$/.test(entry.reference))).toBe(true);
      expect(await saved.listFor(bankOnly.id)).toMatchObject([
        { reference: 'spm_0123456789abcdef0123456789abcdef', token: 'old-sepa', isDefault: true, details: { kind: 'sepa', last4: '3000', mandateReference: 'M-9' } },
      ]);

      await migration.down(runner);
      expect(await runner.query(`SELECT token, last_response_code FROM saved_cards WHERE customer_id = $1`, [customer.id])).toEqual([{ token: 'old-card', last_response_code: 310006 }]);
      expect(await runner.query(`SELECT reference FROM saved_bank_accounts WHERE customer_id = $1`, [bankOnly.id])).toEqual([{ reference: 'sba_0123456789abcdef0123456789abcdef' }]);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
  });
});
