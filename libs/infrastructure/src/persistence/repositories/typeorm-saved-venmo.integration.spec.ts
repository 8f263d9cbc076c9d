import { insertCustomer } from '../../testing/customers';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { TypeOrmSavedVenmoRepository } from './typeorm-saved-venmo.repository';

let db: TestDatabase;
let saved: TypeOrmSavedVenmoRepository;

beforeAll(async () => {
  db = await createTestDatabase();
  saved = new TypeOrmSavedVenmoRepository(db.dataSource);
}, 60_000);
afterAll(() => db?.drop());

describe('saved Venmo accounts on Postgres', () => {
  it('keeps one account per customer: saving again replaces it and clears its last refusal', async () => {
    const customer = await insertCustomer(db.dataSource);
    const other = await insertCustomer(db.dataSource);
    expect(await saved.find(customer.id)).toBeNull();
    await saved.save({ customerId: customer.id, vaultCustomerId: 'vault-1', token: 'venmo-token-1', username: '@venmojoe' });
    await saved.save({ customerId: other.id, vaultCustomerId: 'vault-2', token: 'venmo-token-2', username: '@someone' });
    expect(await saved.find(customer.id)).toEqual({ customerId: customer.id, vaultCustomerId: 'vault-1', token: 'venmo-token-1', username: '@venmojoe', lastResponseCode: null });

    await saved.update(customer.id, 'venmo-token-1', { lastResponseCode: 310277 });
    expect((await saved.find(customer.id))?.lastResponseCode).toBe(310277);
    await saved.save({ customerId: customer.id, vaultCustomerId: 'vault-1', token: 'venmo-token-3', username: '@venmojoe' });
    expect(await saved.find(customer.id)).toMatchObject({ token: 'venmo-token-3', lastResponseCode: null });
    const [{ count }] = await db.dataSource.query(`SELECT count(*)::int AS count FROM saved_venmo_accounts WHERE customer_id = $1`, [customer.id]);
    expect(count).toBe(1);
    expect(await saved.find(other.id)).toMatchObject({ token: 'venmo-token-2', username: '@someone' });
  });

  it('marks only the account it was about: a newer account saved since keeps working', async () => {
    const customer = await insertCustomer(db.dataSource);
    await saved.save({ customerId: customer.id, vaultCustomerId: 'vault-3', token: 'venmo-old', username: '@venmojoe' });
    await saved.save({ customerId: customer.id, vaultCustomerId: 'vault-3', token: 'venmo-new', username: '@venmojoe' });
    await saved.update(customer.id, 'venmo-old', { lastResponseCode: 310277 });
    expect(await saved.find(customer.id)).toMatchObject({ token: 'venmo-new', lastResponseCode: null });
  });

  it('removes the account and hands it back once; nothing is left to remove after', async () => {
    const customer = await insertCustomer(db.dataSource);
    await saved.save({ customerId: customer.id, vaultCustomerId: 'vault-4', token: 'venmo-token-4', username: '@venmojoe' });
    expect(await saved.remove(customer.id)).toMatchObject({ token: 'venmo-token-4', customerId: customer.id });
    expect(await saved.remove(customer.id)).toBeNull();
    expect(await saved.find(customer.id)).toBeNull();
  });

  it('refuses what the gateway would never give: a token or username outside its characters, an unknown customer', async () => {
    const customer = await insertCustomer(db.dataSource);
    await expect(saved.save({ customerId: customer.id, vaultCustomerId: 'vault-5', token: "x'; DROP TABLE customers; --", username: '@venmojoe' })).rejects.toThrow(/check constraint/);
    await expect(saved.save({ customerId: customer.id, vaultCustomerId: 'vault-5', token: 'venmo-token-5', username: '<script>' })).rejects.toThrow(/check constraint/);
    await expect(saved.save({ customerId: '00000000-0000-4000-8000-000000000000', vaultCustomerId: 'vault-5', token: 'venmo-token-5', username: '@venmojoe' })).rejects.toThrow(/foreign key/);
    expect(await saved.find(customer.id)).toBeNull();
  });
});
