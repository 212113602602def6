import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change of a cart raises its version. Checkout places at most one order per cart version
 * (see payments' orders.cart_key), so the same cart cannot be bought twice by concurrent
 * submissions, while a cart changed since stays buyable.
 */
export class CartVersions1763700300000 implements MigrationInterface {
  name = 'CartVersions1763700300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE catalog_cart.carts ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version > 0)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE catalog_cart.carts DROP COLUMN version');
  }
}
