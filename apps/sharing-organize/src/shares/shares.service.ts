import {
  checkRecipients,
  normalizeEmail,
  SharingMessages,
  type BulkShareActionResponse,
  type listSharesRequestSchema,
  type quickShareManyRequestSchema,
  type QuickShareManyResponse,
  type quickShareRequestSchema,
  type QuickShareResponse,
  type ShareActionResponse,
  type ShareListResponse,
  type ShareType,
} from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { inTransaction, type TxContext } from '@aero/backend-persistence';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { seatHolderOf, type SeatHolder } from '../common/seat-holder.js';
import { SharingErrors } from '../common/sharing.errors.js';
import { SeatPools, type ClaimedSeats } from '../seats/seat-pools.js';
import { newTicketCode, newTicketPassword } from '../tickets/ticket-codes.js';
import { ShareLedger, type ShareDraft } from './share-ledger.js';
import { SHARE_COLUMNS, toShareItemDto, type ShareRow } from './share-row.js';
import { cancelDecision, recallDecision, resendDecision, reshareDecision } from './share-rules.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One recipient of a share: an address (e-mail share, or a ticket e-mailed) and a name. */
interface Recipient {
  email: string | null;
  name: string | null;
}

/**
 * Quick share (spec: learning §2 quick share page, §4 share item status, §5 Sharing, §7): a share
 * claims a seat of the actor's pool atomically and sends it in the same transaction (`created →
 * shared`); resend, cancel and recall follow the state machine and its rules. Every item is
 * found only within the actor's own pool: another owner's id is "not found".
 */
@Injectable()
export class SharesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pools: SeatPools,
    private readonly ledger: ShareLedger,
  ) {}

  /** `POST /quick-share/{id}`: one recipient by e-mail, or a ticket (e-mailed when an address is given). */
  async share(ctx: RequestContext, request: z.output<typeof quickShareRequestSchema>): Promise<QuickShareResponse> {
    const holder = seatHolderOf(ctx, 'share.send');
    const { programId } = request;
    const shareType = shareTypeOf(request.share_type);
    // A ticket may go without an address (printed); an e-mail share may not (the schema says so).
    const email = request.email === undefined ? null : normalizeEmail(request.email);
    const name = request.name?.trim() ? request.name.trim().slice(0, 200) : null;
    const recipient: Recipient = { email, name };
    const [row] = await inTransaction(this.dataSource, ctx, (tx) => this.shareTo(tx, holder, programId, shareType, [recipient], 'email'));
    return { shared_to: row.share_to, data: toShareItemDto(row) };
  }

  /** Add multiple recipients: the paste checked with the spec's messages, then every seat claimed at once (all or none). */
  async shareMany(ctx: RequestContext, request: z.output<typeof quickShareManyRequestSchema>): Promise<QuickShareManyResponse> {
    const holder = seatHolderOf(ctx, 'share.send');
    const { programId } = request;
    const shareType = shareTypeOf(request.share_type);
    const check = checkRecipients(request.emails, await this.pools.availableCount(holder.key, programId));
    if (!check.ok) throw SharingErrors.field('emails', check.message);
    const rows = await inTransaction(this.dataSource, ctx, (tx) =>
      this.shareTo(
        tx,
        holder,
        programId,
        shareType,
        check.emails.map((email) => ({ email, name: null })),
        'emails',
      ),
    );
    return { data: rows.map((row) => toShareItemDto(row)), message: SharingMessages.sharedMany(rows.length) };
  }

  /** The Sharing list: the actor's items not recalled or cancelled, searched, sorted, one page; with the tab counts. */
  async list(ctx: RequestContext, request: z.output<typeof listSharesRequestSchema>): Promise<ShareListResponse> {
    const holder = seatHolderOf(ctx, 'share.send');
    const { programId, search, page, per_page: perPage } = request;
    const sort = request.sort ?? 'send_at';
    const direction = request.direction ?? (sort === 'send_at' ? 'desc' : 'asc');

    const column = { send_at: 'i.send_at', available_till: 'i.available_till', status: 'i.status', share_to: 'i.share_to' }[sort];
    const order = `${column} ${direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, i.created_at DESC, i.id`;
    const where = `i.owner_key = $1 AND ($2::int IS NULL OR i.program_id = $2) AND i.status NOT IN ('recalled', 'cancelled')`;
    const [rows, [{ total }], [{ sharing }], available] = await Promise.all([
      this.dataSource.query<ShareRow[]>(
        `SELECT ${SHARE_COLUMNS} FROM sharing_organize.share_items i JOIN sharing_organize.seat_grants g ON g.id = i.grant_id
          WHERE ${where} AND ($3 = '' OR i.share_to ILIKE '%' || $3 || '%' OR i.share_to_name ILIKE '%' || $3 || '%')
          ORDER BY ${order} LIMIT $4 OFFSET $5`,
        [holder.key, programId, escapeLike(search), perPage, (page - 1) * perPage],
      ),
      this.dataSource.query<{ total: number }[]>(
        `SELECT count(*)::int AS total FROM sharing_organize.share_items i
          WHERE ${where} AND ($3 = '' OR i.share_to ILIKE '%' || $3 || '%' OR i.share_to_name ILIKE '%' || $3 || '%')`,
        [holder.key, programId, escapeLike(search)],
      ),
      this.dataSource.query<{ sharing: number }[]>(`SELECT count(*)::int AS sharing FROM sharing_organize.share_items i WHERE ${where}`, [holder.key, programId]),
      programId === null ? Promise.resolve(0) : this.pools.availableCount(holder.key, programId),
    ]);
    const now = new Date();
    return {
      data: rows.map((row) => toShareItemDto(row, now)),
      meta: {
        pagination: { total, count: rows.length, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(total / perPage)) },
        counts: { share: available, sharing },
      },
    };
  }

  /** `PATCH /quick-share/resend/{id}`: send_at becomes now and the e-mail goes again. */
  async resend(ctx: RequestContext, id: string): Promise<ShareActionResponse> {
    const holder = seatHolderOf(ctx, 'share.send');
    return inTransaction(this.dataSource, ctx, async (tx) => {
      const item = await this.owned(tx, holder, id);
      const decision = resendDecision(item.status);
      if (!decision.allowed) throw SharingErrors.refused(decision);
      const [moved] = await this.ledger.apply(tx, [item.id], 'resend', { reason: 'resent by the owner', onlyFrom: [item.status] });
      return { data: toShareItemDto(moved), message: SharingMessages.resent };
    });
  }

  /** `DELETE /quick-share/{id}`: a sent share nobody accepted is cancelled; a created item is recalled. */
  async cancel(ctx: RequestContext, id: string): Promise<ShareActionResponse> {
    const holder = seatHolderOf(ctx, 'share.recall');
    return inTransaction(this.dataSource, ctx, async (tx) => {
      const item = await this.owned(tx, holder, id);
      if (item.status === 'created') {
        const [moved] = await this.ledger.apply(tx, [item.id], 'recall', { reason: 'cancelled by the owner before it was sent', onlyFrom: ['created'] });
        return { data: toShareItemDto(moved), message: SharingMessages.recalled };
      }
      const decision = cancelDecision(item.status);
      if (!decision.allowed) throw SharingErrors.refused(decision);
      const [moved] = await this.ledger.apply(tx, [item.id], 'cancel', { reason: 'cancelled by the owner', onlyFrom: [item.status] });
      return { data: toShareItemDto(moved), message: SharingMessages.cancelled };
    });
  }

  /** `POST /course-recall/{id}`: the seat comes back, when the recall rules allow it. */
  async recall(ctx: RequestContext, id: string): Promise<ShareActionResponse> {
    const holder = seatHolderOf(ctx, 'share.recall');
    return inTransaction(this.dataSource, ctx, async (tx) => {
      const item = await this.owned(tx, holder, id);
      const decision = recallDecision({ status: item.status, purchasedAt: new Date(item.purchased_at), startedAt: item.started_at }, new Date());
      if (!decision.allowed) throw SharingErrors.refused(decision);
      const [moved] = await this.ledger.apply(tx, [item.id], 'recall', { reason: 'recalled by the owner', onlyFrom: [item.status] });
      return { data: toShareItemDto(moved), message: SharingMessages.recalled };
    });
  }

  /** Resend selected: created items are skipped (not sent yet), shared ones sent again, others left alone. */
  async bulkResend(ctx: RequestContext, ids: string[]): Promise<BulkShareActionResponse> {
    const holder = seatHolderOf(ctx, 'share.send');
    return inTransaction(this.dataSource, ctx, async (tx) => {
      const items = await this.ledger.find(tx, holder.key, ids, true);
      const result: BulkShareActionResponse = { done: [], skipped: [], message: '' };
      const toResend: string[] = [];
      for (const item of items) {
        if (item.status === 'created') result.skipped.push({ id: item.id, reason: SharingMessages.skippedCreated });
        else if (!resendDecision(item.status).allowed) result.skipped.push({ id: item.id, reason: SharingMessages.resendNotAllowed });
        else toResend.push(item.id);
      }
      const moved = await this.ledger.apply(tx, toResend, 'resend', { reason: 'resent by the owner (selection)', onlyFrom: ['shared'] });
      result.done.push(...moved.map((row) => ({ id: row.id, status: row.status })));
      result.message = SharingMessages.bulkDone(result.done.length, result.skipped.length);
      return result;
    });
  }

  /** Cancel selected: created items are recalled, shared ones cancelled, the rest left alone. */
  async bulkCancel(ctx: RequestContext, ids: string[]): Promise<BulkShareActionResponse> {
    const holder = seatHolderOf(ctx, 'share.recall');
    return inTransaction(this.dataSource, ctx, async (tx) => {
      const items = await this.ledger.find(tx, holder.key, ids, true);
      const result: BulkShareActionResponse = { done: [], skipped: [], message: '' };
      const created = items.filter((i) => i.status === 'created').map((i) => i.id);
      const shared = items.filter((i) => i.status === 'shared').map((i) => i.id);
      for (const item of items) {
        if (item.status !== 'created' && item.status !== 'shared') result.skipped.push({ id: item.id, reason: SharingMessages.cancelNotAllowed });
      }
      const recalled = await this.ledger.apply(tx, created, 'recall', { reason: 'cancelled by the owner before it was sent (selection)', onlyFrom: ['created'] });
      const cancelled = await this.ledger.apply(tx, shared, 'cancel', { reason: 'cancelled by the owner (selection)', onlyFrom: ['shared'] });
      result.done.push(...[...recalled, ...cancelled].map((row) => ({ id: row.id, status: row.status })));
      result.message = SharingMessages.bulkDone(result.done.length, result.skipped.length);
      return result;
    });
  }

  /**
   * Claims one seat per recipient and sends each: refused with 409 when a recipient already holds
   * the course, with "You have only {n} courses." when the pool is short (nothing is taken then).
   */
  private async shareTo(tx: TxContext, holder: SeatHolder, programId: number, shareType: ShareType, recipients: Recipient[], field: string): Promise<ShareRow[]> {
    const addresses = recipients.map((r) => r.email).filter((e): e is string => e !== null);
    if (addresses.length && (await this.alreadyHolding(tx, programId, addresses)).length) throw SharingErrors.alreadyReceived();
    const claim = await this.pools.claim(tx, holder.key, programId, recipients.length);
    if (!claim.ok) {
      if (claim.available === 0) await this.refuseResharing(tx, holder, programId);
      throw SharingErrors.notEnoughSeats(claim.available, field);
    }
    const seats = claim.grants.flatMap((grant) => Array.from({ length: grant.taken }, () => grant));
    const drafts = recipients.map((recipient, index) => this.draft(holder, programId, shareType, recipient, seats[index]));
    const created = await this.ledger.create(tx, drafts, 'shared by the owner');
    return this.ledger.apply(
      tx,
      created.map((row) => row.id),
      'send',
      { reason: shareType === 'ticket' ? 'ticket issued' : 'sent by e-mail', onlyFrom: ['created'] },
    );
  }

  private draft(holder: SeatHolder, programId: number, shareType: ShareType, recipient: Recipient, seat: ClaimedSeats): ShareDraft {
    const ticketCode = shareType === 'ticket' ? newTicketCode() : null;
    return {
      id: randomUUID(),
      grantId: seat.grantId,
      ownerKey: holder.key,
      programId,
      courseName: seat.courseName,
      shareType,
      shareTo: shareType === 'ticket' ? ticketCode! : recipient.email!,
      shareToName: recipient.name,
      recipientEmail: recipient.email,
      ticketCode,
      ticketPassword: shareType === 'ticket' ? newTicketPassword() : null,
      purchasedAt: seat.purchasedAt,
      availableTill: seat.availableTill,
      fromCompany: holder.kind === 'company',
    };
  }

  /** Addresses among `emails` whose learner holds the course already (bought, or received and not withdrawn). */
  private async alreadyHolding(tx: TxContext, programId: number, emails: string[]): Promise<string[]> {
    const rows: { email: string }[] = await tx.tx.query(
      `SELECT DISTINCT e.email FROM sharing_organize.enrolments e
        WHERE e.program_id = $1 AND e.status <> 'withdrawn' AND e.email = ANY($2::text[])
       UNION
       SELECT DISTINCT l.email FROM sharing_organize.enrolments e JOIN sharing_organize.learners l ON l.user_id = e.user_id
        WHERE e.program_id = $1 AND e.status <> 'withdrawn' AND l.email = ANY($2::text[])`,
      [programId, emails],
    );
    return rows.map((r) => r.email);
  }

  /**
   * A company without seats of the course that holds it as a course another company shared with
   * it may not pass it on (spec: learning §5, §6): its own refusal, not "You have only 0 courses.".
   */
  private async refuseResharing(tx: TxContext, holder: SeatHolder, programId: number): Promise<void> {
    const received: { from_company: boolean }[] = await tx.tx.query(
      `SELECT i.from_company FROM sharing_organize.enrolments e JOIN sharing_organize.share_items i ON i.id = e.share_id
        WHERE e.user_id = $1 AND e.program_id = $2 AND e.source = 'share' AND e.status <> 'withdrawn'`,
      [holder.userId, programId],
    );
    for (const item of received) {
      const decision = reshareDecision({ actorIsCompany: holder.kind === 'company', receivedFromCompany: item.from_company });
      if (!decision.allowed) throw SharingErrors.refused(decision);
    }
  }

  /** The item of the holder's pool with this id, locked; "not found" for any other id. */
  private async owned(tx: TxContext, holder: SeatHolder, id: string): Promise<ShareRow> {
    if (!UUID.test(id)) throw SharingErrors.shareNotFound();
    const [item] = await this.ledger.find(tx, holder.key, [id.toLowerCase()], true);
    if (!item) throw SharingErrors.shareNotFound();
    return item;
  }
}

/** The share type the schema let through; e-mail when none is chosen. */
function shareTypeOf(value: string | undefined): ShareType {
  return (value ?? 'email') as ShareType;
}

function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, (c) => `\\${c}`);
}
