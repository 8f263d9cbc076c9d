import type { EmailVerificationStore } from '@store/application';
import type { DataSource } from 'typeorm';
import { returnedRows } from './typeorm-identity.repositories';

export class TypeOrmEmailVerificationStore implements EmailVerificationStore {
  constructor(private readonly dataSource: DataSource) {}

  async markVerified(customerId: string, normalisedEmail: string): Promise<boolean> {
    // Only the address the link was sent for: a changed address needs its own link.
    const rows = returnedRows<{ id: string }>(
      await this.dataSource.query(`UPDATE customers SET email_verified = true WHERE id = $1 AND email_normalised = $2 RETURNING id`, [
        customerId,
        normalisedEmail,
      ]),
    );
    return rows.length === 1;
  }
}
