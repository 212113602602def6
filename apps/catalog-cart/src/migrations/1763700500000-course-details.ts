import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A course's details for its page (what it covers, study time, who it is for, the certificate),
 * as one JSON value read with the product: null for products that are not courses.
 */
export class CourseDetails1763700500000 implements MigrationInterface {
  name = 'CourseDetails1763700500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog_cart.products ADD COLUMN details jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog_cart.products DROP COLUMN details`);
  }
}
