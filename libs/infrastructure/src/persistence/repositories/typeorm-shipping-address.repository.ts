import type { ShippingAddress, ShippingAddressRepository, ShippingChoice } from '@store/application';
import type { DataSource } from 'typeorm';

export interface ShippingRow {
  same_as_billing: boolean;
  line_1: string | null;
  line_2: string | null;
  line_3: string | null;
  city: string | null;
  county: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
}

/** A shipping_addresses row as the application knows it (also read by the session snapshot). */
export function shippingChoiceOf(row: ShippingRow): ShippingChoice {
  if (row.same_as_billing) return { sameAsBilling: true };
  return {
    sameAsBilling: false,
    address: {
      line1: row.line_1 ?? '',
      line2: row.line_2,
      line3: row.line_3,
      city: row.city ?? '',
      county: row.county,
      state: row.state,
      postalCode: row.postal_code ?? '',
      country: row.country ?? '',
    },
  };
}

export class TypeOrmShippingAddressRepository implements ShippingAddressRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(customerId: string): Promise<ShippingChoice | null> {
    const [row]: ShippingRow[] = await this.dataSource.query('SELECT * FROM shipping_addresses WHERE customer_id = $1', [customerId]);
    return row ? shippingChoiceOf(row) : null;
  }

  async save(customerId: string, choice: ShippingChoice): Promise<void> {
    const a = choice.sameAsBilling ? null : choice.address;
    await this.dataSource.query(
      `INSERT INTO shipping_addresses (customer_id, same_as_billing, line_1, line_2, line_3, city, county, state, postal_code, country)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (customer_id) DO UPDATE SET same_as_billing = $2, line_1 = $3, line_2 = $4, line_3 = $5, city = $6, county = $7,
         state = $8, postal_code = $9, country = $10, updated_at = now()`,
      [customerId, choice.sameAsBilling, a?.line1 ?? null, a?.line2 ?? null, a?.line3 ?? null, a?.city ?? null, a?.county ?? null, a?.state ?? null, a?.postalCode ?? null, a?.country ?? null],
    );
  }

  async recordForOrder(orderNumber: string, address: ShippingAddress): Promise<void> {
    // Only while nothing is paid: a completed order keeps the address it was charged with.
    await this.dataSource.query(`UPDATE orders SET shipping_address = $2 WHERE number = $1 AND status <> 'paid'`, [orderNumber, JSON.stringify(address)]);
  }
}
