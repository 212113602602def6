import { CourseEnrolledEvent, normalizeEmail, SeatGrantedEvent, type OrderPaid, type SeatOwner } from '@aero/contracts';
import { OutboxWriter } from '@aero/backend-messaging';
import type { TxContext } from '@aero/backend-persistence';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { companyKey, personKey } from '../common/seat-holder.js';
import { LearnerDirectory } from '../learners/learner-directory.js';
import { CatalogueContents } from './catalogue-contents.js';
import { needsCatalogue, seatEntriesOf, splitForPerson, type Enrolment, type SeatEntry } from './seat-lines.js';
import { availableTillOf } from './seat-validity.js';

interface GrantRow {
  id: string;
  kind: 'course' | 'certificate';
  program_id: number | null;
  course_name: string;
  quantity: number;
  product_id: number;
}

/**
 * Turns a paid order into seats (docs/decisions.md, "Seats from an order"): the buyer's
 * enrolments (an individual's first seat of each new course) and grants (everything else), each
 * grant with its quantity, purchase date and last day of use. One order is granted once: every
 * write of an order commits together, and an order that left any row is not granted again,
 * whatever the redelivery or republication of its event (the unique index per order line and
 * course is the backstop).
 */
@Injectable()
export class SeatGrantsService {
  constructor(
    private readonly outbox: OutboxWriter,
    private readonly catalogue: CatalogueContents,
    private readonly learners: LearnerDirectory,
    private readonly infra: ServiceInfra,
  ) {}

  async grant(ctx: TxContext, order: OrderPaid): Promise<void> {
    const { tx } = ctx;
    const buyerId = order.buyer.userId;
    if (!buyerId) {
      this.infra.logger.warn({ orderId: order.orderId }, 'paid order without a buyer account: no seats to grant');
      return;
    }
    // Two deliveries of one order (a republished event has a new id) wait for each other here.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sharing-organize.grant:${order.orderId}`]);
    const done: unknown[] = await tx.query(
      `SELECT 1 FROM sharing_organize.seat_grants WHERE order_id = $1
       UNION ALL SELECT 1 FROM sharing_organize.enrolments WHERE order_id = $1 LIMIT 1`,
      [order.orderId],
    );
    if (done.length) return;

    const entries = seatEntriesOf(order.lines, needsCatalogue(order.lines) ? await this.catalogue.products() : undefined);
    if (entries.length === 0) return;
    const forCompany = await this.learners.buysForCompany(buyerId, order.buyer.companyId);
    const owner: SeatOwner = {
      kind: forCompany ? 'company' : 'person',
      userId: buyerId,
      companyId: forCompany ? order.buyer.companyId : null,
      name: order.buyer.name,
    };
    const purchasedAt = new Date(order.paidAt);
    const availableTill = availableTillOf(purchasedAt);

    let seats: SeatEntry[] = entries;
    if (!forCompany) {
      const courses = entries.filter((e) => e.kind === 'course').map((e) => e.programId as number);
      const held: { program_id: number }[] = await tx.query(
        `SELECT program_id FROM sharing_organize.enrolments WHERE user_id = $1 AND status <> 'withdrawn' AND program_id = ANY($2::int[])`,
        [buyerId, courses],
      );
      const split = splitForPerson(entries, new Set(held.map((h) => h.program_id)));
      seats = split.seats;
      await this.enrol(ctx, order, split.enrolments, availableTill);
    }
    await this.addGrants(ctx, order, owner, seats, purchasedAt, availableTill);
  }

  private async enrol(ctx: TxContext, order: OrderPaid, enrolments: Enrolment[], availableTill: string): Promise<void> {
    const userId = order.buyer.userId as string;
    const email = normalizeEmail(order.buyer.email);
    for (const enrolment of enrolments) {
      const id = randomUUID();
      const [row]: { enrolled_at: Date }[] = await ctx.tx.query(
        `INSERT INTO sharing_organize.enrolments (id, user_id, email, program_id, course_name, source, order_id, status, available_till, enrolled_at)
         VALUES ($1, $2, $3, $4, $5, 'purchase', $6, 'enrolled', $7, $8) RETURNING enrolled_at`,
        [id, userId, email, enrolment.programId, enrolment.courseName, order.orderId, availableTill, order.paidAt],
      );
      await this.outbox.add(ctx.tx, CourseEnrolledEvent, {
        enrolmentId: id,
        userId,
        email,
        programId: enrolment.programId,
        courseName: enrolment.courseName,
        source: 'purchase',
        orderId: order.orderId,
        shareId: null,
        availableTill,
        enrolledAt: new Date(row.enrolled_at).toISOString(),
      });
    }
  }

  private async addGrants(ctx: TxContext, order: OrderPaid, owner: SeatOwner, seats: SeatEntry[], purchasedAt: Date, availableTill: string): Promise<void> {
    if (seats.length === 0) return;
    const ownerKey = owner.kind === 'company' ? companyKey(owner.companyId as string) : personKey(owner.userId);
    const rows: GrantRow[] = await ctx.tx.query(
      `INSERT INTO sharing_organize.seat_grants
         (id, owner_key, owner_kind, owner_user_id, owner_company_id, owner_name, kind, program_id, course_name, order_id, line_no, product_id,
          quantity, available, purchased_at, available_till)
       SELECT s.id, $1, $2, $3, $4, $5, s.kind, s.program_id, s.course_name, $6, s.line_no, s.product_id, s.quantity, s.quantity, $7, $8
         FROM unnest($9::uuid[], $10::text[], $11::int[], $12::text[], $13::int[], $14::int[], $15::int[])
              AS s(id, kind, program_id, course_name, line_no, product_id, quantity)
       ON CONFLICT DO NOTHING
       RETURNING id, kind, program_id, course_name, quantity, product_id`,
      [
        ownerKey,
        owner.kind,
        owner.userId,
        owner.companyId,
        owner.name,
        order.orderId,
        purchasedAt,
        availableTill,
        seats.map(() => randomUUID()),
        seats.map((s) => s.kind),
        seats.map((s) => s.programId),
        seats.map((s) => s.courseName),
        seats.map((s) => s.lineNo),
        seats.map((s) => s.productId),
        seats.map((s) => s.quantity),
      ],
    );
    for (const row of rows) {
      await this.outbox.add(ctx.tx, SeatGrantedEvent, {
        grantId: row.id,
        owner,
        kind: row.kind,
        programId: row.program_id,
        courseName: row.course_name,
        quantity: row.quantity,
        orderId: order.orderId,
        productId: row.product_id,
        purchasedAt: purchasedAt.toISOString(),
        availableTill,
      });
    }
  }
}
