import { aCustomer } from '@store/domain/testing';
import type { Customer } from '@store/domain';
import type { DataSource } from 'typeorm';

/** Stores a customer row (no credentials) for tests that need one to refer to; returns it. */
export async function insertCustomer(dataSource: DataSource, overrides: Partial<Customer> = {}): Promise<Customer> {
  const customer = aCustomer(overrides);
  await dataSource.query(
    `INSERT INTO customers (id, public_id, email, email_normalised, first_name, last_name, account_type, customer_category)
     VALUES ($1, $2, $3, lower($3), $4, $5, $6, $7)`,
    [customer.id, customer.publicId, customer.email, customer.firstName, customer.lastName, customer.accountType, customer.customerCategory],
  );
  return customer;
}
