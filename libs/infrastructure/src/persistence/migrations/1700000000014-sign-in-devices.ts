import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wrong passwords sent with a device cookie (a browser that signed in before) are counted per
 * account and device, apart from the account's own counter, so that a stranger's guesses lock
 * out strangers while the owner's devices still sign in; ten lock that device alone.
 */
export class SignInDevices1700000000014 implements MigrationInterface {
  name = 'SignInDevices1700000000014';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sign_in_devices (
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        device_id char(22) NOT NULL,
        failed_sign_ins integer NOT NULL DEFAULT 0 CHECK (failed_sign_ins >= 0),
        locked_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (customer_id, device_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE sign_in_devices`);
  }
}
