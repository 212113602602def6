import { createServiceDataSource, runMigrations } from '@aero/backend-persistence';
import { createTestEnvironment, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { catalogCartService } from '../src/catalog-cart.service-definition.js';
import { PriceBackstops1763700400000 } from '../src/migrations/1763700400000-price-backstops.js';

/** The catalogue refuses prices that would make a cart cost less than nothing or credit unpaid wallet money. */
describe('price backstops in the catalog-cart schema', () => {
  let env: TestEnvironment;
  let db: DataSource;

  function dataSource(migrations: unknown[]): DataSource {
    return createServiceDataSource({
      url: env.databaseUrl,
      schema: 'catalog_cart',
      entities: catalogCartService.entities,
      migrations: migrations as never,
      poolSize: 2,
    });
  }

  function insertProduct(id: number, type: string, priceCents: number, discountCents: number) {
    return db.query(
      `INSERT INTO catalog_cart.products (id, slug, name, description, type, price_cents, discount_cents, image_16by9, image_thumbnail)
       VALUES ($1, $2, 'P', 'D', $3, $4, $5, '/a.svg', '/b.svg')`,
      [id, `p-${id}`, type, priceCents, discountCents],
    );
  }

  beforeAll(async () => {
    env = await createTestEnvironment();
    // The demo catalogue, written before the backstops existed, must pass them.
    const older = dataSource((catalogCartService.migrations as unknown[]).filter((m) => m !== PriceBackstops1763700400000));
    await older.initialize();
    await runMigrations(older, 'catalog_cart');
    await catalogCartService.seed!(older);
    await older.destroy();
    db = dataSource(catalogCartService.migrations as unknown[]);
    await db.initialize();
    expect(await runMigrations(db, 'catalog_cart')).toEqual(['PriceBackstops1763700400000']);
  }, 30_000);

  afterAll(async () => {
    await db?.destroy();
    await env?.destroy();
  });

  it('refuses a discount larger than the price, and takes one up to the price', async () => {
    await expect(insertProduct(9001, 'course', 1_000, 1_001)).rejects.toThrow(/products_discount_within_price_check/);
    await insertProduct(9002, 'course', 1_000, 1_000);
    await expect(db.query('UPDATE catalog_cart.products SET price_cents = 999 WHERE id = 9002')).rejects.toThrow(
      /products_discount_within_price_check/,
    );
  });

  it('refuses a discount on a wallet top-up product', async () => {
    await expect(insertProduct(9003, 'wallet', 10_000, 500)).rejects.toThrow(/products_wallet_undiscounted_check/);
    await insertProduct(9004, 'wallet', 10_000, 0);
    await expect(db.query('UPDATE catalog_cart.products SET discount_cents = 1 WHERE id = 9004')).rejects.toThrow(
      /products_wallet_undiscounted_check/,
    );
  });
});
