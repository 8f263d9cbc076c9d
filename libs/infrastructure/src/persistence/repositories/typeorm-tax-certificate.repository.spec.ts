import type { TaxCertificate } from '@store/application';
import { CERTIFICATE_QUOTA } from '@store/domain';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { TypeOrmTaxCertificateRepository } from './typeorm-tax-certificate.repository';

let db: TestDatabase;
let certificates: TypeOrmTaxCertificateRepository;
const [ada, bob] = [randomUUID(), randomUUID()];

beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
  certificates = new TypeOrmTaxCertificateRepository(db.dataSource);
  for (const [id, email] of [[ada, 'ada@example.com'], [bob, 'bob@example.com']]) {
    await db.dataSource.query(
      `INSERT INTO customers (id, public_id, email, email_normalised, first_name, last_name, account_type, customer_category)
       VALUES ($1, $2, $3, $3, 'T', 'T', 'personal', 'personal')`,
      [id, `pub-${id}`, email],
    );
  }
  await db.dataSource.query(`INSERT INTO country_accounts (code, name, currency_code, tax_inclusive) VALUES ('US', 'United States', 'USD', false)`);
  await db.dataSource.query(`INSERT INTO baskets (reference, country_account_code, customer_id) VALUES ('adas-basket', 'US', $1)`, [ada]);
});
afterAll(() => db?.drop());

const certificate = (overrides: Partial<TaxCertificate> = {}): TaxCertificate => {
  const id = randomUUID();
  return {
    id,
    customerId: ada,
    taxAuthority: 'TX',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    fileName: 'Exemption – Texas.pdf',
    contentType: 'application/pdf',
    size: 1234,
    storageKey: `tax-certificates/${id}`,
    sha256: 'a'.repeat(64),
    basketReference: 'adas-basket',
    orderReference: null,
    createdAt: new Date('2026-03-15T12:00:00.000Z'),
    ...overrides,
  };
};

describe('TypeOrmTaxCertificateRepository', () => {
  it('adds a certificate and finds it for its owner exactly as added, dates as calendar dates', async () => {
    const added = certificate();
    await certificates.add(added, CERTIFICATE_QUOTA);
    // Equal means the dates come back as the text given, not as midnight in some time zone.
    expect(await certificates.findOwned(added.id, ada)).toEqual(added);
  });

  it('finds nothing for another customer, an unknown id, or text that is not an id', async () => {
    const added = certificate();
    await certificates.add(added, CERTIFICATE_QUOTA);
    expect(await certificates.findOwned(added.id, bob)).toBeNull();
    expect(await certificates.findOwned(randomUUID(), ada)).toBeNull();
    expect(await certificates.findOwned("' OR 1=1 --", ada)).toBeNull();
    expect(await certificates.findOwned(added.id, 'not-a-customer')).toBeNull();
  });

  it.each([
    ['a start before 1960', { startDate: '1959-12-31' }],
    ['a content type that is not a certificate', { contentType: 'application/x-msdownload' }],
    ['a file over 10 MB', { size: 10_485_761 }],
    ['an empty file', { size: 0 }],
    ['a digest that is not SHA-256 hex', { sha256: 'xyz' }],
    ['an authority that is not a code', { taxAuthority: 'tx' }],
  ])('has the database refuse %s', async (_, overrides) => {
    await expect(certificates.add(certificate(overrides), CERTIFICATE_QUOTA)).rejects.toThrow(/violates check constraint/);
  });

  it('refuses a second record for the same stored file', async () => {
    const first = certificate();
    await certificates.add(first, CERTIFICATE_QUOTA);
    await expect(certificates.add(certificate({ storageKey: first.storageKey }), CERTIFICATE_QUOTA)).rejects.toThrow(/duplicate key/);
  });

  it('keeps the certificate when its basket goes, and keeps the customer while they have one', async () => {
    await db.dataSource.query(`INSERT INTO baskets (reference, country_account_code, customer_id) VALUES ('short-lived', 'US', $1)`, [bob]);
    const added = certificate({ customerId: bob, basketReference: 'short-lived' });
    await certificates.add(added, CERTIFICATE_QUOTA);
    await db.dataSource.query(`DELETE FROM baskets WHERE reference = 'short-lived'`);
    expect((await certificates.findOwned(added.id, bob))?.basketReference).toBeNull();
    await expect(db.dataSource.query(`DELETE FROM customers WHERE id = $1`, [bob])).rejects.toThrow(/foreign key/);
  });
});
