import {
  AccountsRpc,
  CourseStartedEvent,
  DEMO_ACCOUNTS,
  OrderPaidEvent,
  SharingMessages,
  SharingRequestMessages,
  type AvailabilityListResponse,
  type BulkShareActionResponse,
  type EventEnvelope,
  type HasPendingSharesResponse,
  type OrderPaid,
  type QuickShareResponse,
  type ReceivedCourseDto,
  type ShareListResponse,
  type ShareSent,
  type TicketDto,
} from '@aero/contracts';
import { createJobsRedis, createQueue, jobIdFor, QueueName } from '@aero/backend-jobs';
import { prefixed } from '@aero/backend-messaging';
import { studentForm, TEST_INFRA, waitFor } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { randomUUID } from 'node:crypto';
import { createUser, lastLinkToken, signedIn, visitor, type AccountBrowser } from './support/accounts.js';
import { startWithMailCatcher, type MailCatcher } from './support/mail-catcher.js';
import type { Platform } from './support/platform.js';
import { newBuyer } from './support/payments.js';
import { buyByCard, buyByCardLines, decodeHeader, emailSent, PART_145, queryDb, sharingOutbox, startSharingPlatform, waitForSeats } from './support/sharing.js';

const P = PART_145.programId;
/** The Part-145 Team Package of the demo catalogue: 5 seats of Part-145 Initial (2001) and 5 of Continuation Training (2002). */
const TEAM_PACKAGE = { productId: 402, alsoProgramId: 2002 } as const;

interface Refusal {
  message: string;
  code?: string;
  errors?: Record<string, string[]>;
}

describe('gateway: company seats, quick share, tickets, pending shares, recall (issue 12)', () => {
  jest.setTimeout(60_000);
  let smtp: MailCatcher;
  let platform: Platform;
  let company: AccountBrowser;

  beforeAll(async () => {
    ({ platform, smtp } = await startWithMailCatcher(startSharingPlatform));
    company = await signedIn(platform, DEMO_ACCOUNTS.companyAdmin.email);
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  /** Publishes an event on the test's stream as its producer's relay does. */
  async function publish<T>(subject: string, envelope: EventEnvelope<T>): Promise<void> {
    await jetstream(platform.gateway.infra.nats).publish(prefixed(platform.env.natsPrefix, subject), JSON.stringify(envelope), { msgID: envelope.id });
  }
  async function handled(consumer: string, eventId: string): Promise<void> {
    await waitFor(async () => (await queryDb(platform, `SELECT 1 FROM ${consumer.split('.')[0].replace('-', '_')}.inbox WHERE consumer = $1 AND event_id = $2`, [consumer, eventId])).length > 0, {
      what: `${consumer} handled ${eventId}`,
    });
  }
  /** A new company account with its admin signed in (its e-mail verified when asked). */
  async function newCompany(options: { verified?: boolean } = {}): Promise<{ browser: AccountBrowser; email: string }> {
    const form = studentForm({ type: 'company', company_name: `Hangar ${randomUUID().slice(0, 6)}`, company_country: 'FI', city: 'Turku', address: 'Apron 1', zip: '20100' });
    const { data } = await platform.gateway.infra.rpc.call(AccountsRpc.Register, form);
    if (options.verified) await queryDb(platform, 'UPDATE accounts_invitations.users SET email_verified_at = now() WHERE id = $1', [data.id]);
    return { browser: await signedIn(platform, data.email, form.password), email: data.email.toLowerCase() };
  }
  const shareBy = (browser: AccountBrowser, body: Record<string, unknown>, program = P) => browser.call<QuickShareResponse & Refusal>('POST', `/quick-share/${program}`, body);
  const subjects = (to: string) => smtp.messages.filter((m) => m.envelopeTo.includes(to)).map((m) => decodeHeader(m.subject));
  const invitations = (to: string) => subjects(to).filter((subject) => subject.includes(`shared "${PART_145.name}" with you`));

  let toStudent: QuickShareResponse;
  let toInvitee: QuickShareResponse;
  let ticket: QuickShareResponse;
  const invitee = `invitee-${randomUUID().slice(0, 8)}@example.com`;

  it('a company buys 5 seats by card: the availability list shows them (qty, created_at, available_till; meta.total)', async () => {
    await buyByCard(company, PART_145.productId, 5);
    await waitForSeats(company, P, 5);
    const list = await company.call<AvailabilityListResponse>('GET', `/availability-list/${P}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [{ qty: 5, created_at: expect.any(String), available_till: `${new Date().getUTCFullYear() + 1}-06-30` }], meta: { total: 5 } });
  });

  it('shares 2 by e-mail and 1 by ticket; each invitation e-mail goes once', async () => {
    toStudent = (await shareBy(company, { email: DEMO_ACCOUNTS.student.email, share_type: 'email' })).body;
    toInvitee = (await shareBy(company, { email: invitee, share_type: 'email' })).body;
    const printed = await shareBy(company, { share_type: 'ticket' });
    expect(printed.status).toBe(200);
    ticket = printed.body;
    expect(toStudent.shared_to).toBe(DEMO_ACCOUNTS.student.email);
    expect(ticket.shared_to).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect((await company.call<{ count: number }>('GET', `/my-courses/available-for-sharing/${P}`)).body.count).toBe(2);
    const list = await company.call<ShareListResponse>('GET', `/api/quick-share/items?program_id=${P}`);
    expect(list.body.meta.counts).toEqual({ share: 2, sharing: 3 });
    await emailSent(platform, `share-invitation:${toStudent.data.id}:1`);
    await emailSent(platform, `share-invitation:${toInvitee.data.id}:1`);
    expect(invitations(DEMO_ACCOUNTS.student.email)).toHaveLength(1);
    expect(invitations(invitee)).toHaveLength(1);
  });

  it('exactly one e-mail per send even when share.sent is delivered again (same event) or republished (new event id)', async () => {
    const [sent] = (await sharingOutbox<ShareSent>(platform, 'share.sent')).filter((e) => e.data.shareId === toInvitee.data.id);
    // The same event past JetStream's duplicate window (another message id), and a republication.
    await jetstream(platform.gateway.infra.nats).publish(prefixed(platform.env.natsPrefix, 'evt.sharing-organize.share.sent.v1'), JSON.stringify(sent), { msgID: randomUUID() });
    const republished = { ...sent, id: randomUUID() };
    await publish('evt.sharing-organize.share.sent.v1', republished);
    await handled('notifications.share-sent', republished.id);
    await new Promise((r) => setTimeout(r, 1500));
    expect(invitations(invitee)).toHaveLength(1);
  });

  it('resend: send_at becomes now and a reminder goes once', async () => {
    const resent = await company.call<{ data: { send_at: string } }>('PATCH', `/quick-share/resend/${toInvitee.data.id}`);
    expect(resent.status).toBe(200);
    await emailSent(platform, `share-invitation:${toInvitee.data.id}:2`);
    expect(invitations(invitee).map((subject) => subject.startsWith('Reminder: '))).toEqual([false, true]);
  });

  it('prints the ticket: its code and password, and a PDF to print', async () => {
    const read = await company.call<{ data: TicketDto[] }>('GET', `/api/tickets/${ticket.shared_to}`);
    expect(read.body.data).toHaveLength(1);
    expect(read.body.data[0]).toMatchObject({ code: ticket.shared_to, password: expect.stringMatching(/^[A-Z2-9]{8}$/), course_name: PART_145.name });
    const pdf = await company.request('GET', `/api/tickets/pdf?share_to=${ticket.shared_to}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await newCompany();
    expect((await stranger.browser.call('GET', `/api/tickets/${ticket.shared_to}`)).status).toBe(404);
  });

  it('a second user receives the share: has-pending, receive-pending, then it is in My courses', async () => {
    const student = await signedIn(platform, DEMO_ACCOUNTS.student.email);
    expect((await student.call<HasPendingSharesResponse>('GET', '/api/quick-share/has-pending')).body).toEqual({ has_shares: true, shares_count: 1 });
    const received = await student.call<{ received: unknown[]; message: string }>('GET', '/api/quick-share/receive-pending');
    expect(received.body).toEqual({ received: [{ share_id: toStudent.data.id, program_id: P, course_name: PART_145.name }], message: 'You received 1 course.' });
    expect((await student.call<HasPendingSharesResponse>('GET', '/api/quick-share/has-pending')).body.has_shares).toBe(false);
    expect((await student.call<{ data: ReceivedCourseDto[] }>('GET', '/api/my-courses/received')).body.data).toEqual([
      expect.objectContaining({ program_id: P, source: 'share', status: 'enrolled' }),
    ]);
    // Holding it, another share to them is refused with the spec's 409.
    const again = await shareBy(company, { email: DEMO_ACCOUNTS.student.email, share_type: 'email' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Course already received: look for it in your profile');
  });

  it('a third user activates the ticket, once; a wrong code is "The activation code does not exists"', async () => {
    const [t] = (await company.call<{ data: TicketDto[] }>('GET', `/api/tickets/${ticket.shared_to}`)).body.data;
    const third = await createUser(platform);
    const learner = await signedIn(platform, third.email, third.password);
    const wrong = await learner.call<Refusal>('POST', '/api/tickets/activate', { code: 'ZZZZ-ZZZZ-ZZZZ', password: t.password });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: ['The activation code does not exists'] });
    const ok = await learner.call<{ message: string }>('POST', '/api/tickets/activate', { code: t.code, password: t.password });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(SharingMessages.ticketActivated);
    const fourth = await createUser(platform);
    const late = await (await signedIn(platform, fourth.email, fourth.password)).call<Refusal>('POST', '/api/tickets/activate', { code: t.code, password: t.password });
    expect(late.body.errors).toEqual({ code: [SharingMessages.ticketUsed] });
    // A started course cannot be recalled (the learning side says it started).
    const started: EventEnvelope<{ userId: string; programId: number; startedAt: string }> = {
      id: randomUUID(),
      type: CourseStartedEvent.name,
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'exams',
      correlationId: randomUUID(),
      data: { userId: third.id, programId: P, startedAt: new Date().toISOString() },
    };
    await publish(CourseStartedEvent.subject, started);
    await handled('sharing-organize.course-started', started.id);
    const recall = await company.call<Refusal>('POST', `/course-recall/${ticket.data.id}`);
    expect(recall.status).toBe(422);
    expect(recall.body.message).toBe(SharingMessages.recallNotAllowedStarted);
  });

  it('ticket activation attempts are limited per account (429 after 10 in 10 minutes), not per shared office address', async () => {
    const user = await createUser(platform);
    const guesser = await signedIn(platform, user.email, user.password);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await guesser.call('POST', '/api/tickets/activate', { code: `ZZZZ-ZZZZ-ZZ${String(i).padStart(2, '2')}`, password: 'NOPE' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    // A colleague from the same address still has attempts of their own.
    const colleague = await createUser(platform);
    const theirs = await (await signedIn(platform, colleague.email, colleague.password)).call<Refusal>('POST', '/api/tickets/activate', { code: 'ZZZZ-ZZZZ-ZZZZ', password: 'NOPE' });
    expect(theirs.status).toBe(422);
  });

  it('the company recalls the share nobody accepted: the seat comes back and the recipient is told once', async () => {
    const recalled = await company.call<{ data: { status: string } }>('POST', `/course-recall/${toInvitee.data.id}`);
    expect(recalled.status).toBe(200);
    expect(recalled.body.data.status).toBe('recalled');
    expect((await company.call<{ count: number }>('GET', `/my-courses/available-for-sharing/${P}`)).body.count).toBe(3);
    await emailSent(platform, `share-withdrawn:${toInvitee.data.id}`);
    expect(subjects(invitee).filter((subject) => subject.includes('is no longer shared with you'))).toHaveLength(1);
    const list = await company.call<ShareListResponse>('GET', `/api/quick-share/items?program_id=${P}`);
    expect(list.body.data.map((i) => i.id)).not.toContain(toInvitee.data.id);
  });

  it('recall of an accepted course: refused on day 15 after purchase, allowed on day 14', async () => {
    await queryDb(platform, `UPDATE sharing_organize.share_items SET purchased_at = now() - interval '15 days' WHERE id = $1`, [toStudent.data.id]);
    const late = await company.call<Refusal>('POST', `/course-recall/${toStudent.data.id}`);
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ code: 'course.recall_not_allowed', message: SharingMessages.recallNotAllowedWindow });
    await queryDb(platform, `UPDATE sharing_organize.share_items SET purchased_at = now() - interval '14 days' WHERE id = $1`, [toStudent.data.id]);
    expect((await company.call('POST', `/course-recall/${toStudent.data.id}`)).status).toBe(200);
    const student = await signedIn(platform, DEMO_ACCOUNTS.student.email);
    expect((await student.call<{ data: unknown[] }>('GET', '/api/my-courses/received')).body.data).toEqual([]);
  });

  it('multiple recipients answer the spec messages', async () => {
    const many = (emails: string) => company.call<Refusal & { data: unknown[] }>('POST', `/quick-share/${P}/multiple`, { emails, share_type: 'email' });
    expect((await many('  ')).body.errors).toEqual({ emails: ['You need to write something!'] });
    expect((await many('a@x.com,b@x.com;c@x.com,d@x.com,e@x.com')).body.errors).toEqual({ emails: ['You have only 4 courses.'] });
    expect((await many('a@x.com; nope')).body.errors).toEqual({ emails: ['You have incorrect emails'] });
    expect((await many('a@x.com; a@x.com')).body.errors).toEqual({ emails: ['You have duplicated emails'] });
    const ok = await many(' m1@x.com ; m2@x.com ');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toHaveLength(2);
  });

  it('a redelivered order.paid grants nothing twice', async () => {
    const [paid] = await queryDb<{ payload: EventEnvelope<OrderPaid> }>(platform, `SELECT payload FROM payments.outbox WHERE type = 'order.paid' ORDER BY created_at LIMIT 1`);
    const before = (await company.call<{ count: number }>('GET', `/my-courses/available-for-sharing/${P}`)).body.count;
    const again = { ...paid.payload, id: randomUUID() };
    await publish(OrderPaidEvent.subject, again);
    await handled('sharing-organize.seat-grants', again.id);
    expect((await company.call<{ count: number }>('GET', `/my-courses/available-for-sharing/${P}`)).body.count).toBe(before);
  });

  it('100 shares racing for the last seat through the gateway: one 200, 99 clear 422s, the pool never negative', async () => {
    const racer = await newCompany();
    await buyByCard(racer.browser, PART_145.productId, 1);
    await waitForSeats(racer.browser, P, 1);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => shareBy(racer.browser, { email: `race${i}@example.com`, share_type: 'email' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 422);
    expect(refused).toHaveLength(99);
    for (const r of refused) expect(r.body.message).toBe('You have only 0 courses.');
    const grants = await queryDb<{ available: number }>(platform, `SELECT available FROM sharing_organize.seat_grants WHERE owner_key LIKE 'company:%' AND available < 0`);
    expect(grants).toEqual([]);
  });

  it("another company never touches this company's shares by id (404) and a company cannot re-share a course a company shared with it", async () => {
    const other = await newCompany({ verified: true });
    expect((await other.browser.call('POST', `/course-recall/${ticket.data.id}`)).status).toBe(404);
    expect((await other.browser.call('DELETE', `/quick-share/${ticket.data.id}`)).status).toBe(404);
    expect((await other.browser.call('PATCH', `/quick-share/resend/${ticket.data.id}`)).status).toBe(404);
    expect((await other.browser.call<ShareListResponse>('GET', '/api/quick-share/items')).body.data).toEqual([]);
    await shareBy(company, { email: other.email, share_type: 'email' });
    expect((await other.browser.call<{ received: unknown[] }>('GET', '/api/quick-share/receive-pending')).body.received).toHaveLength(1);
    const reshare = await shareBy(other.browser, { email: 'employee@example.com', share_type: 'email' });
    expect(reshare.status).toBe(403);
    expect(reshare.body.message).toBe(SharingMessages.sharingNotAllowedCorporate);
  });

  it('organize a course for three students (one without e-mail) with one hard copy: order what is missing, then deliver', async () => {
    const organizer = await newCompany({ verified: true });
    const availability = async () => (await organizer.browser.call<{ seats: number; certificates: number }>('GET', `/api/organize-course/availability/${P}`)).body;
    expect(await availability()).toEqual({ program_id: P, seats: 0, certificates: 0 });
    const students = [
      { name: 'Lina Vaitkė', email: 'lina.gw@example.com', share_by_ticket: 0, hard_copy_certificate: true },
      { name: 'Jonas', email: 'jonas.gw@example.com', share_by_ticket: 0, hard_copy_certificate: false },
      { name: 'Ona', email: '', share_by_ticket: 1, hard_copy_certificate: false },
    ];
    const draft = await organizer.browser.call('POST', '/organize-course', { new_course_information: { course: { program_id: P, name: PART_145.name }, product: { id: PART_145.productId, name: PART_145.name }, students } });
    expect(draft.status).toBe(200);
    const short = await organizer.browser.call<Refusal>('POST', '/organize-course/deliver', { program_id: P, students });
    expect(short.status).toBe(422);
    expect(short.body.message).toBe(SharingMessages.notEnoughCourses);
    // Place order: exactly the missing quantities (3 seats, 1 hard copy for the course) go to the cart.
    await buyByCardLines(organizer.browser, [
      [PART_145.productId, 3],
      [302, 1],
    ]);
    await waitFor(async () => (await availability()).seats === 3 && (await availability()).certificates === 1, { what: 'seats and certificates', timeoutMs: 20_000 });
    const empty = await organizer.browser.call<Refusal>('POST', '/organize-course/deliver', { program_id: P, students: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ students: [SharingMessages.studentsIncorrect] });
    const delivered = await organizer.browser.call<{ data: { delivered: { type: string; to: string }[] } }>('POST', '/organize-course/deliver', { program_id: P, students, send_tickets_by_email: true });
    expect(delivered.status).toBe(200);
    expect(delivered.body.data.delivered.map((d) => d.type)).toEqual(['email', 'email', 'ticket']);
    expect((await organizer.browser.call<{ data: unknown }>('GET', '/api/organize-course')).body.data).toBeNull();
    const ticketRef = delivered.body.data.delivered[2].to;
    const printed = await organizer.browser.call<{ data: TicketDto[] }>('GET', `/api/tickets/${ticketRef}`);
    expect(printed.body.data.map((t) => t.code)).toEqual([ticketRef]);
    const [{ id: deliveryId }] = await queryDb<{ id: string }>(platform, 'SELECT id FROM sharing_organize.organize_deliveries ORDER BY created_at DESC LIMIT 1');
    await emailSent(platform, `courses-delivered:${deliveryId}`);
    expect(subjects(organizer.email).filter((subject) => subject.startsWith('Courses delivered: '))).toHaveLength(1);
  });

  describe('every refusal and bulk action through the gateway', () => {
    let seller: AccountBrowser;
    /** The reference of the ticket e-mailed by `seller`. */
    let emailedTicket = '';
    const available = async (browser = seller) => (await browser.call<{ count: number }>('GET', `/my-courses/available-for-sharing/${P}`)).body.count;
    /** A new learner whose address is proven (only such a one receives a share sent by e-mail). */
    async function verifiedLearner(email?: string): Promise<{ browser: AccountBrowser; id: string; email: string }> {
      const user = await createUser(platform, undefined, email ? { email } : {});
      await queryDb(platform, 'UPDATE accounts_invitations.users SET email_verified_at = now() WHERE id = $1', [user.id]);
      return { browser: await signedIn(platform, user.email, user.password), id: user.id, email: user.email.toLowerCase() };
    }

    beforeAll(async () => {
      seller = (await newCompany({ verified: true })).browser;
      await buyByCard(seller, PART_145.productId, 6);
      await waitForSeats(seller, P, 6);
    }, 60_000);

    it('a learner buying 3 of a course is enrolled at once and has 2 seats to share; a company buying 2 team packages gets 10 seats of each course in it', async () => {
      const { browser: learner } = await newBuyer(platform);
      await buyByCard(learner, PART_145.productId, 3);
      await waitForSeats(learner, P, 2);
      expect((await learner.call<{ data: ReceivedCourseDto[] }>('GET', '/api/my-courses/received')).body.data).toEqual([
        expect.objectContaining({ program_id: P, source: 'purchase', status: 'enrolled' }),
      ]);
      const team = (await newCompany()).browser;
      await buyByCard(team, TEAM_PACKAGE.productId, 2);
      await waitForSeats(team, P, 10);
      // All 10 of each are seats: a company's purchase enrols nobody.
      await waitForSeats(team, TEAM_PACKAGE.alsoProgramId, 10);
    });

    it("a single share to an address failing the e-mail check is refused on its field ('Invalid email') and takes no seat", async () => {
      for (const body of [{ email: 'not-an-address', share_type: 'email' }, { share_type: 'email' }, { email: 'a@x.com', share_type: 'fax' }]) {
        const refused = await shareBy(seller, body);
        expect(refused.status).toBe(422);
        expect(refused.body.errors).toEqual(body.share_type === 'fax' ? { share_type: [SharingMessages.shareTypeInvalid] } : { email: [SharingMessages.invalidEmail] });
      }
      expect(await available()).toBe(6);
    });

    it("a ticket with an address is e-mailed once, with its code and password", async () => {
      const to = `ticket-${randomUUID().slice(0, 8)}@example.com`;
      const sent = await shareBy(seller, { email: to, share_type: 'ticket' });
      expect(sent.status).toBe(200);
      expect(sent.body.shared_to).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      await emailSent(platform, `share-ticket:${sent.body.data.id}:1`);
      const mails = smtp.messages.filter((m) => m.envelopeTo.includes(to));
      expect(mails.map((m) => decodeHeader(m.subject))).toEqual([expect.stringContaining(`Your ticket for ${PART_145.name}`)]);
      expect(mails[0].raw.replace(/=\r\n/g, '')).toContain(sent.body.shared_to);
      emailedTicket = sent.body.shared_to;
    });

    it('cancel: a sent share nobody accepted is cancelled, its seat comes back and the recipient is told once; it cannot be cancelled, resent or recalled again', async () => {
      const to = `cancelled-${randomUUID().slice(0, 8)}@example.com`;
      const before = await available();
      const { body: share } = await shareBy(seller, { email: to, share_type: 'email' });
      await emailSent(platform, `share-invitation:${share.data.id}:1`);
      const cancelled = await seller.call<{ data: { status: string }; message: string }>('DELETE', `/quick-share/${share.data.id}`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ data: { status: 'cancelled' }, message: SharingMessages.cancelled });
      expect(await available()).toBe(before);
      await emailSent(platform, `share-withdrawn:${share.data.id}`);
      expect(subjects(to).filter((subject) => subject.includes('is no longer shared with you'))).toHaveLength(1);
      const again = await seller.call<Refusal>('DELETE', `/quick-share/${share.data.id}`);
      expect([again.status, again.body.message]).toEqual([422, SharingMessages.cancelNotAllowed]);
      const resend = await seller.call<Refusal>('PATCH', `/quick-share/resend/${share.data.id}`);
      expect([resend.status, resend.body.message]).toEqual([422, SharingMessages.resendNotAllowed]);
      const recall = await seller.call<Refusal>('POST', `/course-recall/${share.data.id}`);
      expect([recall.status, recall.body.message]).toEqual([422, SharingMessages.recallNotAllowedStatus]);
    });

    it('an accepted course is not cancelled (it is recalled) nor resent', async () => {
      const learner = await verifiedLearner();
      const { body: share } = await shareBy(seller, { email: learner.email, share_type: 'email' });
      expect((await learner.browser.call<{ received: unknown[] }>('GET', '/api/quick-share/receive-pending')).body.received).toHaveLength(1);
      const cancel = await seller.call<Refusal>('DELETE', `/quick-share/${share.data.id}`);
      expect([cancel.status, cancel.body.message]).toEqual([422, SharingMessages.cancelNotAllowed]);
      const resend = await seller.call<Refusal>('PATCH', `/quick-share/resend/${share.data.id}`);
      expect([resend.status, resend.body.message]).toEqual([422, SharingMessages.resendNotAllowed]);
    });

    it('Resend selected skips a created item; Cancel selected recalls it and cancels the sent ones; every seat comes back', async () => {
      const to = `bulk-${randomUUID().slice(0, 8)}@example.com`;
      const before = await available();
      const { body: sent } = await shareBy(seller, { email: to, share_type: 'email' });
      const { body: setAside } = await shareBy(seller, { email: `aside-${randomUUID().slice(0, 8)}@example.com`, share_type: 'email' });
      // An item stays created only when a seat is set aside without being sent (decision 24): no route leaves one so.
      await queryDb(platform, `UPDATE sharing_organize.share_items SET status = 'created', send_at = NULL, send_count = 0 WHERE id = $1`, [setAside.data.id]);
      await emailSent(platform, `share-invitation:${sent.data.id}:1`);
      const ids = [sent.data.id, setAside.data.id];
      // Another company's selection of these ids touches nothing, and it cannot print this company's tickets.
      const stranger = (await newCompany()).browser;
      for (const path of ['/api/quick-share/resend-selected', '/api/quick-share/cancel-selected']) {
        expect((await stranger.call<BulkShareActionResponse>('POST', path, { ids })).body).toMatchObject({ done: [], skipped: [] });
      }
      expect((await stranger.call('GET', `/api/tickets/pdf?share_to=${emailedTicket}`)).status).toBe(404);
      const resent = await seller.call<BulkShareActionResponse>('POST', '/api/quick-share/resend-selected', { ids });
      expect(resent.status).toBe(200);
      expect(resent.body).toEqual({ done: [{ id: sent.data.id, status: 'shared' }], skipped: [{ id: setAside.data.id, reason: SharingMessages.skippedCreated }], message: '1 done, 1 skipped.' });
      await emailSent(platform, `share-invitation:${sent.data.id}:2`);
      expect(invitations(to).map((subject) => subject.startsWith('Reminder: '))).toEqual([false, true]);
      const cancelled = await seller.call<BulkShareActionResponse>('POST', '/api/quick-share/cancel-selected', { ids });
      expect(cancelled.status).toBe(200);
      expect(Object.fromEntries(cancelled.body.done.map((d) => [d.id, d.status]))).toEqual({ [sent.data.id]: 'cancelled', [setAside.data.id]: 'recalled' });
      expect(await available()).toBe(before);
      const empty = await seller.call<Refusal>('POST', '/api/quick-share/cancel-selected', { ids: [] });
      expect(empty.body.errors).toEqual({ ids: [SharingRequestMessages.idsRequired] });
    });

    it('an e-mail job run again after its e-mail went sends nothing more', async () => {
      const to = `retried-${randomUUID().slice(0, 8)}@example.com`;
      const { body: share } = await shareBy(seller, { email: to, share_type: 'email' });
      const key = `share-invitation:${share.data.id}:1`;
      await emailSent(platform, key);
      const [row] = await queryDb<{ recipient: string; subject: string; body_text: string }>(platform, 'SELECT recipient, subject, body_text FROM notifications.emails WHERE key = $1', [key]);
      const redis = createJobsRedis(TEST_INFRA.redis);
      const queue = createQueue(QueueName.EmailSend, redis, platform.env.redisPrefix);
      try {
        // The same job again under another id, as a retry or a second worker would run it.
        const job = await queue.add('share-invitation', { key, to: row.recipient, subject: row.subject, text: row.body_text }, { jobId: `${jobIdFor(key)}-again` });
        await waitFor(async () => (await job.getState()) === 'completed', { what: 'the repeated job done', timeoutMs: 20_000 });
      } finally {
        await queue.close();
        redis.disconnect();
      }
      expect(invitations(to)).toHaveLength(1);
    });

    it("a person invited by e-mail without an account receives the course once they register with that address and prove it", async () => {
      const to = `newcomer-${randomUUID().slice(0, 8)}@example.com`;
      const { body: share } = await shareBy(seller, { email: to, share_type: 'email' });
      const user = await createUser(platform, undefined, { email: to });
      const newcomer = await signedIn(platform, user.email, user.password);
      // Not proven yet: anyone could have registered with the address (decision 23).
      expect((await newcomer.call<HasPendingSharesResponse>('GET', '/api/quick-share/has-pending')).body).toEqual({ has_shares: false, shares_count: 0 });
      const link = await lastLinkToken(platform, 'user.registered', user.id, 'verificationUrl');
      expect((await (await visitor(platform)).call('POST', '/email/verify', { token: link.searchParams.get('token') })).status).toBe(200);
      await waitFor(async () => (await newcomer.call<{ data: ReceivedCourseDto[] }>('GET', '/api/my-courses/received')).body.data.length === 1, {
        what: 'the course received on verification',
        timeoutMs: 20_000,
      });
      const list = await seller.call<ShareListResponse>('GET', `/api/quick-share/items?program_id=${P}&search=${encodeURIComponent(to)}`);
      expect(list.body.data.map((i) => [i.id, i.status])).toEqual([[share.data.id, 'accepted']]);
    });

    it('the Sharing list: search, sort, pages of 10 to 50 only (default send_at descending)', async () => {
      const list = await seller.call<ShareListResponse>('GET', `/api/quick-share/items?program_id=${P}`);
      expect(list.status).toBe(200);
      const sendDates = list.body.data.map((i) => i.send_at ?? '');
      expect(sendDates).toEqual([...sendDates].sort().reverse());
      expect(list.body.meta.pagination).toMatchObject({ per_page: 10, current_page: 1 });
      // The database's collation orders the recipients: one direction is the other reversed.
      const byRecipient = async (direction: string) =>
        (await seller.call<ShareListResponse>('GET', `/api/quick-share/items?program_id=${P}&sort=share_to&direction=${direction}&per_page=50`)).body.data.map((i) => i.share_to);
      const ascending = await byRecipient('asc');
      expect(ascending.length).toBeGreaterThan(2);
      expect(await byRecipient('desc')).toEqual([...ascending].reverse());
      const found = await seller.call<ShareListResponse>('GET', `/api/quick-share/items?program_id=${P}&search=${encodeURIComponent(ascending[0])}`);
      expect(found.body.data.map((i) => i.share_to)).toEqual([ascending[0]]);
      for (const [query, field, message] of [
        ['per_page=15', 'per_page', SharingRequestMessages.perPageInvalid],
        ['per_page=60', 'per_page', SharingRequestMessages.perPageInvalid],
        ['sort=price', 'sort', SharingRequestMessages.sortInvalid],
        ['page=0', 'page', SharingRequestMessages.pageInvalid],
      ]) {
        const refused = await seller.call<Refusal>('GET', `/api/quick-share/items?program_id=${P}&${query}`);
        expect([refused.status, refused.body.errors]).toEqual([422, { [field]: [message] }]);
      }
    });

    it("more than 50 at once is 'You cannot share more than 50 courses at once!'; a paste with no address is 'You have incorrect emails'", async () => {
      const big = (await newCompany()).browser;
      await buyByCard(big, PART_145.productId, 51);
      await waitForSeats(big, P, 51);
      const many = (emails: string) => big.call<Refusal>('POST', `/quick-share/${P}/multiple`, { emails, share_type: 'email' });
      const addresses = (n: number) => Array.from({ length: n }, (_, i) => `crew${i}@example.com`).join(', ');
      expect((await many(addresses(52))).body.errors).toEqual({ emails: ['You have only 51 courses.'] });
      expect((await many(addresses(51))).body.errors).toEqual({ emails: ['You cannot share more than 50 courses at once!'] });
      expect((await many(' ,; ')).body.errors).toEqual({ emails: ['You have incorrect emails'] });
      expect(await available(big)).toBe(51);
    });

    it('expired seats are neither shared nor listed', async () => {
      const lapsed = (await newCompany()).browser;
      await buyByCard(lapsed, PART_145.productId, 2);
      await waitForSeats(lapsed, P, 2);
      // The seats bought a year and a half ago: their last day was yesterday.
      const companyId = (await lapsed.me())?.company_id;
      await queryDb(platform, `UPDATE sharing_organize.seat_grants SET available_till = (now() AT TIME ZONE 'UTC')::date - 1 WHERE owner_key = $1`, [`company:${companyId}`]);
      expect(await available(lapsed)).toBe(0);
      expect((await lapsed.call<AvailabilityListResponse>('GET', `/availability-list/${P}`)).body).toEqual({ data: [], meta: { total: 0 } });
      const refused = await shareBy(lapsed, { email: 'late@example.com', share_type: 'email' });
      expect([refused.status, refused.body.message]).toEqual([422, 'You have only 0 courses.']);
    });

    it("organize refusals: 'A student e-mail is not filled in.', 'Not enough certificates.' (nothing taken); only a company's organizers deliver", async () => {
      const organizer = await newCompany({ verified: true });
      await buyByCard(organizer.browser, PART_145.productId, 1);
      await waitForSeats(organizer.browser, P, 1);
      const deliver = (students: unknown[], browser = organizer.browser) => browser.call<Refusal>('POST', '/organize-course/deliver', { program_id: P, students });
      const noEmail = await deliver([{ name: 'Ona', email: '', share_by_ticket: 0, hard_copy_certificate: false }]);
      expect(noEmail.status).toBe(422);
      expect(noEmail.body).toMatchObject({ code: 'organize.student_email_missing', message: SharingMessages.studentEmailMissing });
      const noCopy = await deliver([{ name: 'Lina', email: `lina-${randomUUID().slice(0, 8)}@example.com`, share_by_ticket: 0, hard_copy_certificate: true }]);
      expect(noCopy.status).toBe(422);
      expect(noCopy.body).toMatchObject({ code: 'organize.not_enough_certificates', message: SharingMessages.notEnoughCertificates });
      expect((await organizer.browser.call('GET', `/api/organize-course/availability/${P}`)).body).toEqual({ program_id: P, seats: 1, certificates: 0 });
      const student = await signedIn(platform, DEMO_ACCOUNTS.student.email);
      expect((await deliver([{ name: 'Jonas', email: 'jonas@example.com', share_by_ticket: 0, hard_copy_certificate: false }], student)).status).toBe(403);
      expect((await student.call('POST', '/organize-course', { new_course_information: { course: null, product: null, students: [] } })).status).toBe(403);
    });
  });

  it('a visitor is asked to sign in (401); a KYC user may not share (403)', async () => {
    const guest = await visitor(platform);
    expect((await guest.call('POST', `/quick-share/${P}`, { email: 'a@x.com' })).status).toBe(401);
    expect((await guest.call('GET', '/api/quick-share/has-pending')).status).toBe(401);
    const kyc = await signedIn(platform, DEMO_ACCOUNTS.kyc.email);
    expect((await kyc.call('POST', `/quick-share/${P}`, { email: 'a@x.com' })).status).toBe(403);
    expect((await kyc.call('GET', `/availability-list/${P}`)).status).toBe(403);
  });
});
