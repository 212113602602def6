import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { VoucherRules } from './voucher-rules.js';

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

/** Voucher codes are case-insensitive for shoppers; stored upper-case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Reads vouchers and their usage. Active vouchers are cached briefly for cart pricing; usage
 * counts are always read from the database (under a lock when reserving).
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

  async usage(manager: EntityManager | DataSource, code: string, userId: string | null): Promise<{ total: number; byUser: number }> {
    const [row]: { total: number; by_user: number }[] = await manager.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE user_id = $2)::int AS by_user
         FROM catalog_cart.voucher_redemptions WHERE voucher_code = $1 AND status <> 'released'`,
      [code, userId],
    );
    return { total: row.total, byUser: userId ? row.by_user : 0 };
  }

  async hasPaidOrder(manager: EntityManager | DataSource, userId: string | null | undefined): Promise<boolean> {
    if (!userId) return false;
    const rows: unknown[] = await manager.query('SELECT 1 FROM catalog_cart.paid_customers WHERE user_id = $1', [userId]);
    return rows.length > 0;
  }
}
