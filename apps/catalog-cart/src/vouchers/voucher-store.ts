import type { VoucherReservation } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { NO_USAGE, readsUsageFacts, usageFactsRead, type UsageFacts, type VoucherRules } from './voucher-rules.js';

const VOUCHER_CACHE_MS = 2000;

interface VoucherRow {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  starts_at: Date | null;
  ends_at: Date | null;
  max_uses_total: number | null;
  max_uses_per_user: number | null;
  first_order_only: boolean;
  course_product_id: number | null;
  product_ids: number[];
  auto_apply: boolean;
}

const SELECT_VOUCHER = `SELECT code, kind, value, starts_at, ends_at, max_uses_total, max_uses_per_user,
  first_order_only, course_product_id, product_ids, auto_apply FROM catalog_cart.vouchers`;

function toRules(row: VoucherRow): VoucherRules {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    maxUsesTotal: row.max_uses_total,
    maxUsesPerUser: row.max_uses_per_user,
    firstOrderOnly: row.first_order_only,
    courseProductId: row.course_product_id,
    productIds: row.product_ids ?? [],
    autoApply: row.auto_apply,
  };
}

interface UsageRow {
  uses_total: number | null;
  uses_by_user: number | null;
  has_paid_order: boolean | null;
}

/**
 * The usage facts as select-list items, each computed only when its flag is set (a CASE branch
 * not taken never runs its sub-query): $1 code, $2 user id, $3..$5 which facts to read (see
 * `usageParameters`). Counted uses are the reservations not released.
 */
const SELECT_USAGE_FACTS = `
  CASE WHEN $3::boolean THEN (SELECT count(*)::int FROM catalog_cart.voucher_redemptions
                               WHERE voucher_code = $1::text AND status <> 'released') END AS uses_total,
  CASE WHEN $4::boolean THEN (SELECT count(*)::int FROM catalog_cart.voucher_redemptions
                               WHERE voucher_code = $1::text AND user_id = $2::text AND status <> 'released') END AS uses_by_user,
  CASE WHEN $5::boolean THEN EXISTS (SELECT 1 FROM catalog_cart.paid_customers WHERE user_id = $2::text) END AS has_paid_order`;

/** Parameters $1..$5 of SELECT_USAGE_FACTS. Without a user (no id) there is nothing to read per user. */
function usageParameters(voucher: VoucherRules, userId: string | null): [string, string | null, boolean, boolean, boolean] {
  const read = usageFactsRead(voucher);
  const user = Boolean(userId);
  return [voucher.code, userId, read.usesTotal, read.usesByUser && user, read.hasPaidOrder && user];
}

function toUsageFacts(row: UsageRow): UsageFacts {
  return { usesTotal: row.uses_total ?? 0, usesByUser: row.uses_by_user ?? 0, hasPaidOrder: row.has_paid_order ?? false };
}

/** Voucher codes are case-insensitive for shoppers; stored upper-case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Reads vouchers and their usage. Active vouchers are cached briefly for cart pricing; usage
 * counts are always read from the database (after taking the voucher's lock when reserving).
 */
@Injectable()
export class VoucherStore {
  private cache: { at: number; vouchers: Promise<Map<string, VoucherRules>> } | null = null;

  constructor(private readonly dataSource: DataSource) {}

  active(): Promise<Map<string, VoucherRules>> {
    if (this.cache && Date.now() - this.cache.at < VOUCHER_CACHE_MS) return this.cache.vouchers;
    const vouchers = this.dataSource
      .query(`${SELECT_VOUCHER} WHERE active`)
      .then((rows: VoucherRow[]) => new Map(rows.map((r) => [r.code, toRules(r)])));
    this.cache = { at: Date.now(), vouchers };
    vouchers.catch(() => (this.cache = null));
    return vouchers;
  }

  async autoApplied(): Promise<VoucherRules[]> {
    return [...(await this.active()).values()].filter((v) => v.autoApply);
  }

  /** Reads one voucher row and locks it until the transaction ends: reservations queue here. */
  async lockForUpdate(manager: EntityManager, code: string): Promise<VoucherRules | null> {
    const rows: VoucherRow[] = await manager.query(`${SELECT_VOUCHER} WHERE code = $1 AND active FOR UPDATE`, [code]);
    return rows[0] ? toRules(rows[0]) : null;
  }

  /**
   * The usage facts the voucher's rules read, in one statement; none are asked for (and no
   * statement runs) when the voucher has neither limits nor the first-order rule.
   */
  async usageFacts(manager: EntityManager | DataSource, voucher: VoucherRules, userId: string | null): Promise<UsageFacts> {
    if (!readsUsageFacts(voucher)) return NO_USAGE;
    const [row]: UsageRow[] = await manager.query(`SELECT ${SELECT_USAGE_FACTS}`, usageParameters(voucher, userId));
    return toUsageFacts(row);
  }

  /**
   * Reserves a use of the voucher for the order, unless the order already holds an active
   * reservation (which is answered instead and left as it is), in ONE statement that also reads
   * the usage facts as they were before this reservation. With `reserve: false` it only looks
   * for the order's reservation. Inside a transaction, the caller refuses by throwing, which
   * rolls the reservation back.
   */
  async reserveUnlessHeld(
    manager: EntityManager | DataSource,
    voucher: VoucherRules,
    request: { orderId: string; userId: string | null; reserve: boolean },
  ): Promise<{ held: VoucherReservation | null; usage: UsageFacts }> {
    // The sub-statements share one snapshot: `held` and the counts never see the row written
    // by `reserved`. A released reservation of the same order is taken again (ON CONFLICT).
    const [row]: (UsageRow & { held: VoucherReservation | null })[] = await manager.query(
      `WITH held AS (
         SELECT voucher_code AS code, order_id AS "orderId", status FROM catalog_cart.voucher_redemptions
          WHERE order_id = $6::uuid AND status <> 'released'
       ), reserved AS (
         INSERT INTO catalog_cart.voucher_redemptions (voucher_code, order_id, user_id, status)
         SELECT $1::text, $6::uuid, $2::text, 'reserved' WHERE $7::boolean AND NOT EXISTS (SELECT 1 FROM held)
         ON CONFLICT (order_id) DO UPDATE SET voucher_code = EXCLUDED.voucher_code, status = 'reserved', updated_at = now()
       )
       SELECT (SELECT row_to_json(held) FROM held) AS held, ${SELECT_USAGE_FACTS}`,
      [...usageParameters(voucher, request.userId), request.orderId, request.reserve],
    );
    return { held: row.held, usage: toUsageFacts(row) };
  }

  async hasPaidOrder(manager: EntityManager | DataSource, userId: string | null | undefined): Promise<boolean> {
    if (!userId) return false;
    const rows: unknown[] = await manager.query('SELECT 1 FROM catalog_cart.paid_customers WHERE user_id = $1', [userId]);
    return rows.length > 0;
  }
}
