import {
  CourseStartedEvent,
  SharingMessages,
  SharingRpc,
  UserEmailVerifiedEvent,
  UserRegisteredEvent,
  type CourseEnrolled,
  type ShareAccepted,
  type ShareRecalled,
} from '@aero/contracts';
import { testKit, waitFor } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CATALOGUE, rejection, SharingKit, type TestActor } from './support/sharing-test-kit.js';

const PROGRAM = CATALOGUE.part145.programId;

describe('pending shares, tickets, recall rules and the re-share rule (issue 12)', () => {
  const kit = testKit(() => SharingKit.start(), 120_000);

  const share = (actor: TestActor, email: string | undefined, shareType = 'email') =>
    kit.as(actor, (rpc) => rpc.call(SharingRpc.Share, { programId: PROGRAM, email, share_type: shareType }));
  const hasPending = (actor: TestActor) => kit.as(actor, (rpc) => rpc.call(SharingRpc.HasPending, {}));
  const receive = (actor: TestActor) => kit.as(actor, (rpc) => rpc.call(SharingRpc.ReceivePending, {}));
  const recall = (actor: TestActor, id: string) => kit.as(actor, (rpc) => rpc.call(SharingRpc.Recall, { id }));
  const statusOf = async (id: string) => (await kit.db.query('SELECT status FROM sharing_organize.share_items WHERE id = $1', [id]))[0].status as string;

  it('has-pending counts the courses shared with a verified address; receive-pending enrols the learner and marks them accepted', async () => {
    const company = await kit.companyWithSeats(2);
    const learner = await kit.student({ verified: true });
    expect(await hasPending(learner)).toEqual({ has_shares: false, shares_count: 0 });
    const { data } = await share(company, learner.email);
    expect(await hasPending(learner)).toEqual({ has_shares: true, shares_count: 1 });
    const received = await receive(learner);
    expect(received).toEqual({ received: [{ share_id: data.id, program_id: PROGRAM, course_name: CATALOGUE.part145.name }], message: 'You received 1 course.' });
    expect(await statusOf(data.id)).toBe('accepted');
    expect(await hasPending(learner)).toEqual({ has_shares: false, shares_count: 0 });
    expect((await receive(learner)).received).toEqual([]);
    expect((await kit.outbox<ShareAccepted>('share.accepted')).find((e) => e.shareId === data.id)).toMatchObject({
      learner: { userId: learner.userId, email: learner.email },
      via: 'pending',
    });
    expect((await kit.outbox<CourseEnrolled>('course.enrolled')).find((e) => e.shareId === data.id)).toMatchObject({
      userId: learner.userId,
      programId: PROGRAM,
      source: 'share',
    });
    const courses = await kit.as(learner, (rpc) => rpc.call(SharingRpc.ReceivedCourses, {}));
    expect(courses.data).toEqual([expect.objectContaining({ program_id: PROGRAM, source: 'share', status: 'enrolled' })]);
    // Holding it now, another share of the course to them is refused.
    expect(await rejection(share(company, learner.email))).toMatchObject({ status: 409, message: 'Course already received: look for it in your profile' });
  });

  it('an address not verified yet receives nothing (anyone could register with it)', async () => {
    const company = await kit.companyWithSeats(1);
    const learner = await kit.student();
    await share(company, learner.email);
    expect(await hasPending(learner)).toEqual({ has_shares: false, shares_count: 0 });
    expect(await receive(learner)).toEqual({ received: [], message: SharingMessages.emailNotVerified });
  });

  it('a person invited by e-mail without an account receives the course once they register and prove the address', async () => {
    const company = await kit.companyWithSeats(1);
    const email = `newcomer-${randomUUID().slice(0, 8)}@example.com`;
    const { data } = await share(company, email);
    const userId = randomUUID();
    const registered = await kit.publish(UserRegisteredEvent, {
      userId,
      email,
      nick: 'newcomer',
      firstName: 'New',
      lastName: 'Comer',
      name: 'New Comer',
      type: 'student',
      roles: ['student'],
      companyId: null,
      companyName: null,
      emailVerified: false,
      verificationUrl: 'https://shop.example/email/verify?token=x',
      verificationExpiresAt: new Date(Date.now() + 3600_000).toISOString(),
      newsletterOptIn: false,
      invitationId: null,
      registeredAt: new Date().toISOString(),
    });
    await kit.handled('sharing-organize.user-registered', registered.id);
    expect(await statusOf(data.id)).toBe('shared');
    const verified = await kit.publish(UserEmailVerifiedEvent, { userId, email, name: 'New Comer', verifiedAt: new Date().toISOString() });
    await kit.handled('sharing-organize.user-email-verified', verified.id);
    expect(await statusOf(data.id)).toBe('accepted');
    expect((await kit.outbox<ShareAccepted>('share.accepted')).find((e) => e.shareId === data.id)).toMatchObject({ via: 'registration', learner: { userId } });
  });

  it('an accepted course is recalled within 14 days of purchase (day 14), not on day 15; the enrolment is withdrawn', async () => {
    const company = await kit.companyWithSeats(2);
    const early = await kit.student({ verified: true });
    const late = await kit.student({ verified: true });
    const a = (await share(company, early.email)).data.id;
    const b = (await share(company, late.email)).data.id;
    await receive(early);
    await receive(late);
    await kit.db.query(`UPDATE sharing_organize.share_items SET purchased_at = now() - interval '14 days' WHERE id = $1`, [a]);
    await kit.db.query(`UPDATE sharing_organize.share_items SET purchased_at = now() - interval '15 days' WHERE id = $1`, [b]);
    expect((await recall(company, a)).data.status).toBe('recalled');
    expect(await rejection(recall(company, b))).toMatchObject({ status: 422, code: 'course.recall_not_allowed', message: SharingMessages.recallNotAllowedWindow });
    expect((await kit.as(early, (rpc) => rpc.call(SharingRpc.ReceivedCourses, {}))).data).toEqual([]);
    expect((await kit.outbox<ShareRecalled>('share.recalled')).find((e) => e.shareId === a)).toMatchObject({
      fromStatus: 'accepted',
      learnerUserId: early.userId,
      recipientNotified: true,
    });
    expect((await kit.as(company, (rpc) => rpc.call(SharingRpc.AvailableForSharing, { programId: PROGRAM }))).count).toBe(1);
  });

  it('a course the learner has started (course.started from the learning side) cannot be recalled', async () => {
    const company = await kit.companyWithSeats(1);
    const learner = await kit.student({ verified: true });
    const { data } = await share(company, learner.email);
    await receive(learner);
    const started = await kit.publish(CourseStartedEvent, { userId: learner.userId, programId: PROGRAM, startedAt: new Date().toISOString() });
    await kit.handled('sharing-organize.course-started', started.id);
    expect(await statusOf(data.id)).toBe('started');
    expect(await rejection(recall(company, data.id))).toMatchObject({ status: 422, message: SharingMessages.recallNotAllowedStarted });
    const trail = await kit.db.query('SELECT transition, actor_user_id FROM sharing_organize.share_transitions WHERE share_id = $1 ORDER BY sequence', [data.id]);
    expect(trail).toEqual([
      { transition: 'create', actor_user_id: company.userId },
      { transition: 'send', actor_user_id: company.userId },
      { transition: 'accept', actor_user_id: learner.userId },
      { transition: 'start', actor_user_id: null },
    ]);
  });

  it('a company cannot share a course another company shared with it; a student without seats is told how many they have', async () => {
    const giver = await kit.companyWithSeats(2);
    const receiver = await kit.company();
    // The registration event may have recorded the learner already: either way, verified.
    await kit.db.query(
      `INSERT INTO sharing_organize.learners (user_id, email, email_verified) VALUES ($1, $2, true)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, email_verified = true`,
      [receiver.userId, receiver.email],
    );
    await share(giver, receiver.email);
    expect((await receive(receiver)).received).toHaveLength(1);
    expect(await rejection(share(receiver, 'employee@example.com'))).toMatchObject({
      status: 403,
      code: 'course.sharing_not_allowed',
      message: SharingMessages.sharingNotAllowedCorporate,
    });
    const student = await kit.student({ verified: true });
    await share(giver, student.email);
    await receive(student);
    expect(await rejection(share(student, 'friend@example.com'))).toMatchObject({ status: 422, message: 'You have only 0 courses.' });
  });

  it('a ticket is activated once with its code and password; wrong ones answer "The activation code does not exists"', async () => {
    const company = await kit.companyWithSeats(1);
    const { shared_to: code, data } = await share(company, undefined, 'ticket');
    const [ticket] = (await kit.as(company, (rpc) => rpc.call(SharingRpc.Tickets, { shareTo: [code] }))).data;
    expect(ticket).toMatchObject({ code, course_name: CATALOGUE.part145.name, status: 'shared' });
    const other = await kit.company();
    expect(await rejection(kit.as(other, (rpc) => rpc.call(SharingRpc.Tickets, { shareTo: [code] })))).toMatchObject({ status: 404 });

    const learner = await kit.student();
    const activate = (actor: TestActor, c: string, password: string) => kit.as(actor, (rpc) => rpc.call(SharingRpc.ActivateTicket, { code: c, password }));
    expect(await rejection(activate(learner, 'AAAA-BBBB-CCCC', ticket.password))).toMatchObject({
      status: 422,
      errors: { code: ['The activation code does not exists'] },
    });
    expect(await rejection(activate(learner, code, 'WRONGPWD'))).toMatchObject({ errors: { code: ['The activation code does not exists'] } });
    const done = await activate(learner, code.toLowerCase().replaceAll('-', ''), ticket.password.toLowerCase());
    expect(done).toMatchObject({ message: SharingMessages.ticketActivated, data: { program_id: PROGRAM, status: 'enrolled' } });
    expect(await statusOf(data.id)).toBe('accepted');
    const second = await kit.student();
    expect(await rejection(activate(second, code, ticket.password))).toMatchObject({ errors: { code: [SharingMessages.ticketUsed] } });
    await waitFor(async () => (await kit.outbox<ShareAccepted>('share.accepted')).some((e) => e.shareId === data.id && e.via === 'ticket' && e.learner.email === learner.email));
  });
});
