import type { PaymentStateRepository } from '@store/application';
import type { PaymentGateway } from '@store/domain';
import type { DataSource } from 'typeorm';

export class TypeOrmPaymentStateRepository implements PaymentStateRepository {
  constructor(private readonly dataSource: DataSource) {}

  async chooseGateway(basketReference: string, basketVersion: number, gateway: PaymentGateway): Promise<boolean> {
    // Written only while the basket is still at the version the decision was made for.
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO basket_payment_states (basket_reference, basket_version, gateway)
       SELECT reference, version, $3 FROM baskets WHERE reference = $1 AND version = $2
       ON CONFLICT (basket_reference) DO UPDATE SET basket_version = EXCLUDED.basket_version, gateway = EXCLUDED.gateway,
         payment_session = NULL, payment_source = NULL, client_token = NULL, is_mor_ready = false, created_at = now()
       RETURNING basket_reference`,
      [basketReference, basketVersion, gateway],
    );
    return rows.length === 1;
  }

  async gatewayOf(basketReference: string): Promise<PaymentGateway | null> {
    const [row]: { gateway: PaymentGateway }[] = await this.dataSource.query(
      `SELECT s.gateway FROM basket_payment_states s JOIN baskets b ON b.reference = s.basket_reference AND b.version = s.basket_version
       WHERE s.basket_reference = $1`,
      [basketReference],
    );
    return row?.gateway ?? null;
  }
}
