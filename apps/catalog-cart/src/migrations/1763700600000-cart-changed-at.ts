import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the buyer last set each cart line (added, re-added or its quantity changed) and the
 * cart's voucher. A paid order takes out of the cart only what was in it when the order was
 * placed: a line or voucher set since stays (the `order.paid` handler). `added_at` keeps the
 * order the lines are shown in. Existing lines and vouchers count as set when they were added
 * and when the cart last changed.
 */
export class CartChangedAt1763700600000 implements MigrationInterface {
  name = 'CartChangedAt1763700600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE catalog_cart.cart_lines ADD COLUMN changed_at timestamptz NOT NULL DEFAULT now()');
    await q.query('UPDATE catalog_cart.cart_lines SET changed_at = added_at');
    await q.query('ALTER TABLE catalog_cart.carts ADD COLUMN voucher_set_at timestamptz NOT NULL DEFAULT now()');
    await q.query('UPDATE catalog_cart.carts SET voucher_set_at = updated_at');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE catalog_cart.carts DROP COLUMN voucher_set_at');
    await q.query('ALTER TABLE catalog_cart.cart_lines DROP COLUMN changed_at');
  }
}
