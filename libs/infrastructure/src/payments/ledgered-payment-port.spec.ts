import type { ChargeRequest, ChargeResult } from '@store/application';
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
});
