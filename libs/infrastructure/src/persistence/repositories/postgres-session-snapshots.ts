import type { SessionSnapshot, SessionSnapshotRequest, SessionSnapshots } from '@store/application';
import type { Basket, PaymentGateway } from '@store/domain';
import type { DataSource } from 'typeorm';
import { preparedQuery } from '../prepared-statements';
import { ReferenceDataVersion } from './cached-reference-data';
import { SAVED_METHOD_COLUMNS, savedMethodOf, type SavedMethodRow } from './postgres-saved-method.repository';
import { billingAddressOf, type AddressRow } from './typeorm-billing.repository';
import { CUSTOMER_COLUMNS, customerOfRow, type CustomerRow } from './typeorm-identity.repositories';
import { basketOfRows, type BasketColumns, type BasketLineColumns } from './typeorm-basket.repository';
import { shippingChoiceOf, type ShippingRow } from './typeorm-shipping-address.repository';

interface BasketRow extends BasketColumns {
  lines: BasketLineColumns[];
}

interface SnapshotRow {
  reference_data_version: string;
  customer: CustomerRow | null;
  basket: BasketRow | null;
  payment_gateway: PaymentGateway | null;
  billing: AddressRow | null;
  shipping: ShippingRow | null;
  saved_methods: SavedMethodRow[] | null;
  contact_preferences: { marketing_opt_in: boolean; hash: string } | null;
  candidate_baskets: string[];
}

const BASKET = `
  basket AS (
    SELECT b.reference, b.country_account_code, b.discount_code, b.voucher_code, b.shipping_country, b.customer_id, b.version, b.placing_order
      FROM baskets b
     WHERE b.reference = $1 AND b.ordered_at IS NULL
  )`;

/** The basket's columns, its lines in order and the gateway chosen for its current version. */
const BASKET_COLUMNS = `
    (${ReferenceDataVersion.SQL}) AS reference_data_version,
    (SELECT json_build_object(
              'reference', b.reference, 'country_account_code', b.country_account_code, 'discount_code', b.discount_code,
              'voucher_code', b.voucher_code, 'shipping_country', b.shipping_country, 'customer_id', b.customer_id,
              'version', b.version, 'placing_order', b.placing_order,
              'lines', COALESCE((SELECT json_agg(json_build_object(
                          'reference', l.reference, 'suite_reference', l.suite_reference, 'product_reference', l.product_reference,
                          'quantity', l.quantity, 'quantity_locked', l.quantity_locked) ORDER BY l.position)
                          FROM basket_lines l WHERE l.basket_reference = b.reference), '[]'::json))
       FROM basket b) AS basket,
    (SELECT s.gateway FROM basket_payment_states s JOIN basket b ON b.reference = s.basket_reference AND b.version = s.basket_version) AS payment_gateway`;

/**
 * The session call's reads in one statement, each part the same query its repository runs on its
 * own (TypeOrmBasket's find and candidatesFor, TypeOrmSession's customerOf, the billing, shipping,
 * saved-method and payment-state reads), so one snapshot of the database answers them all, with the
 * reference-data version, so the catalogue's cache does not ask for it again in this request.
 * A browser without a session cookie (a visitor) has no account to read: its statement is the
 * basket's part alone. $1 the basket, $2 the session digest, $3 now.
 */
const VISITOR_SQL = `WITH ${BASKET} SELECT ${BASKET_COLUMNS}`;

const SESSION_SQL = `
  WITH ${BASKET},
  customer AS (
    SELECT ${CUSTOMER_COLUMNS.split(', ').map((column) => `c.${column}`).join(', ')}
      FROM sessions s JOIN customers c ON c.id = s.customer_id
     WHERE s.id_digest = $2 AND s.expires_at > $3 AND c.status <> 'suspended'
  )
  SELECT ${BASKET_COLUMNS},
    (SELECT row_to_json(customer) FROM customer) AS customer,
    (SELECT row_to_json(a) FROM billing_addresses a JOIN customer ON a.customer_id = customer.id) AS billing,
    (SELECT row_to_json(a) FROM shipping_addresses a JOIN customer ON a.customer_id = customer.id) AS shipping,
    (SELECT json_agg(m ORDER BY m.is_default DESC, m.created_at DESC, m.reference)
       FROM (SELECT ${SAVED_METHOD_COLUMNS} FROM saved_payment_methods WHERE customer_id = (SELECT id FROM customer)) m) AS saved_methods,
    (SELECT json_build_object('marketing_opt_in', p.marketing_opt_in, 'hash', p.hash)
       FROM contact_preferences p JOIN customer ON p.customer_id = customer.id) AS contact_preferences,
    ARRAY(SELECT b.reference FROM baskets b JOIN customer ON b.customer_id = customer.id
           WHERE b.reference <> COALESCE($1, '') AND b.ordered_at IS NULL
             AND EXISTS (SELECT 1 FROM basket_lines l WHERE l.basket_reference = b.reference)
           ORDER BY b.updated_at DESC LIMIT 10) AS candidate_baskets`;

const basketOf = (row: BasketRow): Basket => basketOfRows(row, row.lines);

export class PostgresSessionSnapshots implements SessionSnapshots {
  constructor(private readonly dataSource: DataSource) {}

  async read({ sessionDigest, now, basketReference }: SessionSnapshotRequest): Promise<SessionSnapshot> {
    // Named statements: each connection parses and plans them once (the read is one statement, so
    // nothing of TypeORM's transactions is skipped).
    type Row = Partial<SnapshotRow> & Pick<SnapshotRow, 'reference_data_version' | 'basket' | 'payment_gateway'>;
    const rows = sessionDigest
      ? await preparedQuery<Row>(this.dataSource, 'session-snapshot', SESSION_SQL, [basketReference, sessionDigest, now])
      : await preparedQuery<Row>(this.dataSource, 'session-snapshot-visitor', VISITOR_SQL, [basketReference]);
    const row = rows[0];
    ReferenceDataVersion.seen(row.reference_data_version);
    const customer = row.customer ? customerOfRow(row.customer) : null;
    const basket = row.basket ? basketOf(row.basket) : null;
    return {
      customer,
      basket,
      paymentGateway: basket ? row.payment_gateway : null,
      account: customer
        ? {
            billing: row.billing ? billingAddressOf(row.billing) : null,
            shipping: row.shipping ? shippingChoiceOf(row.shipping) : null,
            savedMethods: (row.saved_methods ?? []).map(savedMethodOf),
            contactPreferences: row.contact_preferences
              ? { customerId: customer.id, marketingOptIn: row.contact_preferences.marketing_opt_in, termsAccepted: true, hash: row.contact_preferences.hash }
              : null,
            candidateBaskets: row.candidate_baskets ?? [],
          }
        : null,
    };
  }
}
