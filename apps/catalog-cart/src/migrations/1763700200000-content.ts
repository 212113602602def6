import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Content1763700200000 implements MigrationInterface {
  name = 'Content1763700200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE catalog_cart.faq_items (
      id integer PRIMARY KEY,
      question text NOT NULL,
      answer text NOT NULL,
      type text NOT NULL CHECK (type IN ('text','youtube')),
      youtube_key text,
      visible boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0,
      CHECK (type <> 'youtube' OR youtube_key IS NOT NULL)
    )`);
    await q.query(`CREATE TABLE catalog_cart.articles (
      slug text PRIMARY KEY,
      title text NOT NULL,
      body text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE catalog_cart.slides (
      id integer PRIMARY KEY,
      image text NOT NULL,
      body text NOT NULL,
      path text NOT NULL,
      button_text text NOT NULL,
      button_class text NOT NULL DEFAULT 'btn-primary',
      sort_order integer NOT NULL DEFAULT 0
    )`);
    await q.query(`CREATE TABLE catalog_cart.client_logos (
      id integer PRIMARY KEY,
      name text NOT NULL,
      image text NOT NULL,
      url text,
      sort_order integer NOT NULL DEFAULT 0
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['client_logos', 'slides', 'articles', 'faq_items']) await q.query(`DROP TABLE catalog_cart.${table}`);
  }
}
