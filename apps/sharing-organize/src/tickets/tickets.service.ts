import { SharingErrorCode, SharingMessages, type ReceivedCourseDto, type TicketActivationBody, type TicketDto } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { RequestContext } from '@aero/backend-observability';
import { inTransaction } from '@aero/backend-persistence';
import { Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { learnerOf, seatHolderOf } from '../common/seat-holder.js';
import { SharingErrors } from '../common/sharing.errors.js';
import { Enrolments } from '../learners/enrolments.js';
import { LearnerDirectory } from '../learners/learner-directory.js';
import { ShareLedger } from '../shares/share-ledger.js';
import { SHARE_COLUMNS, type ShareRow } from '../shares/share-row.js';
import { normalizeTicketCode } from './ticket-codes.js';

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const codeMissing = () =>
  new DomainError(SharingErrorCode.ActivationCodeMissing, SharingMessages.activationCodeMissing, 422, { code: [SharingMessages.activationCodeMissing] });

/**
 * Tickets (spec: learning §2 ticket activation, `/tickets/{share_to}`; §3 Ticket): the owner
 * prints them; a learner activates one with its code and password, once. A wrong code, a wrong
 * password, a recalled or expired ticket all answer 'The activation code does not exists', so
 * guessing learns nothing; the gateway limits the attempts.
 */
@Injectable()
export class TicketsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly learners: LearnerDirectory,
    private readonly ledger: ShareLedger,
    private readonly enrolments: Enrolments,
  ) {}

  /** The owner's tickets with these references, to print; any other reference is "not found". */
  async tickets(ctx: RequestContext, shareTo: string[]): Promise<{ data: TicketDto[] }> {
    const holder = seatHolderOf(ctx, 'share.send');
    const codes = [...new Set(shareTo.map(normalizeTicketCode))];
    if (codes.length === 0 || codes.length > 200) throw DomainError.notFound('Ticket not found.', SharingErrorCode.NotFound);
    const rows: ShareRow[] = await this.dataSource.query(
      `SELECT ${SHARE_COLUMNS} FROM sharing_organize.share_items i JOIN sharing_organize.seat_grants g ON g.id = i.grant_id
        WHERE i.ticket_code = ANY($1::text[]) AND i.owner_key = $2 AND i.share_type = 'ticket' AND i.status NOT IN ('recalled', 'cancelled')`,
      [codes, holder.key],
    );
    if (rows.length !== codes.length) throw DomainError.notFound('Ticket not found.', SharingErrorCode.NotFound);
    const byCode = new Map(rows.map((r) => [r.ticket_code, r]));
    return {
      data: codes.map((code) => {
        const row = byCode.get(code)!;
        return {
          share_to: row.share_to,
          code: row.ticket_code!,
          password: row.ticket_password!,
          course_name: row.course_name,
          program_id: row.program_id,
          available_till: row.available_till,
          status: row.status,
        };
      }),
    };
  }

  /** Ticket activation: the course becomes the learner's (enrolled, item accepted); a ticket works once. */
  async activate(ctx: RequestContext, request: TicketActivationBody): Promise<{ message: string; data: ReceivedCourseDto }> {
    const { userId } = learnerOf(ctx);
    const code = normalizeTicketCode(request.code);
    const password = request.password.trim().toUpperCase();
    const learner = await this.learners.find(userId);
    if (!learner) throw SharingErrors.signInRequired();
    return inTransaction(this.dataSource, ctx, async (tx) => {
      const [item]: ShareRow[] = await tx.tx.query(
        `SELECT ${SHARE_COLUMNS} FROM sharing_organize.share_items i JOIN sharing_organize.seat_grants g ON g.id = i.grant_id
          WHERE i.ticket_code = $1 FOR UPDATE OF i`,
        [code],
      );
      if (!item || !sameText(item.ticket_password ?? '', password)) throw codeMissing();
      if (['accepted', 'started', 'completed'].includes(item.status)) {
        throw new DomainError(SharingErrorCode.TicketUsed, SharingMessages.ticketUsed, 422, { code: [SharingMessages.ticketUsed] });
      }
      if (item.status !== 'shared' || item.available_till < new Date().toISOString().slice(0, 10)) throw codeMissing();
      if ((await this.enrolments.held(tx, userId, [item.program_id])).size > 0) throw SharingErrors.alreadyReceived();
      const [accepted] = await this.ledger.apply(tx, [item.id], 'accept', {
        reason: 'ticket activated by the learner',
        learnerUserId: userId,
        learnerEmail: learner.email,
        via: 'ticket',
        onlyFrom: ['shared'],
      });
      await this.enrolments.fromShares(tx, { userId, email: learner.email }, [accepted]);
      return {
        message: SharingMessages.ticketActivated,
        data: {
          program_id: accepted.program_id,
          course_name: accepted.course_name,
          source: 'share',
          enrolled_at: new Date().toISOString(),
          available_till: accepted.available_till,
          status: 'enrolled',
        },
      };
    });
  }
}
