import type { BillingAddress, Fulfilment, OutgoingMail, StoredLocalPaymentState, Order, OrderBankDebit, OrderDraft, OrderLineDraft, OrderRefund, OrderRepository, ProductKey, ReservationRefusal, ShippingAddress } from '@store/application';
import type { LocalPaymentMethod, LocalPaymentState, OrderStatus, PaymentGateway } from '@store/domain';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from '../prepared-statements';

interface OrderRow {
  number: string;
  customer_id: string;
  basket_reference: string;
  status: OrderStatus;
  gateway: PaymentGateway;
  locale: string;
  currency: string;
  tax_inclusive: boolean;
  net_minor: number;
  tax_minor: number;
  gross_minor: number;
  discount_minor: number;
  discount_code: string | null;
  voucher_code: string | null;
  voucher_minor: number;
  /** Read from the order's voucher redemption, when it has one. */
  voucher_balance_left_minor?: number | null;
  billing_address: BillingAddress | null;
  /** Kept by the shipping address repository before the charge (a posted product only). */
  shipping_address?: ShippingAddress | null;
  withdrawal_consent: string | null;
  payment_attempt: number;
  transaction_id: string | null;
  created_at: Date;
  paid_at: Date | null;
  /** The order's latest local payment, when one pays it. */
  local_payment?: { payment_id: string; method: LocalPaymentMethod; state: StoredLocalPaymentState; started_at: string } | null;
  /** The bank debit paying it, when one does. */
  bank_debit?: OrderBankDebit | null;
  /** Staff refunds the provider accepted, oldest first. */
  refunds?: { sequence: number | null; state: OrderRefund['state']; positions: number[]; charged_minor: number; gross_minor: number; net_minor: number; tax_minor: number; reason: string; created_at: string }[] | null;
}

/** How the pages name a stored state: approved and being charged are one thing to the shopper. */
const shownState = (state: StoredLocalPaymentState): LocalPaymentState => (state === 'approved' ? 'completing' : state);

interface LineRow {
  order_number: string;
  position: number;
  suite_reference: string;
  product_reference: string;
  product_name: string;
  choice_name: string;
  choice_synonym: string;
  quantity: number;
  unit_price_minor: number;
  total_minor: number;
  discount_minor: number;
  is_bonus: boolean;
  tax_rate_bp: number | null;
}

const toLine = (row: LineRow): OrderLineDraft => ({
  suiteReference: row.suite_reference,
  productReference: row.product_reference,
  productName: row.product_name,
  choiceName: row.choice_name,
  choiceSynonym: row.choice_synonym,
  quantity: row.quantity,
  unitPriceMinor: row.unit_price_minor,
  totalMinor: row.total_minor,
  discountMinor: row.discount_minor,
  isBonus: row.is_bonus,
  // Absent, like a draft's, when not kept (the reseller's tax, a bonus line, an older order).
  ...(row.tax_rate_bp === null ? {} : { taxRateBasisPoints: row.tax_rate_bp }),
});

/** An order row with its lines: read back, or as they were just written (the draft's). */
const toOrder = (row: OrderRow, lines: readonly OrderLineDraft[]): Order => ({
  number: row.number,
  customerId: row.customer_id,
  basketReference: row.basket_reference,
  status: row.status,
  gateway: row.gateway,
  locale: row.locale,
  currency: row.currency,
  taxInclusive: row.tax_inclusive,
  netMinor: row.net_minor,
  taxMinor: row.tax_minor,
  grossMinor: row.gross_minor,
  discountMinor: row.discount_minor,
  discountCode: row.discount_code,
  voucherCode: row.voucher_code,
  voucherMinor: row.voucher_minor,
  voucherBalanceLeftMinor: row.voucher_balance_left_minor ?? null,
  billingAddress: row.billing_address,
  shippingAddress: row.shipping_address ?? null,
  withdrawalConsent: row.withdrawal_consent,
  paymentAttempt: row.payment_attempt,
  transactionId: row.transaction_id,
  createdAt: row.created_at,
  paidAt: row.paid_at,
  lines,
  localPayment: row.local_payment
    ? {
        paymentId: row.local_payment.payment_id,
        method: row.local_payment.method,
        state: shownState(row.local_payment.state),
        startedAt: new Date(row.local_payment.started_at),
      }
    : null,
  bankDebit: row.bank_debit ?? null,
  refunds: (row.refunds ?? []).map((refund) => ({
    creditNoteSequence: refund.sequence,
    state: refund.state,
    positions: refund.positions ?? [],
    chargedMinor: refund.charged_minor,
    grossMinor: refund.gross_minor,
    netMinor: refund.net_minor,
    taxMinor: refund.tax_minor,
    reason: refund.reason,
    createdAt: new Date(refund.created_at),
  })),
});

/** Thrown inside a reservation's transaction to roll it back when a claim cannot be made. */
class ClaimRefused extends Error {
  constructor(readonly refusal: ReservationRefusal) {
    super(refusal);
  }
}

/** Units per product the draft sells (bonus products included: a limited one given away still uses a unit). */
function unitsOf(lines: readonly OrderLineDraft[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.productReference, (units.get(line.productReference) ?? 0) + line.quantity);
  return units;
}

/**
 * What an order claims before it is charged, in its reservation's transaction: a use of its
 * discount code and the units of any limited product. Each is a guarded UPDATE: concurrent claims
 * of the last one queue on its row and only the first finds it still there. The products are
 * claimed in one statement that locks the limited ones among them first, always in the order of
 * their references, so concurrent claims never deadlock; a product not limited is neither locked
 * nor written.
 */
async function claim(manager: EntityManager, draft: OrderDraft, orderNumber: string): Promise<number | null> {
  if (draft.discountCode) {
    // The code's use and this customer's use, in one statement. The customer's row is upserted:
    // concurrent orders of one customer meet on its primary key, the later ones wait for the first
    // and then see its count, so a per-customer limit holds for baskets paid at once, not only for
    // baskets paid one after another (which the check made when the code is applied already refuses).
    const [claimed]: { code_claimed: boolean; customer_claimed: boolean }[] = await manager.query(
      `WITH code_use AS (
         UPDATE discount_codes SET uses = uses + 1 WHERE code = $1 AND (max_uses IS NULL OR uses < max_uses)
         RETURNING code, max_uses_per_customer
       ), customer_use AS (
         INSERT INTO discount_customer_claims AS claim (code, customer_id, uses)
         SELECT code, $2, 1 FROM code_use
         ON CONFLICT (code, customer_id) DO UPDATE SET uses = claim.uses + 1
         WHERE claim.uses < coalesce((SELECT max_uses_per_customer FROM code_use), 2147483647)
         RETURNING uses
       )
       SELECT EXISTS (SELECT 1 FROM code_use) AS code_claimed, EXISTS (SELECT 1 FROM customer_use) AS customer_claimed`,
      [draft.discountCode, draft.customerId],
    );
    if (!claimed.code_claimed) throw new ClaimRefused('DISCOUNT_USAGE_LIMIT');
    // Thrown inside the transaction: the code's use taken above is rolled back with it.
    if (!claimed.customer_claimed) throw new ClaimRefused('DISCOUNT_PURCHASE_LIMIT');
  }
  const units = unitsOf(draft.lines);
  const [{ sold_out: soldOut }]: { sold_out: number }[] = await manager.query(
    `WITH ${productClaims('$1', '$2')}
     SELECT (SELECT count(*) FROM limited)::int - (SELECT count(*) FROM claimed)::int AS sold_out`,
    [[...units.keys()], [...units.values()]],
  );
  if (soldOut > 0) throw new ClaimRefused('PRODUCT_SOLD_OUT');
  return claimVoucher(manager, draft, orderNumber);
}

/**
 * The CTEs `limited` and `claimed` (after `wanted`) that take the units of the limited products
 * among `references` (a text[] parameter, with `units` the int[] beside it): locked in the order of
 * their references, then each taken only while enough is left. `limited` counts the products to
 * take, `claimed` those taken. With `when`, only when that SQL condition holds.
 */
function productClaims(references: string, units: string, when = 'true'): string {
  return `wanted AS (
       SELECT reference, units FROM unnest(${references}::text[], ${units}::int[]) AS w(reference, units)
     ), limited AS (
       SELECT p.reference, w.units FROM products p JOIN wanted w ON w.reference = p.reference
       WHERE p.units_left IS NOT NULL AND ${when} ORDER BY p.reference FOR NO KEY UPDATE OF p
     ), claimed AS (
       UPDATE products p SET units_left = p.units_left - l.units FROM limited l
       WHERE p.reference = l.reference AND p.units_left >= l.units RETURNING p.reference
     )`;
}

/**
 * Spends the voucher's part of the order, in the reservation's transaction: a guarded UPDATE takes
 * the amount only while the balance covers it (concurrent orders queue on the voucher's row, and
 * only those the balance still covers get through; the CHECK on the column backs it), then the
 * redemption is written if the customer is within the voucher's purchase limit. That count is a
 * statement of its own on purpose: run after the row lock is held, it sees every redemption
 * committed by the orders that held the lock before. The balance left, or null without a voucher.
 */
async function claimVoucher(manager: EntityManager, draft: OrderDraft, orderNumber: string): Promise<number | null> {
  const amount = draft.voucherMinor ?? 0;
  if (!draft.voucherCode || amount <= 0) return null;
  const spent: { balance_minor: number; max_uses_per_customer: number | null }[] = await manager.query(
    // (In a WITH: TypeORM answers a bare UPDATE with its row count beside the rows.)
    `WITH spent AS (
       UPDATE vouchers SET balance_minor = balance_minor - $2::int WHERE code = $1 AND balance_minor >= $2::int RETURNING balance_minor, max_uses_per_customer
     )
     SELECT * FROM spent`,
    [draft.voucherCode, amount],
  );
  // Another order spent it first: the amount the page showed to pay is no longer right.
  if (spent.length === 0) throw new ClaimRefused('BASKET_STALE');
  const redeemed: unknown[] = await manager.query(
    `INSERT INTO voucher_redemptions (order_number, code, customer_id, amount_minor, balance_left_minor)
     SELECT $1::varchar, $2::varchar, $3::uuid, $4::int, $5::int
     WHERE (SELECT count(*) FROM voucher_redemptions WHERE code = $2::varchar AND customer_id = $3::uuid) < coalesce($6::int, 2147483647)
     RETURNING order_number`,
    [orderNumber, draft.voucherCode, draft.customerId, amount, spent[0].balance_minor, spent[0].max_uses_per_customer],
  );
  // Thrown inside the transaction: the amount taken above is rolled back with it.
  if (redeemed.length === 0) throw new ClaimRefused('VOUCHER_PURCHASE_LIMIT');
  return spent[0].balance_minor;
}

/** Gives back what a pending order claimed, when it fails (nothing was charged). */
async function release(manager: EntityManager, number: string, discountCode: string | null, customerId: string): Promise<void> {
  if (discountCode) {
    await manager.query(
      `WITH customer_use AS (
         UPDATE discount_customer_claims SET uses = uses - 1 WHERE code = $1 AND customer_id = $2 AND uses > 0
       )
       UPDATE discount_codes SET uses = uses - 1 WHERE code = $1 AND uses > 0`,
      [discountCode, customerId],
    );
  }
  await manager.query(
    `UPDATE products p SET units_left = p.units_left + l.units
     FROM (SELECT product_reference, sum(quantity)::int AS units FROM order_lines WHERE order_number = $1 GROUP BY product_reference) l
     WHERE p.reference = l.product_reference AND p.units_left IS NOT NULL`,
    [number],
  );
  // What the order's voucher paid goes back on it.
  await manager.query(
    `WITH gone AS (DELETE FROM voucher_redemptions WHERE order_number = $1 RETURNING code, amount_minor)
     UPDATE vouchers v SET balance_minor = v.balance_minor + gone.amount_minor FROM gone WHERE v.code = gone.code`,
    [number],
  );
}

const refusedBy = async <T>(work: () => Promise<T>): Promise<T | { refused: ReservationRefusal }> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ClaimRefused) return { refused: error.refusal };
    throw error;
  }
};

/** The order columns a draft sets, in the order both the reservation and a retry write them. */
const pricedColumns = (draft: OrderDraft) => [
  draft.gateway,
  draft.locale,
  draft.currency,
  draft.taxInclusive,
  draft.netMinor,
  draft.taxMinor,
  draft.grossMinor,
  draft.discountMinor,
  draft.discountCode,
  draft.billingAddress ? JSON.stringify(draft.billingAddress) : null,
  draft.withdrawalConsent,
  draft.voucherCode ?? null,
  draft.voucherMinor ?? 0,
];

/** The columns of an order line after its order number: name, SQL type, value. */
const LINE_COLUMNS: ReadonlyArray<readonly [string, string, (line: OrderLineDraft, position: number) => unknown]> = [
  ['position', 'int', (_, position) => position],
  ['suite_reference', 'text', (line) => line.suiteReference],
  ['product_reference', 'text', (line) => line.productReference],
  ['product_name', 'text', (line) => line.productName],
  ['choice_name', 'text', (line) => line.choiceName],
  ['choice_synonym', 'text', (line) => line.choiceSynonym],
  ['quantity', 'int', (line) => line.quantity],
  ['unit_price_minor', 'int', (line) => line.unitPriceMinor],
  ['total_minor', 'int', (line) => line.totalMinor],
  ['discount_minor', 'int', (line) => line.discountMinor],
  ['is_bonus', 'boolean', (line) => line.isBonus],
  ['tax_rate_bp', 'int', (line) => line.taxRateBasisPoints ?? null],
];
const LINE_NAMES = LINE_COLUMNS.map(([name]) => name).join(', ');

/**
 * An INSERT of all the draft's lines in one statement: an unnest of one array per column (the
 * parameters from $`first` on), under the order number `number` (an SQL expression), each joined
 * to the rows of `source` when one is given (no rows there: no lines).
 */
function insertLines(lines: readonly OrderLineDraft[], at: { number: string; first: number; source?: string }): { sql: string; values: unknown[][] } {
  const arrays = LINE_COLUMNS.map(([, type], index) => `$${at.first + index}::${type}[]`).join(', ');
  const columns = LINE_COLUMNS.map(([name]) => `l.${name}`).join(', ');
  return {
    sql: `INSERT INTO order_lines (order_number, ${LINE_NAMES})
          SELECT ${at.number}, ${columns} FROM ${at.source ? `${at.source} CROSS JOIN ` : ''}unnest(${arrays}) AS l(${LINE_NAMES})`,
    values: LINE_COLUMNS.map(([, , value]) => lines.map((line, position) => value(line, position))),
  };
}

/**
 * Orders in Postgres. The unique basket_reference makes concurrent placements of one basket meet in
 * the database: one INSERT wins, the others wait for it and then find its order. Completion is one
 * statement guarded by the pending status, so doing it twice does nothing the second time.
 */
export class TypeOrmOrderRepository implements OrderRepository {
  constructor(private readonly dataSource: DataSource) {}

  async reserve(draft: OrderDraft, basketVersion: number): Promise<{ order: Order; created: boolean } | { refused: ReservationRefusal }> {
    const reserved = await refusedBy(() => this.dataSource.transaction(async (manager) => {
      // The order and its lines in one statement; no lines when the basket has its order already.
      // A new order also marks its basket as being ordered, only at the version it was priced from:
      // after the INSERT (the UPDATE reads its row), so a caller that finds the order already there
      // never locks the basket, which the order's completion locks after the order.
      const lines = insertLines(draft.lines, { number: 'placed.number', first: 20, source: 'placed' });
      // Without a discount code (whose use is claimed before the products) or a voucher, the
      // products' units are claimed in this statement too, for a new order only: a round trip less.
      const claimsHere = !draft.discountCode && !((draft.voucherMinor ?? 0) > 0 && draft.voucherCode);
      const units = unitsOf(draft.lines);
      const inserted = await preparedQuery<OrderRow & { held: number; sold_out: number }>(
        manager,
        'order-reserve',
        `WITH placed AS (
           INSERT INTO orders (number, customer_id, basket_reference, status, gateway, locale, currency, tax_inclusive,
             net_minor, tax_minor, gross_minor, discount_minor, discount_code, billing_address, withdrawal_consent, voucher_code, voucher_minor)
           VALUES ('AFS-' || lpad(nextval('order_numbers')::text, 8, '0'), $1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
           ON CONFLICT (basket_reference) DO NOTHING RETURNING *
         ), held AS (
           UPDATE baskets SET placing_order = true FROM placed
           WHERE baskets.reference = placed.basket_reference AND baskets.version = $16 RETURNING baskets.reference
         ), lines AS (${lines.sql}
         ), ${productClaims('$17', '$18', '$19::boolean AND EXISTS (SELECT 1 FROM held)')}
         SELECT placed.*, (SELECT count(*) FROM held)::int AS held,
           (SELECT count(*) FROM limited)::int - (SELECT count(*) FROM claimed)::int AS sold_out
         FROM placed`,
        [draft.customerId, draft.basketReference, ...pricedColumns(draft), basketVersion, [...units.keys()], [...units.values()], claimsHere, ...lines.values],
      );
      if (inserted.length === 0) return null;
      // The basket moved on after it was priced (an edit won the race): nothing is reserved.
      if (inserted[0].held === 0) throw new ClaimRefused('BASKET_STALE');
      if (inserted[0].sold_out > 0) throw new ClaimRefused('PRODUCT_SOLD_OUT');
      const voucherLeft = claimsHere ? null : await claim(manager, draft, inserted[0].number);
      // The order as stored: its row as the INSERT returned it, and the lines just written.
      return { ...toOrder(inserted[0], draft.lines), voucherBalanceLeftMinor: voucherLeft };
    }));
    if (reserved && 'refused' in reserved) return reserved;
    if (reserved) return { order: reserved, created: true };
    return { order: (await this.findByBasket(draft.basketReference)) as Order, created: false };
  }

  async retry(number: string, draft: OrderDraft, basketVersion: number): Promise<Order | { refused: ReservationRefusal } | null> {
    // Nothing was charged for a failed attempt: the next one is for the basket as it is now (its
    // lines, its totals, the provider's tax, the billing address), under the same order number.
    return refusedBy(() => this.dataSource.transaction(async (manager) => {
      // The order back to pending, its old lines gone and its basket marked as being ordered (at
      // the version priced), in one statement.
      const rows: (OrderRow & { held: number })[] = await manager.query(
        `WITH retried AS (
           UPDATE orders SET status = 'pending', payment_attempt = payment_attempt + 1, failure_code = NULL, failure_reason = NULL,
             gateway = $2, locale = $3, currency = $4, tax_inclusive = $5, net_minor = $6, tax_minor = $7, gross_minor = $8,
             discount_minor = $9, discount_code = $10, billing_address = $11, withdrawal_consent = $12, voucher_code = $13, voucher_minor = $14
           WHERE number = $1 AND status = 'failed' RETURNING *
         ), gone AS (
           DELETE FROM order_lines WHERE order_number IN (SELECT number FROM retried)
         ), held AS (
           UPDATE baskets SET placing_order = true FROM retried
           WHERE baskets.reference = retried.basket_reference AND baskets.version = $15 RETURNING baskets.reference
         )
         SELECT retried.*, (SELECT count(*) FROM held)::int AS held FROM retried`,
        [number, ...pricedColumns(draft), basketVersion],
      );
      if (rows.length === 0) return null;
      if (rows[0].held === 0) throw new ClaimRefused('BASKET_STALE');
      const lines = insertLines(draft.lines, { number: '$1', first: 2 });
      await manager.query(lines.sql, [number, ...lines.values]);
      const voucherLeft = await claim(manager, draft, number);
      return { ...toOrder(rows[0], draft.lines), voucherBalanceLeftMinor: voucherLeft };
    }));
  }

  async complete(number: string, fulfilment: Fulfilment): Promise<{ paidAt: Date } | null> {
    // One statement, so atomic without a transaction of its own (each round trip costs here): the
    // order paid, guarded by the pending status, with its product keys, its discount redemption
    // (the use itself was claimed when the order was reserved) and the exemption certificate given
    // in this checkout (the newest, if replaced); its basket closed to reads and edits, the basket's
    // payment state spent and the receipt queued. Everything but `spent` hangs on `paid`, so it
    // happens only for the call that completed the order. `spent` reads the order as the statement
    // began: pending, unless another call had completed it (then nothing is left to spend). The
    // CTEs that nothing reads run after the main query, the last written first: the basket is locked
    // before its payment state, as the basket's own edits lock them. That order is how PostgreSQL
    // runs them, not a promise: its manual calls the order of a WITH's data-modifying steps
    // unpredictable, so a release that changed it could let this and a basket edit deadlock.
    const keys = fulfilment.productKeys;
    const rows = await preparedQuery<{ paid_at: Date }>(
      this.dataSource,
      'order-complete',
      `WITH spent AS (
         DELETE FROM basket_payment_states WHERE basket_reference = (SELECT basket_reference FROM orders WHERE number = $1 AND status = 'pending')
       ), paid AS (
         UPDATE orders SET status = 'paid', paid_at = now(), transaction_id = $2,
           tax_certificate_id = coalesce((
             SELECT c.id FROM tax_certificates c
             WHERE c.basket_reference = orders.basket_reference AND c.customer_id = orders.customer_id AND c.order_reference IS NULL
             ORDER BY c.created_at DESC LIMIT 1
           ), orders.tax_certificate_id)
         WHERE number = $1 AND status = 'pending' RETURNING number, basket_reference, customer_id, discount_code, paid_at, tax_certificate_id
       ), keys AS (
         INSERT INTO product_keys (key, order_number, line_position, product_reference)
         SELECT k.key, paid.number, k.line_position, k.product_reference
         FROM paid CROSS JOIN unnest($3::text[], $4::int[], $5::text[]) AS k(key, line_position, product_reference)
       ), redeemed AS (
         INSERT INTO discount_redemptions (id, code, customer_id, order_reference)
         SELECT $6::uuid, discount_code, customer_id, number FROM paid WHERE discount_code IS NOT NULL
       ), certificate AS (
         UPDATE tax_certificates SET order_reference = paid.number FROM paid
         WHERE tax_certificates.id = paid.tax_certificate_id AND tax_certificates.order_reference IS NULL
       ), closed AS (
         UPDATE baskets SET ordered_at = now() FROM paid WHERE baskets.reference = paid.basket_reference
       ), mailed AS (
         INSERT INTO mail_outbox (id, recipient, subject, text_body, html_body)
         SELECT $7::uuid, $8::text, $9::text, $10::text, $11::text FROM paid
       )
       SELECT paid_at FROM paid`,
      [
        number,
        fulfilment.transactionId,
        keys.map((key) => key.key),
        keys.map((key) => key.linePosition),
        keys.map((key) => key.productReference),
        randomUUID(),
        randomUUID(),
        fulfilment.receipt.to,
        fulfilment.receipt.subject,
        fulfilment.receipt.text,
        fulfilment.receipt.html ?? null,
      ],
    );
    return rows.length === 0 ? null : { paidAt: rows[0].paid_at };
  }

  async fail(number: string, code: number, reason: string, notice?: OutgoingMail): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // Failed, and its basket open to edits again, in one statement.
      const rows: { discount_code: string | null; customer_id: string }[] = await manager.query(
        `WITH failed AS (
           UPDATE orders SET status = 'failed', failure_code = $2, failure_reason = $3 WHERE number = $1 AND status = 'pending'
           RETURNING discount_code, customer_id, basket_reference
         ), opened AS (
           UPDATE baskets SET placing_order = false FROM failed WHERE baskets.reference = failed.basket_reference
         )
         SELECT discount_code, customer_id FROM failed`,
        [number, code, reason.slice(0, 500)],
      );
      if (rows.length === 1) {
        await release(manager, number, rows[0].discount_code, rows[0].customer_id);
        if (notice) await queueMail(manager, notice);
      }
    });
  }

  async revoke(number: string, reason: string, notice: OutgoingMail | null): Promise<boolean> {
    // Refunded, its keys revoked and the shopper's notice queued, in one statement guarded by the
    // paid status: a revocation is never without its mail, nor mailed twice.
    const rows: unknown[] = await this.dataSource.query(
      `WITH revoked AS (
         UPDATE orders SET status = 'refunded', failure_reason = $2 WHERE number = $1 AND status = 'paid' RETURNING number
       ), keys AS (
         UPDATE product_keys SET revoked_at = now() FROM revoked WHERE product_keys.order_number = revoked.number
       ), mailed AS (
         INSERT INTO mail_outbox (id, recipient, subject, text_body, html_body)
         SELECT $3::uuid, $4::text, $5::text, $6::text, $7::text FROM revoked WHERE $4::text IS NOT NULL
       )
       SELECT number FROM revoked`,
      [number, reason.slice(0, 500), randomUUID(), notice?.to ?? null, notice?.subject ?? null, notice?.text ?? null, notice?.html ?? null],
    );
    return rows.length === 1;
  }

  async forReconciliation(criteria: { pendingBefore: Date; uncertainSince: Date; limit: number }): Promise<readonly string[]> {
    const rows: { number: string }[] = await this.dataSource.query(
      `SELECT number FROM (
         SELECT number, created_at FROM orders WHERE status = 'pending' AND created_at < $1
           -- An order a local payment is paying waits for the provider's word (or the completing
           -- worker's charge), however long the payer takes: it is not a shopper who left.
           AND NOT EXISTS (SELECT 1 FROM local_payments lp WHERE lp.order_number = orders.number AND lp.state IN ('waiting', 'approved', 'completing'))
           -- And one a bank debit paid is waiting for its bank's settlement, not for the shopper.
           AND NOT EXISTS (SELECT 1 FROM bank_debits bd WHERE bd.order_number = orders.number AND bd.state = 'pending' AND bd.released_at IS NULL)
         UNION
         SELECT o.number, o.created_at FROM orders o JOIN payment_charges c ON c.order_number = o.number WHERE c.uncertain AND c.claimed_at >= $2
         UNION
         SELECT o.number, o.created_at FROM orders o JOIN payment_reversals r ON r.order_number = o.number WHERE r.state <> 'reversed'
       ) due ORDER BY created_at, number LIMIT $3`,
      [criteria.pendingBefore, criteria.uncertainSince, criteria.limit],
    );
    return rows.map((row) => row.number);
  }

  private async load(name: string, where: string, value: string): Promise<Order[]> {
    const rows = await preparedQuery<OrderRow>(
      this.dataSource,
      name,
      `SELECT *, (SELECT balance_left_minor FROM voucher_redemptions r WHERE r.order_number = orders.number) AS voucher_balance_left_minor,
         (SELECT json_build_object('payment_id', lp.payment_id, 'method', lp.method, 'state', lp.state, 'started_at', lp.started_at)
          FROM local_payments lp WHERE lp.order_number = orders.number ORDER BY lp.started_at DESC, lp.payment_id LIMIT 1) AS local_payment,
         (SELECT json_build_object('state', bd.state, 'released', bd.released_at IS NOT NULL, 'method', bd.method, 'accountLast4', bd.account_last4,
            'mandateReference', bd.mandate_reference, 'bankName', bd.bank_name) FROM bank_debits bd WHERE bd.order_number = orders.number) AS bank_debit,
         (SELECT json_agg(json_build_object('sequence', r.credit_note_sequence, 'state', r.state, 'charged_minor', r.charged_minor, 'gross_minor', r.gross_minor,
            'net_minor', r.net_minor, 'tax_minor', r.tax_minor, 'reason', r.reason, 'created_at', r.created_at,
            'positions', (SELECT json_agg(l.line_position ORDER BY l.line_position) FROM order_refund_lines l WHERE l.refund_id = r.id)) ORDER BY r.sequence)
          FROM order_refunds r WHERE r.order_number = orders.number AND r.state IN ('pending', 'refunded', 'voided')) AS refunds
       FROM orders WHERE ${where} ORDER BY created_at DESC, number DESC`,
      [value],
    );
    if (rows.length === 0) return [];
    const lines: LineRow[] = await this.dataSource.query(`SELECT * FROM order_lines WHERE order_number = ANY($1) ORDER BY position`, [rows.map((row) => row.number)]);
    return rows.map((row) => toOrder(row, lines.filter((line) => line.order_number === row.number).map(toLine)));
  }

  async find(number: string): Promise<Order | null> {
    return (await this.load('order-by-number', 'number = $1', number))[0] ?? null;
  }

  async findByBasket(basketReference: string): Promise<Order | null> {
    return (await this.load('order-by-basket', 'basket_reference = $1', basketReference))[0] ?? null;
  }

  async listFor(customerId: string): Promise<readonly Order[]> {
    return this.load('orders-of-customer', 'customer_id = $1', customerId);
  }

  async productKeys(number: string): Promise<readonly ProductKey[]> {
    const rows: { key: string; line_position: number; product_reference: string }[] = await this.dataSource.query(
      `SELECT key, line_position, product_reference FROM product_keys WHERE order_number = $1 AND revoked_at IS NULL ORDER BY line_position`,
      [number],
    );
    return rows.map((row) => ({ key: row.key, linePosition: row.line_position, productReference: row.product_reference }));
  }
}

/** Queues a mail in the transaction that changes the order, so the two stand or fall together. */
async function queueMail(manager: EntityManager, mail: OutgoingMail): Promise<void> {
  await manager.query(`INSERT INTO mail_outbox (id, recipient, subject, text_body, html_body) VALUES ($1, $2, $3, $4, $5)`, [randomUUID(), mail.to, mail.subject, mail.text, mail.html ?? null]);
}
