import {
  can,
  CoursesDeliveredEvent,
  SharingErrorCode,
  SharingMessages,
  type deliverCoursesRequestSchema,
  type DeliveryStudent,
  type DeliverCoursesResponse,
  type OrganizeAvailabilityDto,
  type OrganizeDraftDto,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { OutboxWriter } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { inTransaction, type TxContext } from '@aero/backend-persistence';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { companyKey, type SeatHolder } from '../common/seat-holder.js';
import { SharingErrors } from '../common/sharing.errors.js';
import { LearnerDirectory } from '../learners/learner-directory.js';
import { SeatPools, type ClaimedSeats } from '../seats/seat-pools.js';
import { SHARING_CONFIG, type SharingConfig } from '../sharing-organize.config.js';
import { ShareLedger, type ShareDraft } from '../shares/share-ledger.js';
import { newTicketCode, newTicketPassword } from '../tickets/ticket-codes.js';

/**
 * Organize course (spec: learning §2 organize-course page, §4 organize flow, §7, §8): the
 * organizer's draft between the steps, what the company has for a course, and the delivery: one
 * seat per student (by e-mail, or by ticket), one certificate credit per hard copy, all or nothing
 * in one transaction, then the organizer's summary e-mail (`courses.delivered`).
 */
@Injectable()
export class OrganizeService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pools: SeatPools,
    private readonly ledger: ShareLedger,
    private readonly learners: LearnerDirectory,
    private readonly outbox: OutboxWriter,
    @Inject(SHARING_CONFIG) private readonly config: SharingConfig,
  ) {}

  async draft(ctx: RequestContext): Promise<{ data: OrganizeDraftDto | null }> {
    const organizer = organizerOf(ctx);
    const [row]: { draft: OrganizeDraftDto }[] = await this.dataSource.query('SELECT draft FROM sharing_organize.organize_drafts WHERE user_id = $1', [organizer.userId]);
    return { data: row?.draft ?? null };
  }

  /** `POST /organize-course`: keeps `new_course_information` (course, product, students) for the organizer. */
  async saveDraft(ctx: RequestContext, draft: OrganizeDraftDto): Promise<{ data: OrganizeDraftDto }> {
    const organizer = organizerOf(ctx);
    await this.dataSource.query(
      `INSERT INTO sharing_organize.organize_drafts (user_id, draft) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET draft = EXCLUDED.draft, updated_at = now()`,
      [organizer.userId, JSON.stringify(draft)],
    );
    return { data: draft };
  }

  /** `DELETE /organize-course`: removing the product clears the stored organize data. */
  async clearDraft(ctx: RequestContext): Promise<{ message: string }> {
    const organizer = organizerOf(ctx);
    await this.dataSource.query('DELETE FROM sharing_organize.organize_drafts WHERE user_id = $1', [organizer.userId]);
    return { message: 'The organize data was cleared.' };
  }

  async availability(ctx: RequestContext, program: number): Promise<OrganizeAvailabilityDto> {
    const organizer = organizerOf(ctx);
    const [seats, certificates] = await Promise.all([this.pools.availableCount(organizer.key, program), this.pools.certificateCount(organizer.key, program)]);
    return { program_id: program, seats, certificates };
  }

  /** `POST /organize-course/deliver`: answers `data.delivered` (type and to) for the success page. */
  async deliver(ctx: RequestContext, request: z.output<typeof deliverCoursesRequestSchema>): Promise<DeliverCoursesResponse> {
    const organizer = organizerOf(ctx);
    const programId = request.program_id;
    const sendTickets = request.send_tickets_by_email;
    const organizerEmail = (await this.learners.find(organizer.userId).catch(() => null))?.email ?? null;
    return inTransaction(this.dataSource, ctx, (tx) => this.deliverIn(tx, organizer, organizerEmail, programId, request.students, sendTickets));
  }

  private async deliverIn(tx: TxContext, organizer: SeatHolder, organizerEmail: string | null, programId: number, students: DeliveryStudent[], sendTickets: boolean): Promise<DeliverCoursesResponse> {
    const addresses = students.map((s) => s.email).filter((e): e is string => e !== null);
    const holding: unknown[] = await tx.tx.query(
      `SELECT 1 FROM sharing_organize.enrolments e LEFT JOIN sharing_organize.learners l ON l.user_id = e.user_id
        WHERE e.program_id = $1 AND e.status <> 'withdrawn' AND (e.email = ANY($2::text[]) OR l.email = ANY($2::text[])) LIMIT 1`,
      [programId, addresses],
    );
    if (holding.length) throw SharingErrors.alreadyReceived();
    const seats = await this.pools.claim(tx, organizer.key, programId, students.length);
    if (!seats.ok) throw new DomainError(SharingErrorCode.NotEnoughCourses, SharingMessages.notEnoughCourses, 422, { students: [SharingMessages.notEnoughCourses] });
    const copies = students.filter((s) => s.hardCopy).length;
    const credits = await this.pools.claimCertificates(tx, organizer.key, programId, copies);
    if (!credits.ok) throw new DomainError(SharingErrorCode.NotEnoughCertificates, SharingMessages.notEnoughCertificates, 422, { students: [SharingMessages.notEnoughCertificates] });

    const seatList = spread(seats.grants);
    const drafts: ShareDraft[] = students.map((student, index) => {
      const seat = seatList[index];
      const ticketCode = student.byTicket ? newTicketCode() : null;
      return {
        id: randomUUID(),
        grantId: seat.grantId,
        ownerKey: organizer.key,
        programId,
        courseName: seat.courseName,
        shareType: student.byTicket ? 'ticket' : 'email',
        shareTo: ticketCode ?? (student.email as string),
        shareToName: student.name,
        // A ticket goes to the student's address only when the organizer asked for it.
        recipientEmail: student.byTicket ? (sendTickets ? student.email : null) : student.email,
        ticketCode,
        ticketPassword: student.byTicket ? newTicketPassword() : null,
        purchasedAt: seat.purchasedAt,
        availableTill: seat.availableTill,
        fromCompany: true,
      };
    });
    const created = await this.ledger.create(tx, drafts, 'organized for a student');
    const sent = await this.ledger.apply(
      tx,
      created.map((row) => row.id),
      'send',
      { reason: 'delivered by the organizer', onlyFrom: ['created'] },
    );

    const deliveryId = randomUUID();
    const byTicket = sent.filter((row) => row.share_type === 'ticket');
    await tx.tx.query(
      `INSERT INTO sharing_organize.organize_deliveries (id, owner_key, organizer_user_id, program_id, course_name, by_email, by_ticket, certificates)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [deliveryId, organizer.key, organizer.userId, programId, sent[0]?.course_name ?? '', sent.length - byTicket.length, byTicket.length, copies],
    );
    const creditList = spread(credits.grants);
    const withCopy = sent.map((row, index) => ({ row, student: students[index] })).filter(({ student }) => student.hardCopy);
    if (withCopy.length) {
      await tx.tx.query(
        `INSERT INTO sharing_organize.certificate_requests (id, delivery_id, grant_id, share_id, student_name, student_email, program_id)
         SELECT r.id, $1, r.grant_id, r.share_id, r.name, r.email, $2
           FROM unnest($3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::text[]) AS r(id, grant_id, share_id, name, email)`,
        [
          deliveryId,
          programId,
          withCopy.map(() => randomUUID()),
          withCopy.map((_, i) => creditList[i].grantId),
          withCopy.map(({ row }) => row.id),
          withCopy.map(({ student }) => student.name),
          withCopy.map(({ student }) => student.email),
        ],
      );
    }
    await tx.tx.query('DELETE FROM sharing_organize.organize_drafts WHERE user_id = $1', [organizer.userId]);
    await this.outbox.add(tx.tx, CoursesDeliveredEvent, {
      deliveryId,
      organizer: { userId: organizer.userId, email: organizerEmail, companyId: organizer.companyId as string },
      programId,
      courseName: sent[0]?.course_name ?? '',
      byEmail: sent.length - byTicket.length,
      byTicket: byTicket.length,
      certificates: copies,
      tickets: byTicket.map((row) => row.share_to),
      ticketsUrl: byTicket.length ? `${this.config.PUBLIC_BASE_URL}/tickets/${byTicket.map((row) => row.share_to).join(',')}` : null,
      deliveredAt: new Date().toISOString(),
    });
    return {
      data: {
        delivered: sent.map((row) => ({ type: row.share_type, to: row.share_to, name: row.share_to_name })),
        certificates: copies,
      },
      message: `${sent.length} courses were delivered.`,
    };
  }
}

/** One entry per seat (a grant giving three seats is three entries), in the claim's order. */
function spread(grants: ClaimedSeats[]): ClaimedSeats[] {
  return grants.flatMap((grant) => Array.from({ length: grant.taken }, () => grant));
}

/**
 * Organizing is for a company's people who hold `course.organize` in it (docs/permissions.md):
 * they deliver the company's seats. 401 for no actor, 403 otherwise.
 */
function organizerOf(ctx: RequestContext): SeatHolder {
  const actor = ctx.actor;
  if (!actor) throw SharingErrors.signInRequired();
  if (!actor.companyId || !can(ctx, 'course.organize', { companyId: actor.companyId })) throw SharingErrors.forbidden();
  return { key: companyKey(actor.companyId), kind: 'company', userId: actor.userId, companyId: actor.companyId };
}
