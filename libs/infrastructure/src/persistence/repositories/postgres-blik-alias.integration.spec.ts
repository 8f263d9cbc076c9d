import { insertCustomer } from '../../testing/customers';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PostgresBlikAliasRepository } from './postgres-blik-alias.repository';

let db: TestDatabase;
let aliases: PostgresBlikAliasRepository;

beforeAll(async () => {
  db = await createTestDatabase();
  aliases = new PostgresBlikAliasRepository(db.dataSource);
}, 60_000);
afterAll(() => db?.drop());

describe('BLIK one-click aliases on Postgres', () => {
  it('keeps each alias once per customer, leaves out keys that are not digits, and lists them per customer', async () => {
    const customer = await insertCustomer(db.dataSource);
    const other = await insertCustomer(db.dataSource);
    expect(await aliases.listFor(customer.id)).toEqual([]);
    expect(await aliases.save(customer.id, [{ key: '1234567890', label: 'Affinity Store' }, { key: 'not-digits', label: 'x' }])).toBe(1);
    // Again (a redelivered notification), with the label changed: nothing new, the first label kept.
    expect(await aliases.save(customer.id, [{ key: '1234567890', label: 'Renamed' }])).toBe(0);
    expect(await aliases.save(customer.id, [{ key: '42', label: '  ' }])).toBe(1);
    expect(await aliases.save(other.id, [{ key: '1234567890', label: 'Theirs' }])).toBe(1);
    expect(await aliases.listFor(customer.id)).toEqual([
      { key: '1234567890', label: 'Affinity Store' },
      { key: '42', label: '42' },
    ]);
    expect(await aliases.listFor(other.id)).toEqual([{ key: '1234567890', label: 'Theirs' }]);
  });
});
