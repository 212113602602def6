import { ExamsRpc, ShareRecalledEvent, type EnrolmentCreated, type ShareRecalled } from '@aero/contracts';
import { testKit } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { COURSES, day, ExamsKit, rejection, type TestLearner } from './support/exams-test-kit.js';

describe('enrolments: from purchases and accepted shares, withdrawn by a recall (issue 14)', () => {
  const kit = testKit(() => ExamsKit.start(), 120_000);

  const myCourses = (learner: TestLearner) => kit.as(learner, (rpc) => rpc.call(ExamsRpc.MyCourses, {}));
  const history = (learner: TestLearner, page?: number, perPage?: number) => kit.as(learner, (rpc) => rpc.call(ExamsRpc.CourseHistory, { page, per_page: perPage }));

  function recalled(learner: TestLearner, shareId: string, fromStatus: ShareRecalled['fromStatus'] = 'accepted'): ShareRecalled {
    return {
      shareId,
      programId: COURSES.part145.id,
      courseName: COURSES.part145.name,
      owner: { kind: 'company', userId: randomUUID(), companyId: randomUUID(), name: 'Hangar Oy' },
      shareType: 'email',
      recipientEmail: learner.email,
      availableTill: day(200),
      actorUserId: null,
      sequence: 4,
      occurredAt: new Date().toISOString(),
      fromStatus,
      learnerUserId: fromStatus === 'accepted' ? learner.userId : null,
      recipientNotified: true,
      reason: 'recalled by the owner',
    };
  }

  it("a learner's own purchase is on the watchlist (created), with the course's data", async () => {
    const learner = await kit.learner();
    const data = kit.enrolment(learner, { availableTill: '2099-06-30' });
    await kit.enrol(data);
    expect((await myCourses(learner)).data).toEqual([
      {
        id: data.enrolmentId,
        course_id: COURSES.module7.id,
        name: COURSES.module7.name,
        image: '/images/products/part-66-16by9.svg',
        status: 'created',
        source: 'purchase',
        available_till: '2099-06-30',
        content_ended: false,
        enrolled_at: data.enrolledAt,
        started_at: null,
        completed_at: null,
        overall: 0,
        course_url: '/course/1007',
        certificate_number: null,
      },
    ]);
    expect((await kit.outbox<EnrolmentCreated>('enrolment.created')).filter((e) => e.enrolmentId === data.enrolmentId)).toEqual([
      expect.objectContaining({ userId: learner.userId, programId: 1007, status: 'created', source: 'purchase' }),
    ]);
  });

  it('a redelivered or republished course.enrolled enrols once', async () => {
    const learner = await kit.learner();
    const data = kit.enrolment(learner, { source: 'share', courseId: COURSES.part145.id, courseName: COURSES.part145.name });
    const first = await kit.enrol(data);
    // The same event again (the same id: the inbox), and republished under a new id (the enrolment's own key).
    await kit.enrol(data, first.id);
    await kit.enrol(data);
    await kit.enrol({ ...data, enrolmentId: randomUUID() });
    const mine = (await myCourses(learner)).data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: data.enrolmentId, status: 'shared', source: 'share', course_id: COURSES.part145.id });
    expect((await kit.outbox<EnrolmentCreated>('enrolment.created')).filter((e) => e.userId === learner.userId)).toHaveLength(1);
  });

  it('a recall of the accepted share takes the course back; a recall of a share never accepted changes nothing', async () => {
    const learner = await kit.learner();
    const data = kit.enrolment(learner, { source: 'share', courseId: COURSES.part145.id, courseName: COURSES.part145.name });
    await kit.enrol(data);
    const notAccepted = await kit.publish(ShareRecalledEvent, recalled(learner, data.shareId!, 'shared'));
    await kit.handled('exams.share-recalled', notAccepted.id);
    expect((await myCourses(learner)).data).toHaveLength(1);
    const event = await kit.publish(ShareRecalledEvent, recalled(learner, data.shareId!));
    await kit.handled('exams.share-recalled', event.id);
    expect(await myCourses(learner)).toEqual({ data: [], meta: { held_course_ids: [] } });
    expect((await history(learner)).data).toEqual([]);
    expect(await rejection(kit.as(learner, (rpc) => rpc.call(ExamsRpc.CourseProgress, { enrolmentId: data.enrolmentId })))).toMatchObject({ status: 404 });
  });

  it('a recall that arrives before its course.enrolled: the course never shows', async () => {
    const learner = await kit.learner();
    const data = kit.enrolment(learner, { source: 'share', courseId: COURSES.part145.id, courseName: COURSES.part145.name });
    const event = await kit.publish(ShareRecalledEvent, recalled(learner, data.shareId!));
    await kit.handled('exams.share-recalled', event.id);
    await kit.enrol(data);
    expect((await myCourses(learner)).data).toEqual([]);
    expect((await kit.outbox<EnrolmentCreated>('enrolment.created')).filter((e) => e.userId === learner.userId)).toEqual([]);
  });

  it('a course whose access has ended leaves My courses for the history, marked content_ended', async () => {
    const learner = await kit.learner();
    const ended = kit.enrolment(learner, { courseId: COURSES.ewis.id, courseName: COURSES.ewis.name, availableTill: day(-1) });
    const lastDay = kit.enrolment(learner, { availableTill: day(0) });
    await kit.enrol(ended);
    await kit.enrol(lastDay);
    const mine = await myCourses(learner);
    expect(mine.data.map((e) => e.id)).toEqual([lastDay.enrolmentId]);
    // Still held (the history): My courses does not show it again from the seat side's list.
    expect(mine.meta).toEqual({ held_course_ids: [COURSES.module7.id, COURSES.ewis.id] });
    const all = await history(learner);
    expect(all.data.map((e) => [e.id, e.content_ended])).toEqual(
      expect.arrayContaining([
        [ended.enrolmentId, true],
        [lastDay.enrolmentId, false],
      ]),
    );
    expect(all.meta.pagination).toMatchObject({ total: 2, per_page: 10, current_page: 1, total_pages: 1 });
  });

  it('the history pages newest first; its page sizes are 10 to 50 by 10', async () => {
    const learner = await kit.learner();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const data = kit.enrolment(learner, { courseId: 5000 + i, courseName: `Course ${i}` });
      data.enrolledAt = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
      await kit.enrol(data);
      ids.unshift(data.enrolmentId);
    }
    const first = await history(learner);
    expect(first.data.map((e) => e.id)).toEqual(ids.slice(0, 10));
    expect(first.meta.pagination).toMatchObject({ total: 12, count: 10, total_pages: 2 });
    expect((await history(learner, 2)).data.map((e) => e.id)).toEqual(ids.slice(10));
    expect((await history(learner, 1, 20)).data).toHaveLength(12);
    expect(await rejection(history(learner, 1, 15))).toMatchObject({ status: 422, errors: { per_page: ['The page size must be one of 10, 20, 30, 40, 50.'] } });
  });

  it('a learner reads only their own; no signed-in user is a 401', async () => {
    const learner = await kit.learner();
    const other = await kit.learner();
    await kit.enrol(kit.enrolment(learner));
    expect((await myCourses(other)).data).toEqual([]);
    expect(await rejection(kit.rpc.call(ExamsRpc.MyCourses, {}))).toMatchObject({ status: 401 });
    expect(await rejection(kit.as({ ...other, roles: ['kyc'] }, (rpc) => rpc.call(ExamsRpc.MyCourses, {})))).toMatchObject({ status: 403 });
  });
});
