import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CartsAndVouchers1763700100000 implements MigrationInterface {
  name = 'CartsAndVouchers1763700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE catalog_cart.carts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_key text NOT NULL UNIQUE,
      voucher_code text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE catalog_cart.cart_lines (
      cart_id uuid NOT NULL REFERENCES catalog_cart.carts(id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES catalog_cart.products(id),
      quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 999),
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (cart_id, product_id)
    )`);
    await q.query(`CREATE TABLE catalog_cart.vouchers (
      code text PRIMARY KEY CHECK (code = upper(code)),
      kind text NOT NULL CHECK (kind IN ('percent','fixed')),
      value integer NOT NULL CHECK (value > 0),
      starts_at timestamptz,
      ends_at timestamptz,
      max_uses_total integer CHECK (max_uses_total > 0),
      max_uses_per_user integer CHECK (max_uses_per_user > 0),
      first_order_only boolean NOT NULL DEFAULT false,
      course_product_id integer REFERENCES catalog_cart.products(id),
      product_ids integer[] NOT NULL DEFAULT '{}',
      auto_apply boolean NOT NULL DEFAULT false,
      active boolean NOT NULL DEFAULT true,
      CHECK (kind <> 'percent' OR value <= 100)
    )`);
    await q.query(`CREATE TABLE catalog_cart.voucher_redemptions (
      id bigserial PRIMARY KEY,
      voucher_code text NOT NULL REFERENCES catalog_cart.vouchers(code),
      order_id uuid NOT NULL UNIQUE,
      user_id text,
      status text NOT NULL CHECK (status IN ('reserved','consumed','released')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(
      `CREATE INDEX voucher_redemptions_active_idx ON catalog_cart.voucher_redemptions (voucher_code, user_id) WHERE status <> 'released'`,
    );
    // Read model fed by order.paid: who already has a paid order (first-order-only vouchers).
    await q.query(`CREATE TABLE catalog_cart.paid_customers (
      user_id text PRIMARY KEY,
      first_paid_at timestamptz NOT NULL
    )`);
    await q.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await q.query('CREATE INDEX products_name_trgm_idx ON catalog_cart.products USING gin (lower(name) gin_trgm_ops)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX catalog_cart.products_name_trgm_idx');
    await q.query('DROP TABLE catalog_cart.paid_customers');
    await q.query('DROP TABLE catalog_cart.voucher_redemptions');
    await q.query('DROP TABLE catalog_cart.vouchers');
    await q.query('DROP TABLE catalog_cart.cart_lines');
    await q.query('DROP TABLE catalog_cart.carts');
  }
}
