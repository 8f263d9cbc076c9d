import type { ChargeRequest, ChargeResult, ProviderCharge } from '@store/application';
import { randomUUID } from 'node:crypto';
import { insertCustomer } from '../testing/customers';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { LedgeredPaymentPort, type LookupablePaymentPort } from './ledgered-payment-port';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

/**
 * A gateway with no idempotency of its own, like the card gateway: every charge call moves money.
 * It remembers charges by key so `lookup` can answer, and can lose its answer after charging.
 */
class ForgetfulGateway implements LookupablePaymentPort {
  readonly charges: ChargeRequest[] = [];
  loseNextAnswer = false;
  declineNext = false;
  constructor(private readonly latencyMs = 30) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (this.declineNext) {
      this.declineNext = false;
      return { outcome: 'declined', code: 300011, reason: 'Insufficient Funds' };
    }
    this.charges.push(request);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new Error('timed out after the money moved');
    }
    return { outcome: 'charged', transactionId: `txn-${this.charges.length}` };
  }

  async lookup(key: string): Promise<ChargeResult | null> {
    const index = this.charges.findIndex((charge) => charge.idempotencyKey === key);
    return index < 0 ? null : { outcome: 'charged', transactionId: `txn-${index + 1}` };
  }

  /** Reversal calls that reached the gateway and reversed something, by transaction id. */
  readonly reversals: string[] = [];
  reverseCalls = 0;
  loseNextReversalAnswer = false;

  async chargesFor(keys: readonly string[]): Promise<readonly ProviderCharge[]> {
    return this.charges
      .map((charge, index) => ({ idempotencyKey: charge.idempotencyKey, transactionId: `txn-${index + 1}` }))
      .filter((charge) => keys.includes(charge.idempotencyKey) && !this.reversals.includes(charge.transactionId));
  }

  async reverse(transactionId: string): Promise<void> {
    this.reverseCalls += 1;
    await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    // As the real adapters do: a charge already given back is left alone.
    if (!this.reversals.includes(transactionId)) this.reversals.push(transactionId);
    if (this.loseNextReversalAnswer) {
      this.loseNextReversalAnswer = false;
      throw new Error('timed out after the reversal');
    }
  }
}

/** An order row for the ledger to refer to. */
async function order(): Promise<string> {
  const customer = await insertCustomer(db.dataSource);
  const basket = randomUUID();
  await db.dataSource.query(`INSERT INTO baskets (reference, country_account_code) VALUES ($1, 'GB')`, [basket]);
  const [{ number }] = await db.dataSource.query(
    `INSERT INTO orders (number, customer_id, basket_reference, status, gateway, locale, currency, tax_inclusive, net_minor, tax_minor, gross_minor, billing_address)
     VALUES ('AFS-' || lpad(nextval('order_numbers')::text, 8, '0'), $1, $2, 'pending', 'braintree', 'en-gb', 'GBP', true, 1000, 200, 1200, '{}')
     RETURNING number`,
    [customer.id, basket],
  );
  return number;
}

const request = (number: string, attempt = 1): ChargeRequest => ({
  idempotencyKey: `${number}-${attempt}`,
  orderNumber: number,
  amountMinor: 1200,
  currency: 'GBP',
  paymentToken: 'nonce',
  deviceData: null,
  checkoutId: null,
});

const timing = { waitMs: 5000, claimTimeoutMs: 60_000, pollMs: 10 };

describe('LedgeredPaymentPort on Postgres', () => {
  it('charges once for 20 concurrent callers of one key, across two instances, and gives all of them that charge', async () => {
    const gateway = new ForgetfulGateway(80);
    const instances = [new LedgeredPaymentPort('braintree', gateway, db.dataSource, timing), new LedgeredPaymentPort('braintree', gateway, db.dataSource, timing)];
    const number = await order();
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => instances[index % 2].charge(request(number))));
    expect(gateway.charges).toHaveLength(1);
    expect(new Set(results.map((result) => (result.outcome === 'charged' ? result.transactionId : result.outcome)))).toEqual(new Set(['txn-1']));
    const rows = await db.dataSource.query('SELECT state, transaction_id FROM payment_charges WHERE order_number = $1', [number]);
    expect(rows).toEqual([{ state: 'charged', transaction_id: 'txn-1' }]);
  });

  it('asks the gateway about a charge whose answer was lost, instead of charging again', async () => {
    const gateway = new ForgetfulGateway();
    const ledger = new LedgeredPaymentPort('braintree', gateway, db.dataSource, timing);
    const number = await order();
    gateway.loseNextAnswer = true;
    await expect(ledger.charge(request(number))).rejects.toThrow('timed out');
    expect((await db.dataSource.query('SELECT state FROM payment_charges WHERE order_number = $1', [number]))[0].state).toBe('unknown');
    await expect(ledger.charge(request(number))).resolves.toEqual({ outcome: 'charged', transactionId: 'txn-1' });
    expect(gateway.charges).toHaveLength(1);
  });

  it('charges when the lost answer was before the money moved, and remembers a decline for its key', async () => {
    const gateway = new ForgetfulGateway();
    const ledger = new LedgeredPaymentPort('braintree', gateway, db.dataSource, timing);
    const number = await order();
    await db.dataSource.query(`INSERT INTO payment_charges (idempotency_key, gateway, order_number, state) VALUES ($1, 'braintree', $2, 'unknown')`, [`${number}-1`, number]);
    await expect(ledger.charge(request(number))).resolves.toMatchObject({ outcome: 'charged' });
    expect(gateway.charges).toHaveLength(1);

    gateway.declineNext = true;
    await expect(ledger.charge(request(number, 2))).resolves.toMatchObject({ outcome: 'declined', code: 300011 });
    await expect(ledger.charge(request(number, 2))).resolves.toMatchObject({ outcome: 'declined', code: 300011 });
    expect(gateway.charges).toHaveLength(1);
  });

  it('takes over a claim abandoned by a crashed caller, and waits rather than charging while a claim is fresh', async () => {
    const gateway = new ForgetfulGateway();
    const number = await order();
    await db.dataSource.query(
      `INSERT INTO payment_charges (idempotency_key, gateway, order_number, state, claimed_at) VALUES ($1, 'braintree', $2, 'in-flight', now())`,
      [`${number}-1`, number],
    );
    const impatient = new LedgeredPaymentPort('braintree', gateway, db.dataSource, { waitMs: 100, claimTimeoutMs: 60_000, pollMs: 10 });
    await expect(impatient.charge(request(number))).rejects.toThrow('still in progress');
    expect(gateway.charges).toHaveLength(0);

    await db.dataSource.query(`UPDATE payment_charges SET claimed_at = now() - interval '2 minutes' WHERE order_number = $1`, [number]);
    const ledger = new LedgeredPaymentPort('braintree', gateway, db.dataSource, timing);
    await expect(ledger.charge(request(number))).resolves.toMatchObject({ outcome: 'charged' });
    expect(gateway.charges).toHaveLength(1);
  });

  it('settles a key nobody charged as abandoned, so no later charge can be made under it', async () => {
    const gateway = new ForgetfulGateway();
    const ledger = new LedgeredPaymentPort('braintree', gateway, db.dataSource, timing);
    const number = await order();
    await expect(ledger.settle(`${number}-1`, number)).resolves.toMatchObject({ outcome: 'declined', code: 300100 });
    await expect(ledger.charge(request(number))).resolves.toMatchObject({ outcome: 'declined', code: 300100 });
    expect(gateway.charges).toHaveLength(0);
  });

  it('settles a key whose answer was lost by asking the gateway, and refuses while another caller holds it', async () => {
    const gateway = new ForgetfulGateway();
    const ledger = new LedgeredPaymentPort('braintree', gateway, db.dataSource, timing);
    const number = await order();
    gateway.loseNextAnswer = true;
    await expect(ledger.charge(request(number))).rejects.toThrow('timed out');
    await expect(ledger.settle(`${number}-1`, number)).resolves.toEqual({ outcome: 'charged', transactionId: 'txn-1' });
    const [row] = await db.dataSource.query('SELECT state, uncertain FROM payment_charges WHERE order_number = $1', [number]);
    expect(row).toEqual({ state: 'charged', uncertain: true });

    const busy = await order();
    await db.dataSource.query(`INSERT INTO payment_charges (idempotency_key, gateway, order_number, state) VALUES ($1, 'braintree', $2, 'in-flight')`, [`${busy}-1`, busy]);
    await expect(ledger.settle(`${busy}-1`, busy)).rejects.toThrow('still in progress');
  });

  it('reverses a charge once for ten concurrent callers on two instances, and once after a lost answer', async () => {
    const gateway = new ForgetfulGateway(40);
    const instances = [new LedgeredPaymentPort('braintree', gateway, db.dataSource, timing), new LedgeredPaymentPort('braintree', gateway, db.dataSource, timing)];
    const number = await order();
    await instances[0].charge(request(number));
    const charge = { idempotencyKey: `${number}-1`, transactionId: 'txn-1', orderNumber: number, reason: 'test' };
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, index) => instances[index % 2].reverse(charge)));
    // One caller reversed; the others found it reversed, or in progress (to be tried again later).
    expect(results.filter((result) => result.status === 'fulfilled').length).toBeGreaterThan(0);
    for (const result of results) if (result.status === 'rejected') expect(String(result.reason)).toMatch(/in progress elsewhere/);
    expect(gateway.reversals).toEqual(['txn-1']);
    expect(gateway.reverseCalls).toBe(1);
    expect(await db.dataSource.query('SELECT state FROM payment_reversals WHERE transaction_id = $1', ['txn-1'])).toEqual([{ state: 'reversed' }]);

    const lost = await order();
    await instances[0].charge(request(lost));
    gateway.loseNextReversalAnswer = true;
    const second = { idempotencyKey: `${lost}-1`, transactionId: 'txn-2', orderNumber: lost, reason: 'test' };
    await expect(instances[0].reverse(second)).rejects.toThrow('timed out');
    expect(await db.dataSource.query('SELECT state FROM payment_reversals WHERE transaction_id = $1', ['txn-2'])).toEqual([{ state: 'unknown' }]);
    await instances[1].reverse(second);
    await instances[1].reverse(second);
    expect(gateway.reversals).toEqual(['txn-1', 'txn-2']);
    // The lost one, and the one that found it done: the third call was answered by the ledger.
    expect(gateway.reverseCalls).toBe(3);
  });
});
