import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office: staff accounts apart from the shoppers' (their own table, password and
 * authenticator secret, shorter sessions), an audit log that can only grow, refunds made by staff
 * (one row per refund, its lines held once each while the refund stands), disputes opened by the
 * card gateway's notifications and the evidence staff give, a review of each exemption
 * certificate an order used, keys replaced by a reissue, and when a merchant-of-record order's
 * charge was captured.
 */
export class BackOffice1700000000038 implements MigrationInterface {
  name = 'BackOffice1700000000038';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE SEQUENCE operator_badges START 1001`);
    await db.query(`
      CREATE TABLE operators (
        id uuid PRIMARY KEY,
        email varchar(254) NOT NULL CHECK (email = lower(email) AND length(email) >= 3),
        badge_number integer NOT NULL UNIQUE DEFAULT nextval('operator_badges'),
        first_name varchar(100) NOT NULL CHECK (length(first_name) >= 1),
        last_name varchar(100) NOT NULL CHECK (length(last_name) >= 1),
        role varchar(16) NOT NULL CHECK (role IN ('support', 'finance', 'admin')),
        password_hash text NOT NULL,
        totp_secret text NOT NULL,
        last_totp_step bigint,
        failed_sign_ins integer NOT NULL DEFAULT 0 CHECK (failed_sign_ins >= 0),
        locked_until timestamptz,
        disabled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid REFERENCES operators(id) ON DELETE SET NULL
      )`);
    await db.query(`CREATE UNIQUE INDEX operators_email_idx ON operators (email)`);
    await db.query(`
      CREATE TABLE operator_sessions (
        id_digest char(64) PRIMARY KEY,
        operator_id uuid NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id)`);
    await db.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT clock_timestamp(),
        operator_id uuid REFERENCES operators(id) ON DELETE RESTRICT,
        action varchar(64) NOT NULL CHECK (action ~ '^[a-z][a-z.-]{1,63}$'),
        subject_type varchar(32) NOT NULL,
        subject_id varchar(100) NOT NULL,
        before jsonb,
        after jsonb,
        request_id varchar(100)
      )`);
    await db.query(`CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id, id DESC)`);
    await db.query(`CREATE INDEX audit_log_operator_idx ON audit_log (operator_id, id DESC)`);
    // Append-only for everyone who uses the store's own connection: a change or removal of an entry
    // is refused by the database itself, whatever the code asks.
    await db.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await db.query(`CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await db.query(`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);

    await db.query(`
      CREATE TABLE order_refunds (
        id uuid PRIMARY KEY,
        order_number varchar(32) NOT NULL REFERENCES orders(number) ON DELETE RESTRICT,
        request_key uuid NOT NULL,
        sequence integer NOT NULL CHECK (sequence >= 1),
        gateway varchar(16) NOT NULL CHECK (gateway IN ('braintree', 'digital-river')),
        transaction_id text NOT NULL,
        state varchar(16) NOT NULL CHECK (state IN ('in-flight', 'unknown', 'pending', 'refunded', 'voided', 'declined')),
        whole boolean NOT NULL,
        net_minor integer NOT NULL CHECK (net_minor >= 0),
        tax_minor integer NOT NULL CHECK (tax_minor >= 0),
        gross_minor integer NOT NULL CHECK (gross_minor >= 0),
        charged_minor integer NOT NULL CHECK (charged_minor >= 0),
        reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
        operator_id uuid REFERENCES operators(id) ON DELETE RESTRICT,
        provider_refund_id text,
        decline_reason text,
        -- The credit note's number within the order, given when the refund is done: no gaps for refunds that failed.
        credit_note_sequence integer CHECK (credit_note_sequence >= 1),
        claimed_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (order_number, request_key),
        UNIQUE (order_number, sequence),
        UNIQUE (order_number, credit_note_sequence)
      )`);
    await db.query(`
      CREATE TABLE order_refund_lines (
        refund_id uuid NOT NULL REFERENCES order_refunds(id) ON DELETE CASCADE,
        order_number varchar(32) NOT NULL,
        line_position integer NOT NULL,
        -- False once the refund is declined: the line may be refunded again.
        active boolean NOT NULL DEFAULT true,
        PRIMARY KEY (refund_id, line_position),
        FOREIGN KEY (order_number, line_position) REFERENCES order_lines(order_number, position) ON DELETE RESTRICT
      )`);
    // A line is given back by one standing refund at most, whoever clicks and however often.
    await db.query(`CREATE UNIQUE INDEX order_refund_lines_once_idx ON order_refund_lines (order_number, line_position) WHERE active`);
    await db.query(`CREATE INDEX order_refunds_unsettled_idx ON order_refunds (state) WHERE state IN ('in-flight', 'unknown', 'pending')`);

    await db.query(`
      CREATE TABLE disputes (
        id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 100),
        gateway varchar(16) NOT NULL CHECK (gateway IN ('braintree', 'digital-river')),
        order_number varchar(32) REFERENCES orders(number) ON DELETE RESTRICT,
        transaction_id text,
        status varchar(16) NOT NULL CHECK (status IN ('open', 'accepted', 'disputed', 'won', 'lost', 'expired', 'other')),
        reason text,
        amount_minor integer,
        currency varchar(3),
        reply_by date,
        opened_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz,
        keys_revoked_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX disputes_order_idx ON disputes (order_number)`);
    await db.query(`CREATE INDEX disputes_open_idx ON disputes (reply_by) WHERE status IN ('open', 'disputed')`);
    await db.query(`
      CREATE TABLE dispute_evidence (
        id text PRIMARY KEY,
        dispute_id text NOT NULL REFERENCES disputes(id) ON DELETE CASCADE,
        kind varchar(8) NOT NULL CHECK (kind IN ('text', 'file')),
        summary text NOT NULL CHECK (length(summary) BETWEEN 1 AND 4000),
        operator_id uuid REFERENCES operators(id) ON DELETE RESTRICT,
        added_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX dispute_evidence_dispute_idx ON dispute_evidence (dispute_id, added_at)`);

    await db.query(`ALTER TABLE tax_certificates ADD COLUMN review varchar(16) CHECK (review IN ('approved', 'rejected'))`);
    await db.query(`ALTER TABLE tax_certificates ADD COLUMN reviewed_at timestamptz`);
    await db.query(`ALTER TABLE tax_certificates ADD COLUMN reviewed_by uuid REFERENCES operators(id) ON DELETE RESTRICT`);
    await db.query(`ALTER TABLE product_keys ADD COLUMN replaced_by varchar(32)`);
    // When the merchant of record was told a paid order's products were delivered (its charge captured).
    await db.query(`ALTER TABLE orders ADD COLUMN captured_at timestamptz`);
    await db.query(`CREATE INDEX orders_uncaptured_idx ON orders (paid_at) WHERE gateway = 'digital-river' AND status = 'paid' AND captured_at IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS orders_uncaptured_idx`);
    await db.query(`ALTER TABLE orders DROP COLUMN IF EXISTS captured_at`);
    await db.query(`ALTER TABLE product_keys DROP COLUMN IF EXISTS replaced_by`);
    for (const column of ['reviewed_by', 'reviewed_at', 'review']) await db.query(`ALTER TABLE tax_certificates DROP COLUMN IF EXISTS ${column}`);
    for (const table of ['dispute_evidence', 'disputes', 'order_refund_lines', 'order_refunds', 'audit_log', 'operator_sessions', 'operators']) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await db.query(`DROP FUNCTION IF EXISTS audit_log_append_only()`);
    await db.query(`DROP SEQUENCE IF EXISTS operator_badges`);
  }
}
