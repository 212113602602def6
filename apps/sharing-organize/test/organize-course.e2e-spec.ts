import { testKit } from '@aero/backend-testing';
import { SharingMessages, SharingRpc, type CoursesDelivered, type ShareSent } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { CATALOGUE, rejection, SharingKit, type TestActor } from './support/sharing-test-kit.js';

const PROGRAM = CATALOGUE.part145.programId;

describe('organize course: draft, availability, delivery by e-mail and ticket with hard copies (issue 12)', () => {
  const kit = testKit(() => SharingKit.start(), 120_000);

  /** A company with `seats` seats of Part-145 and `certificates` hard-copy credits for it. */
  async function company(seats: number, certificates: number): Promise<TestActor> {
    const buyer = await kit.company();
    await kit.pay(
      kit.paidOrder(buyer, [
        { productId: CATALOGUE.part145.productId, quantity: seats, programId: PROGRAM, name: CATALOGUE.part145.name },
        ...(certificates ? [{ productId: 302, quantity: certificates, type: 'certificate' as const, programId: PROGRAM, name: 'Certificate Part-145' }] : []),
      ]),
    );
    return buyer;
  }
  const deliver = (actor: TestActor, students: unknown, sendTickets = false) =>
    kit.as(actor, (rpc) => rpc.call(SharingRpc.DeliverCourses, { program_id: PROGRAM, students, send_tickets_by_email: sendTickets }));
  const availability = (actor: TestActor) => kit.as(actor, (rpc) => rpc.call(SharingRpc.OrganizeAvailability, { programId: PROGRAM }));

  it('keeps the draft between the steps and clears it', async () => {
    const organizer = await company(1, 0);
    const draft = { course: { program_id: PROGRAM, name: CATALOGUE.part145.name }, product: { id: 201, name: CATALOGUE.part145.name }, students: [{ name: 'Lina', email: 'lina@example.com', share_by_ticket: 0, hard_copy_certificate: false }] };
    await kit.as(organizer, (rpc) => rpc.call(SharingRpc.SaveOrganizeDraft, { new_course_information: draft }));
    expect((await kit.as(organizer, (rpc) => rpc.call(SharingRpc.GetOrganizeDraft, {}))).data).toEqual(draft);
    await kit.as(organizer, (rpc) => rpc.call(SharingRpc.ClearOrganizeDraft, {}));
    expect((await kit.as(organizer, (rpc) => rpc.call(SharingRpc.GetOrganizeDraft, {}))).data).toBeNull();
  });

  it('delivers to three students (one without e-mail gets a ticket), with one hard copy; the organizer gets the summary', async () => {
    const organizer = await company(3, 1);
    expect(await availability(organizer)).toEqual({ program_id: PROGRAM, seats: 3, certificates: 1 });
    const answer = await deliver(
      organizer,
      [
        { name: 'Lina Vaitkė', email: 'lina.organized@example.com', share_by_ticket: 0, hard_copy_certificate: true },
        { name: 'Jonas', email: 'jonas.organized@example.com', share_by_ticket: 0, hard_copy_certificate: false },
        { name: 'Ona', email: '', share_by_ticket: 1, hard_copy_certificate: false },
      ],
      true,
    );
    expect(answer.data.delivered).toEqual([
      { type: 'email', to: 'lina.organized@example.com', name: 'Lina Vaitkė' },
      { type: 'email', to: 'jonas.organized@example.com', name: 'Jonas' },
      { type: 'ticket', to: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/), name: 'Ona' },
    ]);
    expect(answer.data.certificates).toBe(1);
    expect(await availability(organizer)).toEqual({ program_id: PROGRAM, seats: 0, certificates: 0 });
    const [request] = await kit.db.query('SELECT student_name, student_email FROM sharing_organize.certificate_requests WHERE program_id = $1 AND student_name = $2', [PROGRAM, 'Lina Vaitkė']);
    expect(request).toEqual({ student_name: 'Lina Vaitkė', student_email: 'lina.organized@example.com' });
    const summary = (await kit.outbox<CoursesDelivered>('courses.delivered')).find((e) => e.organizer.userId === organizer.userId);
    expect(summary).toMatchObject({ byEmail: 2, byTicket: 1, certificates: 1, tickets: [answer.data.delivered[2].to], organizer: { email: organizer.email } });
    expect(summary?.ticketsUrl).toMatch(new RegExp(`/tickets/${answer.data.delivered[2].to}$`));
    // The student without an address got no e-mail of their ticket.
    const ticketSent = (await kit.outbox<ShareSent>('share.sent')).find((e) => e.recipientName === 'Ona' && e.owner.userId === organizer.userId);
    expect(ticketSent).toMatchObject({ shareType: 'ticket', recipientEmail: null, ticket: null });
  });

  it('refuses with the spec messages, taking nothing: students list incorrect, e-mail not filled, not enough courses, not enough certificates', async () => {
    const organizer = await company(2, 1);
    const lina = { name: 'Lina', email: 'lina.refused@example.com', share_by_ticket: 0, hard_copy_certificate: false };
    expect(await rejection(deliver(organizer, []))).toMatchObject({ status: 422, code: 'organize.students_incorrect', message: SharingMessages.studentsIncorrect });
    expect(await rejection(deliver(organizer, [{ ...lina, email: '' }]))).toMatchObject({ code: 'organize.student_email_missing', message: SharingMessages.studentEmailMissing });
    const three = [lina, { ...lina, email: 'b.refused@example.com' }, { ...lina, email: 'c.refused@example.com' }];
    expect(await rejection(deliver(organizer, three))).toMatchObject({ code: 'organize.not_enough_courses', message: SharingMessages.notEnoughCourses });
    const twoCopies = [
      { ...lina, hard_copy_certificate: true },
      { ...lina, email: 'b.refused@example.com', hard_copy_certificate: true },
    ];
    expect(await rejection(deliver(organizer, twoCopies))).toMatchObject({ code: 'organize.not_enough_certificates', message: SharingMessages.notEnoughCertificates });
    expect(await availability(organizer)).toEqual({ program_id: PROGRAM, seats: 2, certificates: 1 });
  });

  it('only a company organizer may organize (a student is refused)', async () => {
    const student = await kit.student();
    expect(await rejection(kit.as(student, (rpc) => rpc.call(SharingRpc.GetOrganizeDraft, {})))).toMatchObject({ status: 403 });
    expect(await rejection(deliver(student, [{ name: 'A', email: 'a@x.com', share_by_ticket: 0, hard_copy_certificate: false }]))).toMatchObject({ status: 403 });
  });
});
