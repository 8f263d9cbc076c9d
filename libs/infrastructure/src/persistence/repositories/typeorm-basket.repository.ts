import type { BasketRepository } from '@store/application';
import type { Basket } from '@store/domain';
import type { DataSource } from 'typeorm';
import { preparedQuery } from '../prepared-statements';
import { ReferenceDataVersion } from './cached-reference-data';

/** A basket's own columns, as every read of a basket selects them. */
export interface BasketColumns {
  reference: string;
  country_account_code: string;
  discount_code: string | null;
  voucher_code: string | null;
  shipping_country: string | null;
  customer_id: string | null;
  version: number;
  placing_order: boolean;
}

/** A line's columns, as every read of a basket selects them. */
export interface BasketLineColumns {
  reference: string;
  suite_reference: string;
  product_reference: string;
  quantity: number;
  quantity_locked: boolean;
}

/** A basket from its row and its lines' rows, in their order. */
export function basketOfRows(basket: BasketColumns, lines: readonly BasketLineColumns[]): Basket {
  return {
    reference: basket.reference,
    countryAccount: basket.country_account_code,
    discountCode: basket.discount_code,
    ...(basket.voucher_code ? { voucherCode: basket.voucher_code } : {}),
    shippingCountry: basket.shipping_country,
    customerId: basket.customer_id,
    version: basket.version,
    ...(basket.placing_order ? { orderInFlight: true } : {}),
    lines: lines.map((line) => ({
      reference: line.reference,
      suiteReference: line.suite_reference,
      productReference: line.product_reference,
      quantity: line.quantity,
      quantityLocked: line.quantity_locked,
    })),
  };
}

/** A basket with one of its lines (the line columns NULL for a basket without lines). */
interface BasketLineRow extends BasketColumns {
  line_reference: string | null;
  suite_reference: string | null;
  product_reference: string | null;
  quantity: number | null;
  quantity_locked: boolean | null;
}

// The reference data's version comes with the basket: a request that reads a basket goes on to
// price it, and would otherwise read the version in a round trip of its own.
const FIND_SQL = `SELECT b.reference, b.country_account_code, b.discount_code, b.voucher_code, b.shipping_country, b.customer_id, b.version, b.placing_order,
    l.reference AS line_reference, l.suite_reference, l.product_reference, l.quantity, l.quantity_locked,
    (SELECT version FROM reference_data_version) AS reference_data_version
  FROM baskets b LEFT JOIN basket_lines l ON l.basket_reference = b.reference
  WHERE b.reference = $1 AND b.ordered_at IS NULL
  ORDER BY l.position`;

// Never while its order is being placed: the reservation sets placing_order on this row, so an
// edit racing it either lands first (and the reservation finds the version moved on) or finds
// the flag set once the reservation commits.
const UPDATE_SQL = `UPDATE baskets SET version = $2, discount_code = $3, voucher_code = $4, shipping_country = $5, customer_id = $6, updated_at = now()
  WHERE reference = $1 AND version = $7 AND ordered_at IS NULL AND NOT placing_order
  RETURNING reference`;

const INSERT_SQL = `INSERT INTO baskets (reference, country_account_code, discount_code, shipping_country, customer_id, version, voucher_code)
  VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (reference) DO NOTHING RETURNING reference`;

/** The lines in their order: position counts from 0 as the basket lists them. */
const INSERT_LINES_SQL = `INSERT INTO basket_lines (reference, basket_reference, suite_reference, product_reference, quantity, quantity_locked, position)
  SELECT line.reference, $1, line.suite_reference, line.product_reference, line.quantity, line.quantity_locked, line.ordinality - 1
  FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::integer[], $6::boolean[])
    WITH ORDINALITY AS line(reference, suite_reference, product_reference, quantity, quantity_locked, ordinality)`;

type FoundRow = BasketLineRow & { reference_data_version: string };

export class TypeOrmBasketRepository implements BasketRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(reference: string): Promise<Basket | null> {
    // An ordered basket is closed: it is an order now, and the shopper starts a new basket.
    // One row per line (one row with NULL line columns for an empty basket), in the lines' order.
    const rows = await preparedQuery<FoundRow>(this.dataSource, 'basket-find', FIND_SQL, [reference]);
    if (rows.length === 0) return null;
    ReferenceDataVersion.seen(rows[0].reference_data_version);
    const lines = rows
      .filter((row): row is FoundRow & { line_reference: string } => row.line_reference !== null)
      .map((row) => ({
        reference: row.line_reference,
        suite_reference: row.suite_reference as string,
        product_reference: row.product_reference as string,
        quantity: row.quantity as number,
        quantity_locked: row.quantity_locked as boolean,
      }));
    return basketOfRows(rows[0], lines);
  }

  /**
   * Compare-and-set on the version column: the update only matches the version this change
   * was made from, and a new basket is inserted only if its reference is still free. Every
   * statement is named (CHANGE_QUANTITY and APPLY_DISCOUNT_CODE run this under load), the lines
   * in one INSERT whatever their number.
   */
  async save(basket: Basket): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const updated = await preparedQuery(manager, 'basket-update', UPDATE_SQL, [
        basket.reference,
        basket.version,
        basket.discountCode,
        basket.voucherCode ?? null,
        basket.shippingCountry,
        basket.customerId,
        basket.version - 1,
      ]);
      if (updated.length === 0) {
        const inserted = await preparedQuery(manager, 'basket-insert', INSERT_SQL, [
          basket.reference,
          basket.countryAccount,
          basket.discountCode,
          basket.shippingCountry,
          basket.customerId,
          basket.version,
          basket.voucherCode ?? null,
        ]);
        if (inserted.length === 0) return false;
      }
      // Every saved change of a basket voids the payment set up for it (spec 2 §4).
      await preparedQuery(manager, 'basket-void-payment-state', 'DELETE FROM basket_payment_states WHERE basket_reference = $1', [basket.reference]);
      await preparedQuery(manager, 'basket-delete-lines', 'DELETE FROM basket_lines WHERE basket_reference = $1', [basket.reference]);
      if (basket.lines.length > 0) {
        await preparedQuery(manager, 'basket-insert-lines', INSERT_LINES_SQL, [
          basket.reference,
          basket.lines.map((line) => line.reference),
          basket.lines.map((line) => line.suiteReference),
          basket.lines.map((line) => line.productReference),
          basket.lines.map((line) => line.quantity),
          basket.lines.map((line) => line.quantityLocked),
        ]);
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
