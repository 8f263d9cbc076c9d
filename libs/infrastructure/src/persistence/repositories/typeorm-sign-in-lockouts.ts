import type { SignInLockouts, TrustedDevice } from '@store/application';
import type { DataSource } from 'typeorm';
import { returnedRows } from './typeorm-identity.repositories';

/** The account's lock is its status; each device cookie's counter and lock are a row of sign_in_devices. */
export class TypeOrmSignInLockouts implements SignInLockouts {
  constructor(private readonly dataSource: DataSource) {}

  async lockAccount(customerId: string): Promise<boolean> {
    const rows = returnedRows(
      await this.dataSource.query(`UPDATE customers SET status = 'locked', updated_at = now() WHERE id = $1 AND status = 'active' RETURNING id`, [customerId]),
    );
    return rows.length === 1;
  }

  async recordDeviceFailure(device: TrustedDevice): Promise<number> {
    const rows = returnedRows<{ failed_sign_ins: number }>(
      await this.dataSource.query(
      `INSERT INTO sign_in_devices (customer_id, device_id, failed_sign_ins) VALUES ($1, $2, 1)
       ON CONFLICT (customer_id, device_id) DO UPDATE SET failed_sign_ins = sign_in_devices.failed_sign_ins + 1, updated_at = now()
       RETURNING failed_sign_ins`,
      [device.customerId, device.deviceId],
      ),
    );
    return rows[0]?.failed_sign_ins ?? 0;
  }

  async lockDevice(device: TrustedDevice): Promise<boolean> {
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE sign_in_devices SET locked_at = now(), updated_at = now() WHERE customer_id = $1 AND device_id = $2 AND locked_at IS NULL RETURNING device_id`,
        [device.customerId, device.deviceId],
      ),
    );
    return rows.length === 1;
  }

  async isDeviceLocked(device: TrustedDevice): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM sign_in_devices WHERE customer_id = $1 AND device_id = $2 AND locked_at IS NOT NULL`,
      [device.customerId, device.deviceId],
    );
    return rows.length > 0;
  }

  async clearDeviceFailures(device: TrustedDevice): Promise<void> {
    await this.dataSource.query(`DELETE FROM sign_in_devices WHERE customer_id = $1 AND device_id = $2 AND locked_at IS NULL`, [device.customerId, device.deviceId]);
  }
}
