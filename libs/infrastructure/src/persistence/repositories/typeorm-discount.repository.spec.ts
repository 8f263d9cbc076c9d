import { randomUUID } from 'node:crypto';
import { insertCustomer } from '../../testing/customers';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { TypeOrmDiscountRepository } from './typeorm-discount.repository';

let db: TestDatabase;
let discounts: TypeOrmDiscountRepository;

beforeAll(async () => {
  db = await createTestDatabase();
  discounts = new TypeOrmDiscountRepository(db.dataSource);
});
afterAll(() => db?.drop());

describe('TypeOrmDiscountRepository on the seeded codes', () => {
  it('finds a code however the shopper typed it, with all its conditions', async () => {
    expect(await discounts.find(' partner15 ')).toEqual({
      code: 'PARTNER15',
      percentOff: 15,
      maxUses: null,
      uses: 0,
      maxUsesPerCustomer: null,
      email: 'partner@example.com',
      expiresAt: null,
      countryAccounts: ['GB'],
    });
    expect(await discounts.find('welcome10')).toMatchObject({ maxUsesPerCustomer: 1, countryAccounts: null });
    expect((await discounts.find('AUTUMN20'))?.expiresAt).toEqual(new Date('2025-11-30T23:59:59Z'));
    expect(await discounts.find('SPRING25')).toMatchObject({ maxUses: 100, uses: 100 });
  });

  it('finds nothing for unknown or malformed codes without asking the database to match them', async () => {
    expect(await discounts.find('NOPE')).toBeNull();
    expect(await discounts.find("' OR 1=1 --")).toBeNull();
    expect(await discounts.find('')).toBeNull();
  });

  it("counts only this customer's redemptions of this code", async () => {
    const [ada, bob] = [(await insertCustomer(db.dataSource)).id, (await insertCustomer(db.dataSource)).id];
    const redeem = (code: string, customer: string) =>
      db.dataSource.query('INSERT INTO discount_redemptions (id, code, customer_id) VALUES ($1, $2, $3)', [randomUUID(), code, customer]);
    await redeem('WELCOME10', ada);
    await redeem('WELCOME10', ada);
    await redeem('PARTNER15', ada);
    await redeem('WELCOME10', bob);
    expect(await discounts.redemptionsBy('welcome10', ada)).toBe(2);
    expect(await discounts.redemptionsBy('WELCOME10', bob)).toBe(1);
    expect(await discounts.redemptionsBy('ONTHEHOUSE', ada)).toBe(0);
  });
});
