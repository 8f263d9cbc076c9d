import type { BasketRepository } from '@store/application';
import type { Basket } from '@store/domain';
import type { DataSource } from 'typeorm';
import { BasketLineRecord, BasketRecord } from '../entities';

export class TypeOrmBasketRepository implements BasketRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(reference: string): Promise<Basket | null> {
    // An ordered basket is closed: it is an order now, and the shopper starts a new basket.
    // getOne (no LIMIT) is one query; findOne with a relation makes TypeORM run a second, DISTINCT one.
    const record = await this.dataSource
      .getRepository(BasketRecord)
      .createQueryBuilder('basket')
      .leftJoinAndSelect('basket.lines', 'line')
      .where('basket.reference = :reference AND basket.ordered_at IS NULL', { reference })
      .orderBy('line.position', 'ASC')
      .getOne();
    if (!record) return null;
    return {
      reference: record.reference,
      countryAccount: record.countryAccountCode,
      discountCode: record.discountCode,
      ...(record.voucherCode ? { voucherCode: record.voucherCode } : {}),
      shippingCountry: record.shippingCountry,
      customerId: record.customerId,
      version: record.version,
      ...(record.placingOrder ? { orderInFlight: true } : {}),
      lines: record.lines.map((line) => ({
        reference: line.reference,
        suiteReference: line.suiteReference,
        productReference: line.productReference,
        quantity: line.quantity,
        quantityLocked: line.quantityLocked,
      })),
    };
  }

  /**
   * Compare-and-set on the version column: the update only matches the version this change
   * was made from, and a new basket is inserted only if its reference is still free.
   */
  async save(basket: Basket): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const updated = await manager
        .createQueryBuilder()
        .update(BasketRecord)
        .set({
          version: basket.version,
          discountCode: basket.discountCode,
          voucherCode: basket.voucherCode ?? null,
          shippingCountry: basket.shippingCountry,
          customerId: basket.customerId,
          updatedAt: () => 'now()',
        })
        // Never while its order is being placed: the reservation sets placing_order on this row, so
        // an edit racing it either lands first (and the reservation finds the version moved on) or
        // finds the flag set once the reservation commits.
        .where('reference = :reference AND version = :previous AND ordered_at IS NULL AND NOT placing_order', {
          reference: basket.reference,
          previous: basket.version - 1,
        })
        .execute();
      if (!updated.affected) {
        const inserted: unknown[] = await manager.query(
          `INSERT INTO baskets (reference, country_account_code, discount_code, shipping_country, customer_id, version, voucher_code)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (reference) DO NOTHING RETURNING reference`,
          [basket.reference, basket.countryAccount, basket.discountCode, basket.shippingCountry, basket.customerId, basket.version, basket.voucherCode ?? null],
        );
        if (inserted.length === 0) return false;
      }
      // Every saved change of a basket voids the payment set up for it (spec 2 §4).
      await manager.query(`DELETE FROM basket_payment_states WHERE basket_reference = $1`, [basket.reference]);
      await manager.delete(BasketLineRecord, { basketReference: basket.reference });
      if (basket.lines.length > 0) {
        await manager.insert(
          BasketLineRecord,
          basket.lines.map((line, position) => ({
            reference: line.reference,
            basketReference: basket.reference,
            suiteReference: line.suiteReference,
            productReference: line.productReference,
            quantity: line.quantity,
            quantityLocked: line.quantityLocked,
            position,
          })),
        );
      }
      return true;
    });
  }

  async claim(reference: string, customerId: string): Promise<void> {
    await this.dataSource.query(`UPDATE baskets SET customer_id = $2 WHERE reference = $1 AND customer_id IS NULL`, [reference, customerId]);
  }

  async candidatesFor(customerId: string, except: string | null): Promise<string[]> {
    const rows: { reference: string }[] = await this.dataSource.query(
      `SELECT b.reference FROM baskets b
       WHERE b.customer_id = $1 AND b.reference <> $2 AND b.ordered_at IS NULL AND EXISTS (SELECT 1 FROM basket_lines l WHERE l.basket_reference = b.reference)
       ORDER BY b.updated_at DESC LIMIT 10`,
      [customerId, except ?? ''],
    );
    return rows.map((row) => row.reference);
  }
}
