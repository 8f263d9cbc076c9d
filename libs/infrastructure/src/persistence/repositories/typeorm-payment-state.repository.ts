import type { MorCheckout, PaymentStateRepository } from '@store/application';
import { CHECKOUT_SESSION_GATEWAYS, type PaymentGateway } from '@store/domain';
import type { DataSource } from 'typeorm';
import { preparedQuery } from '../prepared-statements';

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
    const [row] = await preparedQuery<{ gateway: PaymentGateway }>(
      this.dataSource,
      'payment-state-gateway',
      `SELECT s.gateway FROM basket_payment_states s JOIN baskets b ON b.reference = s.basket_reference AND b.version = s.basket_version
       WHERE s.basket_reference = $1`,
      [basketReference],
    );
    return row?.gateway ?? null;
  }

  async saveCheckout(basketReference: string, basketVersion: number, checkout: MorCheckout): Promise<boolean> {
    // TypeORM answers an UPDATE … RETURNING with [rows, count].
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE basket_payment_states s SET payment_session = $3, payment_source = NULL, is_mor_ready = true
       FROM baskets b WHERE s.basket_reference = $1 AND b.reference = s.basket_reference AND b.version = $2 AND s.basket_version = $2
         AND s.gateway = ANY($4::text[])
       RETURNING s.basket_reference`,
      [basketReference, basketVersion, JSON.stringify(checkout), CHECKOUT_SESSION_GATEWAYS],
    );
    return rows.length === 1;
  }

  async checkoutOf(basketReference: string): Promise<MorCheckout | null> {
    const [row]: { payment_session: string | null }[] = await this.dataSource.query(
      `SELECT s.payment_session FROM basket_payment_states s JOIN baskets b ON b.reference = s.basket_reference AND b.version = s.basket_version
       WHERE s.basket_reference = $1 AND s.gateway = ANY($2::text[])`,
      [basketReference, CHECKOUT_SESSION_GATEWAYS],
    );
    return row?.payment_session ? (JSON.parse(row.payment_session) as MorCheckout) : null;
  }

  async saveSource(basketReference: string, checkoutId: string, sourceId: string): Promise<boolean> {
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE basket_payment_states s SET payment_source = $3
       FROM baskets b WHERE s.basket_reference = $1 AND b.reference = s.basket_reference AND b.version = s.basket_version
         AND s.payment_session::jsonb ->> 'checkoutId' = $2
       RETURNING s.basket_reference`,
      [basketReference, checkoutId, sourceId],
    );
    return rows.length === 1;
  }
}
