import { createMessagingTables, dropMessagingTables } from '@aero/backend-messaging';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialCatalog1763700000000 implements MigrationInterface {
  name = 'InitialCatalog1763700000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createMessagingTables('catalog_cart')) await q.query(sql);
    await q.query(`CREATE TABLE catalog_cart.products (
      id integer PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      name text NOT NULL,
      description text NOT NULL,
      type text NOT NULL CHECK (type IN ('course','certificate','package','wallet','pre_order','combined')),
      price_cents integer NOT NULL CHECK (price_cents >= 0),
      discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
      category text,
      image_16by9 text NOT NULL,
      image_thumbnail text NOT NULL,
      program_id integer,
      combination_tags text[] NOT NULL DEFAULT '{}',
      active boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0
    )`);
    await q.query(`CREATE TABLE catalog_cart.package_items (
      package_id integer NOT NULL REFERENCES catalog_cart.products(id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES catalog_cart.products(id),
      quantity integer NOT NULL CHECK (quantity > 0),
      PRIMARY KEY (package_id, product_id)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE catalog_cart.package_items');
    await q.query('DROP TABLE catalog_cart.products');
    for (const sql of dropMessagingTables('catalog_cart')) await q.query(sql);
  }
}
