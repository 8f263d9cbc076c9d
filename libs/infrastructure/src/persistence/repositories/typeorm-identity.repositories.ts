import type {
  ContactPreferences,
  CustomerCategoryRepository,
  CustomerRepository,
  NewCustomer,
  ReservedEmailRepository,
  SessionRepository,
} from '@store/application';
import { isAccountType, normaliseEmail, type Customer, type CustomerCategory, type CustomerStatus } from '@store/domain';
import type { DataSource } from 'typeorm';
import { CustomerCategoryRecord, CustomerRecord } from '../entities';
import { preparedQuery } from '../prepared-statements';

const UNIQUE_VIOLATION = '23505';

/** TypeORM answers UPDATE/DELETE ... RETURNING on Postgres as [rows, affected]; other queries as rows. */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

/** Whitelists what leaves the table: never the password hash or the failure counter. */
type CustomerFields = Pick<
  CustomerRecord,
  'id' | 'publicId' | 'email' | 'emailVerified' | 'firstName' | 'lastName' | 'country' | 'accountType' | 'customerCategory' | 'accountName' | 'hasConfirmedAccountType' | 'status'
>;

/** The customers columns CUSTOMER_COLUMNS selects, as a plain query (or row_to_json) returns them. */
export interface CustomerRow {
  id: string;
  public_id: string;
  email: string;
  email_verified: boolean;
  first_name: string;
  last_name: string;
  country: string | null;
  account_type: string;
  customer_category: string;
  account_name: string | null;
  has_confirmed_account_type: boolean;
  status: string;
}
export const CUSTOMER_COLUMNS =
  'id, public_id, email, email_verified, first_name, last_name, country, account_type, customer_category, account_name, has_confirmed_account_type, status';

export function customerOfRow(row: CustomerRow): Customer {
  return toCustomer({
    id: row.id,
    publicId: row.public_id,
    email: row.email,
    emailVerified: row.email_verified,
    firstName: row.first_name,
    lastName: row.last_name,
    country: row.country,
    accountType: row.account_type,
    customerCategory: row.customer_category,
    accountName: row.account_name,
    hasConfirmedAccountType: row.has_confirmed_account_type,
    status: row.status,
  });
}

export function toCustomer(record: CustomerFields): Customer {
  if (!isAccountType(record.accountType)) throw new Error(`Customer ${record.id} has an unknown account type`);
  return {
    id: record.id,
    publicId: record.publicId,
    email: record.email,
    emailVerified: record.emailVerified,
    firstName: record.firstName,
    lastName: record.lastName,
    country: record.country,
    accountType: record.accountType,
    customerCategory: record.customerCategory,
    accountName: record.accountName,
    hasConfirmedAccountType: record.hasConfirmedAccountType,
    status: record.status as CustomerStatus,
  };
}

export class TypeOrmCustomerRepository implements CustomerRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findById(id: string): Promise<Customer | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const record = await this.dataSource.getRepository(CustomerRecord).findOneBy({ id });
    return record ? toCustomer(record) : null;
  }

  async findByEmail(email: string): Promise<Customer | null> {
    const record = await this.dataSource.getRepository(CustomerRecord).findOneBy({ emailNormalised: normaliseEmail(email) });
    return record ? toCustomer(record) : null;
  }

  /** One transaction; the unique index on the normalised email decides a race between two sign-ups. */
  async create(input: NewCustomer): Promise<'created' | 'email-taken'> {
    const { customer } = input;
    try {
      await this.dataSource.transaction(async (db) => {
        await db.query(
          `INSERT INTO customers (id, public_id, email, email_normalised, email_verified, first_name, last_name, country,
             account_type, customer_category, account_name, has_confirmed_account_type, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
          [
            customer.id,
            customer.publicId,
            customer.email,
            normaliseEmail(customer.email),
            customer.emailVerified,
            customer.firstName,
            customer.lastName,
            customer.country,
            customer.accountType,
            customer.customerCategory,
            customer.accountName,
            customer.hasConfirmedAccountType,
            customer.status,
          ],
        );
        await db.query(`INSERT INTO credentials (customer_id, password_hash) VALUES ($1, $2)`, [customer.id, input.passwordHash]);
        await db.query(
          `INSERT INTO contact_preferences (customer_id, marketing_opt_in, terms_accepted_at, hash) VALUES ($1, $2, now(), $3)`,
          [customer.id, input.contactPreferences.marketingOptIn, input.contactPreferences.hash],
        );
      });
      return 'created';
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === UNIQUE_VIOLATION && constraint === 'customers_email_normalised_key') return 'email-taken';
      throw error;
    }
  }

  async passwordHashOf(customerId: string): Promise<string | null> {
    const rows: { password_hash: string }[] = await this.dataSource.query(`SELECT password_hash FROM credentials WHERE customer_id = $1`, [customerId]);
    return rows[0]?.password_hash ?? null;
  }

  async setPassword(customerId: string, passwordHash: string): Promise<void> {
    await this.dataSource.transaction(async (db) => {
      await db.query(`UPDATE credentials SET password_hash = $2, password_changed_at = now() WHERE customer_id = $1`, [customerId, passwordHash]);
      await db.query(
        `UPDATE customers SET failed_sign_ins = 0, status = CASE WHEN status = 'locked' THEN 'active' ELSE status END, updated_at = now() WHERE id = $1`,
        [customerId],
      );
      // A new password ends every lockout, the device cookies' included (their mail says so).
      await db.query(`DELETE FROM sign_in_devices WHERE customer_id = $1`, [customerId]);
    });
  }

  async updateAccount(
    customerId: string,
    account: Pick<Customer, 'accountType' | 'customerCategory' | 'accountName' | 'hasConfirmedAccountType'>,
  ): Promise<boolean> {
    // As the session's own check: an account suspended while this request was on its way is left as it is.
    const rows = returnedRows<{ id: string }>(
      await this.dataSource.query(
        `UPDATE customers SET account_type = $2, customer_category = $3, account_name = $4, has_confirmed_account_type = $5, updated_at = now()
         WHERE id = $1 AND status <> 'suspended' RETURNING id`,
        [customerId, account.accountType, account.customerCategory, account.accountName, account.hasConfirmedAccountType],
      ),
    );
    return rows.length === 1;
  }

  async recordFailedSignIn(customerId: string): Promise<number> {
    const rows = returnedRows<{ failed_sign_ins: number }>(
      await this.dataSource.query(`UPDATE customers SET failed_sign_ins = failed_sign_ins + 1 WHERE id = $1 RETURNING failed_sign_ins`, [customerId]),
    );
    return rows[0]?.failed_sign_ins ?? 0;
  }

  async resetFailedSignIns(customerId: string): Promise<void> {
    await this.dataSource.query(`UPDATE customers SET failed_sign_ins = 0 WHERE id = $1 AND failed_sign_ins <> 0`, [customerId]);
  }

  async setStatus(customerId: string, status: CustomerStatus): Promise<void> {
    await this.dataSource.query(`UPDATE customers SET status = $2, updated_at = now() WHERE id = $1`, [customerId, status]);
  }

  async contactPreferences(customerId: string): Promise<ContactPreferences | null> {
    const rows: { marketing_opt_in: boolean; hash: string }[] = await this.dataSource.query(
      `SELECT marketing_opt_in, hash FROM contact_preferences WHERE customer_id = $1`,
      [customerId],
    );
    return rows[0] ? { customerId, marketingOptIn: rows[0].marketing_opt_in, termsAccepted: true, hash: rows[0].hash } : null;
  }

  async setMarketingOptInByHash(hash: string, optIn: boolean): Promise<boolean> {
    const rows = returnedRows(
      await this.dataSource.query(`UPDATE contact_preferences SET marketing_opt_in = $2, updated_at = now() WHERE hash = $1 RETURNING customer_id`, [
        hash,
        optIn,
      ]),
    );
    return rows.length > 0;
  }
}

export class TypeOrmReservedEmailRepository implements ReservedEmailRepository {
  constructor(private readonly dataSource: DataSource) {}

  async reserve(email: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO reserved_emails (email_normalised) VALUES ($1) ON CONFLICT (email_normalised) DO UPDATE SET reserved_at = now()`,
      [normaliseEmail(email)],
    );
  }

  async release(email: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM reserved_emails WHERE email_normalised = $1`, [normaliseEmail(email)]);
  }

  async isReserved(email: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM reserved_emails WHERE email_normalised = $1`, [normaliseEmail(email)]);
    return rows.length > 0;
  }
}

export class TypeOrmCustomerCategoryRepository implements CustomerCategoryRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<{ business: CustomerCategory[]; education: CustomerCategory[] }> {
    const records = await this.dataSource.getRepository(CustomerCategoryRecord).find({ order: { sortOrder: 'ASC', fqn: 'ASC' } });
    const of = (kind: string) => records.filter((record) => record.fqn.startsWith(`${kind}.`)).map(({ name, fqn }) => ({ name, fqn }));
    return { business: of('business'), education: of('education') };
  }
}

const SESSION_CUSTOMER_SQL = `SELECT ${CUSTOMER_COLUMNS} FROM customers
  WHERE id = (SELECT customer_id FROM sessions WHERE id_digest = $1 AND expires_at > $2)`;

export class TypeOrmSessionRepository implements SessionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(session: { idDigest: string; customerId: string; expiresAt: Date }): Promise<void> {
    await this.dataSource.query(`INSERT INTO sessions (id_digest, customer_id, expires_at) VALUES ($1, $2, $3)`, [
      session.idDigest,
      session.customerId,
      session.expiresAt,
    ]);
  }

  /**
   * The session and its customer in one query: this runs on nearly every request, so it is a
   * named statement (prepared once per connection). id_digest is the sessions' key: at most one row.
   */
  async customerOf(idDigest: string, now: Date): Promise<Customer | null> {
    const [row] = await preparedQuery<CustomerRow>(this.dataSource, 'session-customer', SESSION_CUSTOMER_SQL, [idDigest, now]);
    return row ? customerOfRow(row) : null;
  }

  async delete(idDigest: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM sessions WHERE id_digest = $1`, [idDigest]);
  }

  async deleteAllFor(customerId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM sessions WHERE customer_id = $1`, [customerId]);
  }
}
