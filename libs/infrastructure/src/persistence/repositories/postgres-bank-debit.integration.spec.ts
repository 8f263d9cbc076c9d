import { BankDebitReleases, PlaceOrder, type ChargeRequest, type ChargeResult, type DebitedBankAccount } from '@store/application';
import { aPlaceOrderCommand, FakePaymentPort } from '@store/application/testing';
import { emptyBasket, type Basket } from '@store/domain';
import { randomBytes, randomUUID } from 'node:crypto';
import { insertCustomer } from '../../testing/customers';
import { orderStorage } from '../../testing/order-storage';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { BankDebitAccounts1700000000033 } from '../migrations/1700000000033-bank-debit-accounts';
import { PostgresBankDebitRepository } from './postgres-bank-debit.repository';

// The account a bank debit is taken from, on Postgres: recorded with the debit when the order is
// placed, read back with the order, kept as first recorded, and held to its sizes by the table.

let db: TestDatabase;
let storage: ReturnType<typeof orderStorage>;
let debits: PostgresBankDebitRepository;

beforeAll(async () => {
  db = await createTestDatabase();
  storage = orderStorage(db);
  debits = new PostgresBankDebitRepository(db.dataSource);
}, 60_000);
afterAll(() => db?.drop());

/** The card gateway accepting a bank debit: charged, settling later, with the account its sale describes (or none). */
class DebitingGateway extends FakePaymentPort {
  /** Transaction ids unique across gateways (the fake numbers its own from 1). */
  private readonly prefix = randomUUID();

  constructor(private readonly account: DebitedBankAccount | null) {
    super(1);
  }

  override async charge(request: ChargeRequest): Promise<ChargeResult> {
    const result = await super.charge(request);
    if (result.outcome !== 'charged') return result;
    const charged = { ...result, transactionId: `${this.prefix}-${result.transactionId}`, settlesLater: true };
    return this.account ? { ...charged, bankAccount: this.account } : charged;
  }
}

const LONDON = { line1: '1 Main Street', city: 'London', postalCode: 'SW1A 1AA', country: 'GB' };
const LISBON = { line1: 'Rua Augusta 24', city: 'Lisboa', postalCode: '1100-053', country: 'PT' };

/** A new customer's order of Affinity Photo 2 placed through PlaceOrder with this gateway (in pounds, or in euros); its number. */
async function placedWith(gateway: FakePaymentPort, store: { readonly account: string; readonly address: typeof LONDON } = { account: 'GB', address: LONDON }): Promise<string> {
  const { baskets, billing, states, orders, reader } = storage;
  const customer = await insertCustomer(db.dataSource);
  const basket: Basket = {
    ...emptyBasket(randomUUID(), store.account),
    customerId: customer.id,
    version: 1,
    lines: [{ reference: randomUUID(), suiteReference: 'photo-2', productReference: 'photo-2-macos', quantity: 1, quantityLocked: false }],
  };
  await baskets.save(basket);
  await billing.save(customer.id, { ...store.address, line2: null, line3: null, county: null, state: null, vatId: null, vatIdStatus: null });
  const read = await reader().read(basket, customer);
  if (!read.ok) throw read.error;
  await states.chooseGateway(basket.reference, basket.version, 'braintree');
  const releases = new BankDebitReleases(debits);
  const placeOrder = new PlaceOrder(baskets, reader(), billing, states, orders, { braintree: gateway }, { bytes: (n) => randomBytes(n) }, { bankDebits: releases });
  const placed = await placeOrder.execute(aPlaceOrderCommand({ customer, basketReference: basket.reference, basketStaleHash: read.value.view.staleHash }, { withdrawalConsent: true }));
  if (!placed.ok) throw placed.error;
  return placed.value.order.number;
}

const SEPA: DebitedBankAccount = { kind: 'sepa', last4: '0154', mandateReference: 'QKETXMANDATE42', bankName: null };
const ACH: DebitedBankAccount = { kind: 'us-bank-account', last4: '0000', mandateReference: null, bankName: 'FEDERAL RESERVE BANK' };

describe('bank debit accounts on Postgres', () => {
  it('records the account the gateway described with the debit, and the order reads it back', async () => {
    const number = await placedWith(new DebitingGateway(SEPA));
    expect((await storage.orders.find(number))?.bankDebit).toEqual({
      state: 'pending',
      released: false,
      method: 'sepa',
      accountLast4: '0154',
      mandateReference: 'QKETXMANDATE42',
      bankName: null,
    });
    expect((await debits.findByOrder(number))?.account).toEqual(SEPA);

    const ach = await placedWith(new DebitingGateway(ACH));
    expect((await storage.orders.find(ach))?.bankDebit).toMatchObject({ method: 'us-bank-account', accountLast4: '0000', mandateReference: null, bankName: 'FEDERAL RESERVE BANK' });
    // The order list reads the same record.
    const [listed] = await storage.orders.listFor((await storage.orders.find(ach))?.customerId as string);
    expect(listed?.bankDebit).toMatchObject({ method: 'us-bank-account', accountLast4: '0000' });
  });

  it('keeps the account first recorded: recording the debit again (a retry, reconciliation) changes nothing', async () => {
    const number = await placedWith(new DebitingGateway(SEPA));
    const first = await debits.findByOrder(number);
    await debits.record({ transactionId: first?.transactionId as string, orderNumber: number, customerId: first?.customerId as string, released: true, account: { ...SEPA, last4: '9999' } });
    await debits.record({ transactionId: first?.transactionId as string, orderNumber: number, customerId: first?.customerId as string, released: true, account: null });
    expect(await debits.findByOrder(number)).toEqual(first);
  });

  it('a debit the gateway did not describe has no account, and the order says so with nulls', async () => {
    const number = await placedWith(new DebitingGateway(null));
    expect((await storage.orders.find(number))?.bankDebit).toEqual({ state: 'pending', released: false, method: null, accountLast4: null, mandateReference: null, bankName: null });
    expect((await debits.findByOrder(number))?.account).toBeNull();
  });

  it('debits recorded before the accounts were kept get their kind from the currency (SEPA takes euros only), and no account', async () => {
    const euros = await placedWith(new DebitingGateway(null), { account: 'EU', address: LISBON });
    const pounds = await placedWith(new DebitingGateway(null));
    const runner = db.dataSource.createQueryRunner();
    try {
      // The table as it was before migration 33, then the migration again.
      await new BankDebitAccounts1700000000033().down(runner);
      await new BankDebitAccounts1700000000033().up(runner);
    } finally {
      await runner.release();
    }
    expect((await storage.orders.find(euros))?.bankDebit).toMatchObject({ method: 'sepa', accountLast4: null, mandateReference: null });
    expect((await storage.orders.find(pounds))?.bankDebit).toMatchObject({ method: null });
    expect((await debits.findByOrder(euros))?.account).toBeNull();
  });

  it.each([
    ['a last four of one character', { account_last4: '1' }],
    ['a last four of five characters', { account_last4: '12345' }],
    ['a mandate reference over 100 characters', { mandate_reference: 'M'.repeat(101) }],
    ['an empty bank name', { bank_name: '' }],
    ['an unknown method', { method: 'card' }],
  ])('the table refuses %s', async (_, column) => {
    const number = await placedWith(new DebitingGateway(null));
    const [name, value] = Object.entries(column)[0] as [string, string];
    await expect(db.dataSource.query(`UPDATE bank_debits SET ${name} = $2 WHERE order_number = $1`, [number, value])).rejects.toThrow(/check constraint/);
  });
});
