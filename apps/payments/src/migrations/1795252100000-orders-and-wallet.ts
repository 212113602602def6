import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders and their lines, payment attempts, the wallet ledger, and the sandbox provider's own
 * transactions. Money is integer cents; every status column is checked against its states.
 */
export class OrdersAndWallet1795252100000 implements MigrationInterface {
  name = 'OrdersAndWallet1795252100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE SEQUENCE payments.order_reference_seq');
    await q.query(`CREATE TABLE payments.orders (
      id uuid PRIMARY KEY,
      reference text NOT NULL UNIQUE,
      status text NOT NULL CHECK (status IN ('created','waiting_from_payment','payed','canceled')),
      payment_kind text NOT NULL CHECK (payment_kind IN ('mangopay','paypal_credit','paypal','bankwire','wallet','free')),
      user_id text NOT NULL,
      buyer_email text NOT NULL,
      buyer_name text NOT NULL,
      company_id text,
      billing jsonb,
      before_discount_cents integer NOT NULL CHECK (before_discount_cents >= 0),
      discount_cents integer NOT NULL CHECK (discount_cents >= 0),
      with_discount_cents integer NOT NULL CHECK (with_discount_cents >= 0),
      voucher_discount_cents integer NOT NULL CHECK (voucher_discount_cents >= 0),
      final_cents integer NOT NULL CHECK (final_cents >= 0),
      voucher_code text,
      voucher_state text NOT NULL DEFAULT 'none' CHECK (voucher_state IN ('none','reserving','reserved','released')),
      content_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      paid_at timestamptz,
      paid_by_attempt_id uuid,
      canceled_at timestamptz,
      cancel_reason text CHECK (cancel_reason IN ('buyer','expired','voucher_refused','placement_failed')),
      CHECK ((status = 'payed') = (paid_at IS NOT NULL)),
      CHECK ((status = 'canceled') = (canceled_at IS NOT NULL))
    )`);
    await q.query('CREATE INDEX orders_user_idx ON payments.orders (user_id, created_at DESC)');
    await q.query(`CREATE INDEX orders_open_idx ON payments.orders (user_id, content_hash) WHERE status = 'created'`);
    await q.query(`CREATE TABLE payments.order_lines (
      order_id uuid NOT NULL REFERENCES payments.orders(id) ON DELETE CASCADE,
      position integer NOT NULL,
      product_id integer NOT NULL,
      product_type text NOT NULL,
      name text NOT NULL,
      quantity integer NOT NULL CHECK (quantity > 0),
      program_id integer,
      unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
      unit_discount_cents integer NOT NULL CHECK (unit_discount_cents >= 0),
      total_cents integer NOT NULL CHECK (total_cents >= 0),
      PRIMARY KEY (order_id, position)
    )`);
    await q.query(`CREATE TABLE payments.payment_attempts (
      id uuid PRIMARY KEY,
      order_id uuid NOT NULL REFERENCES payments.orders(id),
      method text NOT NULL CHECK (method IN ('mangopay','paypal_credit','paypal','bankwire','wallet','free')),
      provider text NOT NULL,
      provider_ref text,
      amount_cents integer NOT NULL CHECK (amount_cents >= 0),
      status text NOT NULL CHECK (status IN ('pending','succeeded','failed','canceled','refund_due')),
      failure text,
      details jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(
      'CREATE UNIQUE INDEX payment_attempts_provider_ref_idx ON payments.payment_attempts (provider, provider_ref) WHERE provider_ref IS NOT NULL',
    );
    await q.query('CREATE INDEX payment_attempts_order_idx ON payments.payment_attempts (order_id)');

    // The wallet: one account row per user (locked while debiting) and an append-only ledger.
    await q.query(`CREATE TABLE payments.wallet_accounts (
      user_id text PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE payments.wallet_entries (
      id bigserial PRIMARY KEY,
      user_id text NOT NULL REFERENCES payments.wallet_accounts(user_id),
      kind text NOT NULL CHECK (kind IN ('top_up','refund','adjustment','payment')),
      amount_cents integer NOT NULL CHECK (amount_cents <> 0),
      order_id uuid REFERENCES payments.orders(id),
      idempotency_key text NOT NULL UNIQUE,
      description text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind = 'payment') = (amount_cents < 0))
    )`);
    await q.query('CREATE INDEX wallet_entries_user_idx ON payments.wallet_entries (user_id, id)');
    await q.query(`CREATE FUNCTION payments.wallet_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the wallet ledger is append-only'; END $$`);
    await q.query(`CREATE TRIGGER wallet_entries_append_only BEFORE UPDATE OR DELETE ON payments.wallet_entries
      FOR EACH ROW EXECUTE FUNCTION payments.wallet_entries_append_only()`);

    // Provider-side customer ids (e.g. the Mangopay user of a buyer).
    await q.query(`CREATE TABLE payments.provider_customers (
      provider text NOT NULL,
      user_id text NOT NULL,
      customer_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, user_id)
    )`);
    // The sandbox provider keeps its card and PayPal transactions here.
    await q.query(`CREATE TABLE payments.sandbox_transactions (
      id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('card','paypal')),
      idempotency_key text NOT NULL UNIQUE,
      order_id text NOT NULL,
      amount_cents integer NOT NULL,
      currency text NOT NULL DEFAULT 'EUR',
      status text NOT NULL,
      scenario text,
      card_last4 text,
      return_url text,
      cancel_url text,
      capture_id text,
      failure text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE payments.sandbox_transactions');
    await q.query('DROP TABLE payments.provider_customers');
    await q.query('DROP TABLE payments.wallet_entries');
    await q.query('DROP FUNCTION payments.wallet_entries_append_only()');
    await q.query('DROP TABLE payments.wallet_accounts');
    await q.query('DROP TABLE payments.payment_attempts');
    await q.query('DROP TABLE payments.order_lines');
    await q.query('DROP TABLE payments.orders');
    await q.query('DROP SEQUENCE payments.order_reference_seq');
  }
}
