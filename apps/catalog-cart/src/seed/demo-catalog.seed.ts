import type { DataSource } from 'typeorm';
import { courseDetails, DEMO_PRODUCTS } from './demo-catalog.data.js';

/** SQL NULL for a product without details (not the JSON value null). */
const detailsJson = (details: ReturnType<typeof courseDetails>) => (details ? JSON.stringify(details) : null);

/** Upserts the demo catalogue; running it again changes nothing. */
export async function seedDemoCatalog(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (manager) => {
    for (const [index, p] of DEMO_PRODUCTS.entries()) {
      await manager.query(
        `INSERT INTO catalog_cart.products
           (id, slug, name, description, type, price_cents, discount_cents, category, image_16by9, image_thumbnail,
            program_id, combination_tags, sort_order, details)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)
         ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, description = EXCLUDED.description,
           type = EXCLUDED.type, price_cents = EXCLUDED.price_cents, discount_cents = EXCLUDED.discount_cents,
           category = EXCLUDED.category, image_16by9 = EXCLUDED.image_16by9, image_thumbnail = EXCLUDED.image_thumbnail,
           program_id = EXCLUDED.program_id, combination_tags = EXCLUDED.combination_tags, sort_order = EXCLUDED.sort_order,
           details = EXCLUDED.details`,
        [
          p.id,
          p.slug,
          p.name,
          p.description,
          p.type,
          p.priceCents,
          p.discountCents ?? 0,
          p.category,
          `/images/products/${p.image}-16by9.svg`,
          `/images/products/${p.image}-thumb.svg`,
          p.programId ?? null,
          p.combinationTags ?? [],
          index,
          detailsJson(courseDetails(p)),
        ],
      );
    }
    for (const p of DEMO_PRODUCTS) {
      for (const item of p.contents ?? []) {
        await manager.query(
          `INSERT INTO catalog_cart.package_items (package_id, product_id, quantity) VALUES ($1,$2,$3)
           ON CONFLICT (package_id, product_id) DO UPDATE SET quantity = EXCLUDED.quantity`,
          [p.id, item.productId, item.quantity],
        );
      }
    }
  });
}
