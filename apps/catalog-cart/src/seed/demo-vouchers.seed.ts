import type { DataSource } from 'typeorm';

/**
 * The demo vouchers listed in the README. Validity windows are computed from "now" at seed
 * time so SPRING25 stays valid and NEXTYEAR stays in the future on any day the demo runs.
 */
export async function seedDemoVouchers(dataSource: DataSource): Promise<void> {
  await dataSource.query(
    `INSERT INTO catalog_cart.vouchers
       (code, kind, value, starts_at, ends_at, max_uses_total, max_uses_per_user, first_order_only, course_product_id, product_ids, auto_apply)
     VALUES
       ('WELCOME10',  'percent', 10,  NULL, NULL, NULL, 1, true, NULL, '{}', false),
       ('SPRING25',   'percent', 25,  now() - interval '30 days', now() + interval '1 year', NULL, NULL, false, NULL, '{}', false),
       ('EXPIRED',    'percent', 20,  now() - interval '1 year', now() - interval '1 day', NULL, NULL, false, NULL, '{}', false),
       ('NEXTYEAR',   'percent', 15,  date_trunc('year', now()) + interval '1 year', NULL, NULL, NULL, false, NULL, '{}', false),
       ('PART66ONLY', 'percent', 30,  NULL, NULL, NULL, NULL, false, 107, '{}', false),
       ('FREE100',    'percent', 100, NULL, NULL, NULL, NULL, false, NULL, '{}', false),
       ('ONEUSE',     'percent', 20,  NULL, NULL, 1, NULL, false, NULL, '{}', false),
       ('TENOFF',     'fixed',   1000, NULL, NULL, NULL, NULL, false, NULL, '{}', false),
       ('PART147AUTO','percent', 15,  NULL, NULL, NULL, NULL, false, NULL, '{221}', true)
     ON CONFLICT (code) DO UPDATE SET kind = EXCLUDED.kind, value = EXCLUDED.value, starts_at = EXCLUDED.starts_at,
       ends_at = EXCLUDED.ends_at, max_uses_total = EXCLUDED.max_uses_total, max_uses_per_user = EXCLUDED.max_uses_per_user,
       first_order_only = EXCLUDED.first_order_only, course_product_id = EXCLUDED.course_product_id,
       product_ids = EXCLUDED.product_ids, auto_apply = EXCLUDED.auto_apply, active = true`,
  );
}
