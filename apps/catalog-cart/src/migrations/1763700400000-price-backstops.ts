import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalogue's backstop for money: a product's discount never exceeds its price (a cart line
 * would cost less than nothing), and a wallet top-up product has no discount (the wallet is
 * credited the face value: a discount would credit money that was never paid). Added `NOT VALID`
 * and then validated, so existing products are checked too.
 */
export class PriceBackstops1763700400000 implements MigrationInterface {
  name = 'PriceBackstops1763700400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog_cart.products
      ADD CONSTRAINT products_discount_within_price_check CHECK (discount_cents <= price_cents) NOT VALID,
      ADD CONSTRAINT products_wallet_undiscounted_check CHECK (type <> 'wallet' OR discount_cents = 0) NOT VALID`);
    await q.query('ALTER TABLE catalog_cart.products VALIDATE CONSTRAINT products_discount_within_price_check');
    await q.query('ALTER TABLE catalog_cart.products VALIDATE CONSTRAINT products_wallet_undiscounted_check');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog_cart.products
      DROP CONSTRAINT products_wallet_undiscounted_check,
      DROP CONSTRAINT products_discount_within_price_check`);
  }
}
