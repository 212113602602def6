import type { AvailabilityEntryDto, SharableCourseDto } from '@aero/contracts';
import type { TxContext } from '@aero/backend-persistence';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Seats taken from one grant by a claim. */
export interface ClaimedSeats {
  grantId: string;
  taken: number;
  availableTill: string;
  purchasedAt: Date;
  courseName: string;
  ownerName: string;
  ownerUserId: string;
  receivedFromCompany: boolean;
}

export type ClaimResult = { ok: true; grants: ClaimedSeats[] } | { ok: false; available: number };

/**
 * Takes `$3` seats of a pool (owner `$1`, course `$2`) at commit time, all or none. The grants
 * still usable are locked in one order (soonest to expire first, so no two claims deadlock, and
 * the seats closest to expiry go first); a claim that waited for another reads the grants as that
 * one left them. Each grant gives what it has until the claim is served; when the pool holds
 * fewer seats than asked nothing is taken. The CHECK on `available` is the backstop.
 * `which` selects the grants (course seats of the course, or certificate credits for it or any
 * course, the course's own first).
 */
function claimSql(which: string, order: string): string {
  return `WITH candidates AS (
    SELECT id, available, available_till, purchased_at, ${order} AS rank FROM sharing_organize.seat_grants
     WHERE owner_key = $1 AND ${which} AND available > 0 AND available_till >= (now() AT TIME ZONE 'UTC')::date
     ORDER BY ${order}, available_till, purchased_at, id
     FOR UPDATE
  ), pool AS (
    SELECT COALESCE(SUM(available), 0)::int AS total FROM candidates
  ), ranked AS (
    SELECT id, available, COALESCE(SUM(available) OVER (ORDER BY rank, available_till, purchased_at, id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::int AS before
      FROM candidates
  ), taken AS (
    UPDATE sharing_organize.seat_grants g SET available = g.available - LEAST(r.available, $3 - r.before), updated_at = now()
      FROM ranked r
     WHERE g.id = r.id AND r.before < $3 AND (SELECT total FROM pool) >= $3
    RETURNING g.id, LEAST(r.available, $3 - r.before)::int AS taken, to_char(g.available_till, 'YYYY-MM-DD') AS available_till,
              g.purchased_at, g.course_name, g.owner_name, g.owner_user_id, g.received_from_company
  )
  SELECT (SELECT total FROM pool) AS total,
         COALESCE((SELECT json_agg(t ORDER BY t.available_till, t.purchased_at, t.id) FROM taken t), '[]'::json) AS taken`;
}

const CLAIM_SEATS = claimSql("kind = 'course' AND program_id = $2", '(program_id IS NULL)::int');
const CLAIM_CERTIFICATES = claimSql("kind = 'certificate' AND (program_id = $2 OR program_id IS NULL)", '(program_id IS NULL)::int');

interface ClaimRow {
  total: number;
  taken: { id: string; taken: number; available_till: string; purchased_at: string; course_name: string; owner_name: string; owner_user_id: string; received_from_company: boolean }[];
}

/**
 * The seat pools: per owner and course, the grants of paid orders and what is left of them.
 * Claims and releases are conditional updates inside the caller's transaction.
 */
@Injectable()
export class SeatPools {
  constructor(private readonly dataSource: DataSource) {}

  /** Takes `count` seats of the pool, all or none (see claimSql). */
  claim(ctx: TxContext, ownerKey: string, programId: number, count: number): Promise<ClaimResult> {
    return this.take(ctx, CLAIM_SEATS, ownerKey, programId, count);
  }

  /** Takes `count` hard-copy certificate credits for the course (its own, then those for any course), all or none. */
  claimCertificates(ctx: TxContext, ownerKey: string, programId: number, count: number): Promise<ClaimResult> {
    return this.take(ctx, CLAIM_CERTIFICATES, ownerKey, programId, count);
  }

  /** Certificate credits usable for the course now. */
  async certificateCount(ownerKey: string, programId: number): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(
      `SELECT COALESCE(SUM(available), 0)::int AS n FROM sharing_organize.seat_grants
        WHERE owner_key = $1 AND kind = 'certificate' AND (program_id = $2 OR program_id IS NULL) AND available > 0
          AND available_till >= (now() AT TIME ZONE 'UTC')::date`,
      [ownerKey, programId],
    );
    return row.n;
  }

  private async take(ctx: TxContext, sql: string, ownerKey: string, programId: number, count: number): Promise<ClaimResult> {
    if (count === 0) return { ok: true, grants: [] };
    const [row]: ClaimRow[] = await ctx.tx.query(sql, [ownerKey, programId, count]);
    if (row.total < count) return { ok: false, available: row.total };
    return {
      ok: true,
      grants: row.taken.map((t) => ({
        grantId: t.id,
        taken: t.taken,
        availableTill: t.available_till,
        purchasedAt: new Date(t.purchased_at),
        courseName: t.course_name,
        ownerName: t.owner_name,
        ownerUserId: t.owner_user_id,
        receivedFromCompany: t.received_from_company,
      })),
    };
  }

  /** Gives one seat back to its grant (a recall or a cancel). */
  async release(ctx: TxContext, grantId: string): Promise<void> {
    await ctx.tx.query('UPDATE sharing_organize.seat_grants SET available = available + 1, updated_at = now() WHERE id = $1', [grantId]);
  }

  /** Seats of the course the owner can share now (expired ones do not count). */
  async availableCount(ownerKey: string, programId: number): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(
      `SELECT COALESCE(SUM(available), 0)::int AS n FROM sharing_organize.seat_grants
        WHERE owner_key = $1 AND kind = 'course' AND program_id = $2 AND available > 0 AND available_till >= (now() AT TIME ZONE 'UTC')::date`,
      [ownerKey, programId],
    );
    return row.n;
  }

  /** The purchases whose seats of the course are still usable, oldest first (the availability list). */
  async availabilityList(ownerKey: string, programId: number): Promise<AvailabilityEntryDto[]> {
    const rows: { qty: number; created_at: Date; available_till: string }[] = await this.dataSource.query(
      `SELECT available AS qty, purchased_at AS created_at, to_char(available_till, 'YYYY-MM-DD') AS available_till
         FROM sharing_organize.seat_grants
        WHERE owner_key = $1 AND kind = 'course' AND program_id = $2 AND available > 0 AND available_till >= (now() AT TIME ZONE 'UTC')::date
        ORDER BY purchased_at, id`,
      [ownerKey, programId],
    );
    return rows.map((r) => ({ qty: r.qty, created_at: new Date(r.created_at).toISOString(), available_till: r.available_till }));
  }

  /** The courses of which the owner has seats or shares, for the quick share page's picker. */
  async sharableCourses(ownerKey: string): Promise<SharableCourseDto[]> {
    return this.dataSource.query(
      `WITH seats AS (
         SELECT program_id, max(course_name) AS name,
                COALESCE(SUM(available) FILTER (WHERE available_till >= (now() AT TIME ZONE 'UTC')::date), 0)::int AS available
           FROM sharing_organize.seat_grants WHERE owner_key = $1 AND kind = 'course' GROUP BY program_id
       ), shared AS (
         SELECT program_id, count(*)::int AS shared FROM sharing_organize.share_items
          WHERE owner_key = $1 AND status NOT IN ('recalled', 'cancelled') GROUP BY program_id
       )
       SELECT s.program_id, s.name, s.available, COALESCE(sh.shared, 0) AS shared
         FROM seats s LEFT JOIN shared sh USING (program_id) ORDER BY s.name, s.program_id`,
      [ownerKey],
    );
  }
}
