import {
  ShareAcceptedEvent,
  ShareCancelledEvent,
  ShareCreatedEvent,
  ShareRecalledEvent,
  ShareSentEvent,
  type ShareStatus,
  type ShareType,
} from '@aero/contracts';
import { OutboxWriter } from '@aero/backend-messaging';
import type { TxContext } from '@aero/backend-persistence';
import { Inject, Injectable } from '@nestjs/common';
import { SHARING_CONFIG, type SharingConfig } from '../sharing-organize.config.js';
import { SHARE_COLUMNS, ownerOf, type ShareRow } from './share-row.js';
import { sourcesOf, targetOf, type ShareTransition } from './share-state.js';

/** A seat set aside for one recipient, before it is written. */
export interface ShareDraft {
  id: string;
  grantId: string;
  ownerKey: string;
  programId: number;
  courseName: string;
  shareType: ShareType;
  shareTo: string;
  shareToName: string | null;
  recipientEmail: string | null;
  ticketCode: string | null;
  ticketPassword: string | null;
  purchasedAt: Date;
  availableTill: string;
  fromCompany: boolean;
}

export interface TransitionOptions {
  /** Why, for the audit trail (and the recall/cancel events). */
  reason: string;
  /** Only items in these statuses move (a subset of the transition's sources, e.g. what a rule checked). */
  onlyFrom?: ShareStatus[];
  /** The learner who accepts (accept), and their address. */
  learnerUserId?: string;
  learnerEmail?: string;
  via?: 'pending' | 'registration' | 'ticket';
  /** When the learning side says it happened (start, complete). */
  at?: Date;
  /** Send the ticket's code and password to the recipient's address with the share (send). */
  emailTicket?: boolean;
}

/** What each transition writes besides the status ($5: learner, $6: when). */
const SETS: Record<ShareTransition, string> = {
  create: '',
  send: ', send_at = now(), send_count = i.send_count + 1',
  resend: ', send_at = now(), send_count = i.send_count + 1',
  accept: ', learner_user_id = $5, accepted_at = now()',
  start: ', started_at = COALESCE(i.started_at, $6::timestamptz)',
  complete: ', completed_at = $6::timestamptz, started_at = COALESCE(i.started_at, $6::timestamptz)',
  recall: ', ended_at = now(), status_reason = $4',
  cancel: ', ended_at = now(), status_reason = $4',
};

/**
 * Applies transitions of the share state machine (share-state.ts): each is ONE statement that
 * moves the items still in a source status (a conditional update, so of two racing requests one
 * moves an item and the other finds nothing), writes one audit row per item (who, when, why),
 * for recall and cancel gives each seat back to its grant (and a recall of an accepted course
 * withdraws the learner's enrolment); then the versioned event of each
 * moved item goes to the outbox, in the same transaction.
 */
@Injectable()
export class ShareLedger {
  constructor(
    private readonly outbox: OutboxWriter,
    @Inject(SHARING_CONFIG) private readonly config: SharingConfig,
  ) {}

  /** Writes the items `created`, each with its audit row and `share.created`. */
  async create(ctx: TxContext, drafts: ShareDraft[], reason: string): Promise<ShareRow[]> {
    if (drafts.length === 0) return [];
    const actor = ctx.actor?.userId ?? null;
    const rows: ShareRow[] = await ctx.tx.query(
      `WITH created AS (
         INSERT INTO sharing_organize.share_items
           (id, grant_id, owner_key, program_id, course_name, status, share_type, share_to, share_to_name, recipient_email,
            ticket_code, ticket_password, purchased_at, available_till, from_company, created_by)
         SELECT d.id, d.grant_id, d.owner_key, d.program_id, d.course_name, 'created', d.share_type, d.share_to, d.share_to_name, d.recipient_email,
                d.ticket_code, d.ticket_password, d.purchased_at, d.available_till, d.from_company, $16
           FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                       $10::text[], $11::text[], $12::timestamptz[], $13::date[], $14::boolean[])
                AS d(id, grant_id, owner_key, program_id, course_name, share_type, share_to, share_to_name, recipient_email,
                     ticket_code, ticket_password, purchased_at, available_till, from_company)
         RETURNING *
       ), audit AS (
         INSERT INTO sharing_organize.share_transitions (share_id, sequence, transition, from_status, to_status, actor_user_id, reason)
         SELECT id, version, 'create', NULL, status, $16, $15 FROM created
       )
       SELECT ${SHARE_COLUMNS} FROM created i JOIN sharing_organize.seat_grants g ON g.id = i.grant_id`,
      [
        drafts.map((d) => d.id),
        drafts.map((d) => d.grantId),
        drafts.map((d) => d.ownerKey),
        drafts.map((d) => d.programId),
        drafts.map((d) => d.courseName),
        drafts.map((d) => d.shareType),
        drafts.map((d) => d.shareTo),
        drafts.map((d) => d.shareToName),
        drafts.map((d) => d.recipientEmail),
        drafts.map((d) => d.ticketCode),
        drafts.map((d) => d.ticketPassword),
        drafts.map((d) => d.purchasedAt),
        drafts.map((d) => d.availableTill),
        drafts.map((d) => d.fromCompany),
        reason,
        actor,
      ],
    );
    const order = new Map(drafts.map((d, index) => [d.id, index]));
    rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    await this.outbox.addMany(
      ctx.tx,
      ShareCreatedEvent,
      rows.map((row) => this.base(ctx, row)),
    );
    return rows;
  }

  /** Applies `transition` to those of `ids` still in a source status; answers the moved items, in the order of `ids`. */
  async apply(ctx: TxContext, ids: string[], transition: ShareTransition, options: TransitionOptions): Promise<ShareRow[]> {
    if (ids.length === 0) return [];
    const sources = options.onlyFrom ? sourcesOf(transition).filter((s) => options.onlyFrom!.includes(s)) : sourcesOf(transition);
    const releases = transition === 'recall' || transition === 'cancel';
    const actor = ctx.actor?.userId ?? null;
    const rows: ShareRow[] = await ctx.tx.query(
      `WITH old AS (
         SELECT id, status FROM sharing_organize.share_items WHERE id = ANY($1::uuid[]) AND status = ANY($2::text[]) ORDER BY id FOR UPDATE
       ), moved AS (
         UPDATE sharing_organize.share_items i SET status = $3, version = i.version + 1, updated_at = now() ${SETS[transition]}
           FROM old WHERE i.id = old.id
         RETURNING i.*, old.status AS from_status
       ), audit AS (
         INSERT INTO sharing_organize.share_transitions (share_id, sequence, transition, from_status, to_status, actor_user_id, reason)
         SELECT id, version, $7, from_status, status, $8, $4 FROM moved
       ), withdrawn AS (
         UPDATE sharing_organize.enrolments e SET status = 'withdrawn', withdrawn_at = now()
          WHERE $7 = 'recall' AND e.share_id IN (SELECT id FROM moved WHERE from_status = 'accepted') AND e.status <> 'withdrawn'
       ), released AS (
         UPDATE sharing_organize.seat_grants g SET available = g.available + r.seats, updated_at = now()
           FROM (SELECT grant_id, count(*)::int AS seats FROM moved WHERE $9 GROUP BY grant_id) r
          WHERE g.id = r.grant_id
       )
       SELECT ${SHARE_COLUMNS}, i.from_status, $5::text AS learner_asked, $6::timestamptz AS at_asked FROM moved i JOIN sharing_organize.seat_grants g ON g.id = i.grant_id`,
      [ids, sources, targetOf(transition), options.reason, options.learnerUserId ?? null, options.at ?? null, transition, actor, releases],
    );
    const order = new Map(ids.map((id, index) => [id, index]));
    rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    await this.publish(ctx, transition, rows, options);
    return rows;
  }

  /** Reads items of one owner (another owner's are not found) with their grant's owner; FOR UPDATE locks them. */
  async find(ctx: TxContext, ownerKey: string, ids: string[], lock = false): Promise<ShareRow[]> {
    return ctx.tx.query(
      `SELECT ${SHARE_COLUMNS} FROM sharing_organize.share_items i JOIN sharing_organize.seat_grants g ON g.id = i.grant_id
        WHERE i.id = ANY($1::uuid[]) AND i.owner_key = $2 ORDER BY i.id ${lock ? 'FOR UPDATE OF i' : ''}`,
      [ids, ownerKey],
    );
  }

  private base(ctx: TxContext, row: ShareRow) {
    return {
      shareId: row.id,
      programId: row.program_id,
      courseName: row.course_name,
      owner: ownerOf(row),
      shareType: row.share_type,
      recipientEmail: row.recipient_email,
      availableTill: row.available_till,
      actorUserId: ctx.actor?.userId ?? null,
      sequence: row.version,
      occurredAt: new Date().toISOString(),
    };
  }

  /** The event of each moved item, all of one type in one statement. */
  private async publish(ctx: TxContext, transition: ShareTransition, rows: ShareRow[], options: TransitionOptions): Promise<void> {
    if (rows.length === 0) return;
    // Did the recipient get an e-mail of this item (then a recall or cancel notice is due)?
    const notified = (row: ShareRow) => row.recipient_email !== null && row.send_count > 0;
    switch (transition) {
      case 'send':
      case 'resend':
        await this.outbox.addMany(
          ctx.tx,
          ShareSentEvent,
          rows.map((row) => ({
            ...this.base(ctx, row),
            sendCount: row.send_count,
            sendAt: new Date(row.send_at ?? Date.now()).toISOString(),
            recipientName: row.share_to_name,
            ticket:
              row.share_type === 'ticket' && row.recipient_email && (options.emailTicket ?? true) ? { code: row.ticket_code!, password: row.ticket_password! } : null,
            receiveUrl: `${this.config.PUBLIC_BASE_URL}${row.share_type === 'ticket' ? '/ticket-activation' : '/my-courses'}`,
          })),
        );
        return;
      case 'accept':
        await this.outbox.addMany(
          ctx.tx,
          ShareAcceptedEvent,
          rows.map((row) => ({
            ...this.base(ctx, row),
            learner: { userId: row.learner_user_id!, email: options.learnerEmail ?? row.recipient_email ?? '' },
            via: options.via ?? 'pending',
            acceptedAt: new Date().toISOString(),
          })),
        );
        return;
      case 'recall':
        await this.outbox.addMany(
          ctx.tx,
          ShareRecalledEvent,
          rows.map((row) => ({
            ...this.base(ctx, row),
            fromStatus: row.from_status!,
            learnerUserId: row.from_status === 'accepted' ? row.learner_user_id : null,
            recipientNotified: notified(row),
            reason: options.reason,
          })),
        );
        return;
      case 'cancel':
        await this.outbox.addMany(
          ctx.tx,
          ShareCancelledEvent,
          rows.map((row) => ({ ...this.base(ctx, row), fromStatus: row.from_status!, recipientNotified: notified(row), reason: options.reason })),
        );
        return;
      default:
        // start and complete come from the learning side: recorded in the audit trail only.
        return;
    }
  }
}
