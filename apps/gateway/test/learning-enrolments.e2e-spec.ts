import {
  AccountsRpc,
  CourseEnrolledEvent,
  DEMO_ACCOUNTS,
  SharingMessages,
  type ChapterCompleteAnswer,
  type ChapterContentAnswer,
  type CourseEnrolled,
  type CourseHistoryAnswer,
  type CoursePageAnswer,
  type CourseProgressAnswer,
  type EventEnvelope,
  type MyCoursesAnswer,
  type QuickShareResponse,
  type QuizAnswerResult,
  type SyllabusChapter,
} from '@aero/contracts';
import { prefixed } from '@aero/backend-messaging';
import { studentForm, waitFor } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { randomUUID } from 'node:crypto';
import { signedIn, visitor, type AccountBrowser, type Refusal } from './support/accounts.js';
import { startWithMailCatcher } from './support/mail-catcher.js';
import { newBuyer, PRODUCTS } from './support/payments.js';
import type { Platform } from './support/platform.js';
import { buyByCard, MODULE_7, PART_145, queryDb, startSharingPlatform, waitForSeats } from './support/sharing.js';

const all = (nodes: SyllabusChapter[]): SyllabusChapter[] => nodes.flatMap((n) => [n, ...all(n.children)]);

describe('gateway: enrolments from a purchase and from a share, the course page, progress, content ended (issue 14)', () => {
  jest.setTimeout(60_000);
  let platform: Platform;
  let buyer: AccountBrowser;
  let enrolmentId: string;
  // The course received from a share: the company that shared it, the learner, the share.
  let company: AccountBrowser;
  let learner: AccountBrowser;
  let shareId: string;

  beforeAll(async () => {
    ({ platform } = await startWithMailCatcher(startSharingPlatform, { apps: ['exams'] }));
    buyer = (await newBuyer(platform)).browser;
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  const myCourses = async (browser: AccountBrowser) => (await browser.call<MyCoursesAnswer>('GET', '/api/my-courses')).body.data;
  /** The first course in My courses, once the learning side enrolled the learner. */
  const firstCourse = async (browser: AccountBrowser, what: string) =>
    waitFor(async () => (await myCourses(browser))[0], { what, timeoutMs: 20_000 });

  async function republish(envelope: EventEnvelope<CourseEnrolled>, id = envelope.id): Promise<void> {
    await jetstream(platform.gateway.infra.nats).publish(prefixed(platform.env.natsPrefix, CourseEnrolledEvent.subject), JSON.stringify({ ...envelope, id }), { msgID: id });
    await waitFor(async () => (await queryDb(platform, 'SELECT 1 FROM exams.inbox WHERE event_id = $1', [id])).length > 0, { what: `exams handled ${id}` });
  }

  it('a learner who buys a course finds it on the watchlist of My courses (created)', async () => {
    await buyByCard(buyer, PRODUCTS.module7, 1);
    const course = await firstCourse(buyer, 'the bought course in My courses');
    expect(course).toMatchObject({
      course_id: MODULE_7.programId,
      name: MODULE_7.name,
      status: 'created',
      source: 'purchase',
      content_ended: false,
      overall: 0,
      course_url: '/course/1007',
      image: '/images/products/part-66-16by9.svg',
    });
    enrolmentId = course.id;
  });

  it('course.enrolled delivered again, or republished under a new id, enrols once', async () => {
    const [row] = await queryDb<{ payload: EventEnvelope<CourseEnrolled> }>(
      platform,
      `SELECT payload FROM sharing_organize.outbox WHERE type = 'course.enrolled' AND payload->'data'->>'enrolmentId' = $1`,
      [enrolmentId],
    );
    await republish(row.payload);
    await republish(row.payload, randomUUID());
    expect((await myCourses(buyer)).map((e) => e.id)).toEqual([enrolmentId]);
    expect(await queryDb(platform, 'SELECT id FROM exams.enrolments WHERE id = $1', [enrolmentId])).toHaveLength(1);
  });

  it('the course page, a chapter, completing it and a quiz move the course to in progress; the progress modal follows', async () => {
    const page = await buyer.call<CoursePageAnswer>('GET', '/api/course/1007');
    expect(page.status).toBe(200);
    expect(page.body.data.enrolment).toMatchObject({ id: enrolmentId, status: 'created' });
    const first = all(page.body.data.syllabus).find((n) => n.is_active)!;
    expect(first).toMatchObject({ slug: 'm7-1-1-1-introduction', level: 3, chapter_url: '/course/1007/chapter/m7-1-1-1-introduction' });

    const chapter = await buyer.call<ChapterContentAnswer>('GET', first.chapter_url.replace('/course/', '/api/course/'));
    expect(chapter.body.data).toMatchObject({ kind: 'video', video_url: 'https://player.vimeo.com/video/76979871', is_completed: false });
    const locked = await buyer.call<Refusal>('GET', '/api/course/1007/chapter/m7-1-1-2-electricity');
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('course.chapter_locked');

    const done = await buyer.call<ChapterCompleteAnswer>('POST', '/api/course/1007/chapter/m7-1-1-1-introduction/complete', { reason: 'video_ended' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ data: { chapter_completed: true, overall: 7 } });
    const refused = await buyer.call<Refusal>('POST', '/api/course/1007/chapter/m7-1-1-2-electricity/complete', { reason: 'finished' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ reason: ['The reason must be video_ended or marked_done.'] });

    for (const slug of ['m7-1-1-2-electricity', 'm7-1-1-3-gases-oils-chemicals']) {
      expect((await buyer.call('POST', `/api/course/1007/chapter/${slug}/complete`, { reason: 'marked_done' })).status).toBe(200);
    }
    const video = await buyer.call<Refusal>('POST', '/api/course/1007/chapter/m7-1-2-1-fire-extinguishers/complete', { reason: 'marked_done' });
    expect(video.status).toBe(409);
    expect(video.body.message).toBe('This video cannot be skipped: watch it to the end.');
    await buyer.call('POST', '/api/course/1007/chapter/m7-1-2-1-fire-extinguishers/complete', { reason: 'video_ended' });
    await buyer.call('POST', '/api/course/1007/chapter/m7-1-2-2-first-response/complete', { reason: 'marked_done' });

    const questions = await queryDb<{ id: string; correct: string }>(
      platform,
      `SELECT q.id, q.correct FROM exams.quiz_questions q JOIN exams.chapters c ON c.id = q.chapter_id WHERE c.course_id = 1007 AND c.slug = 'm7-1-quiz' ORDER BY q.position`,
    );
    // The quiz is ungraded: every question answered once, right or wrong, completes it; a retake never undoes that.
    const quizAnswer = async (q: { id: string }, choice: string) =>
      (await buyer.call<QuizAnswerResult>('POST', '/api/course/1007/chapter/m7-1-quiz/quiz/answer', { question_id: q.id, choice })).body.data;
    const wrong = (q: { correct: string }) => (q.correct === 'A' ? 'B' : 'A');
    expect(await quizAnswer(questions[0], wrong(questions[0]))).toEqual({
      correct: false,
      correct_choice: questions[0].correct,
      explanation: expect.any(String),
      answered: 1,
      total: 3,
      chapter_completed: false,
    });
    const halfway = await buyer.call<CourseProgressAnswer>('GET', `/api/course-progress/${enrolmentId}`);
    expect(halfway.body.data[5]).toEqual({ name: expect.any(String), completed_at: null, progress: 33 });
    expect(await quizAnswer(questions[1], wrong(questions[1]))).toMatchObject({ correct: false, answered: 2, chapter_completed: false });
    expect(await quizAnswer(questions[2], questions[2].correct)).toMatchObject({ correct: true, answered: 3, total: 3, chapter_completed: true });
    expect(await quizAnswer(questions[0], questions[0].correct)).toMatchObject({ correct: true, answered: 3, chapter_completed: true });
    expect(await quizAnswer(questions[2], wrong(questions[2]))).toMatchObject({ correct: false, answered: 3, chapter_completed: true });

    const progress = await buyer.call<CourseProgressAnswer>('GET', `/api/course-progress/${enrolmentId}`);
    expect(progress.status).toBe(200);
    expect(progress.body.meta).toEqual({ overall: 42 });
    expect(progress.body.data.slice(0, 7).map((e) => e.progress)).toEqual([100, 100, 100, 100, 100, 100, 0]);
    expect((await myCourses(buyer))[0]).toMatchObject({ status: 'in-progress', overall: 42, started_at: expect.any(String) });
    // The spec's path (learning §7) answers the same.
    const atSpecPath = await buyer.call<CourseProgressAnswer>('GET', `/course-progress/${enrolmentId}`);
    expect(atSpecPath.status).toBe(200);
    expect(atSpecPath.body).toEqual(progress.body);

    // Someone else's progress is not found; a path that names no enrolment neither.
    const other = (await newBuyer(platform)).browser;
    expect((await other.call('GET', `/api/course-progress/${enrolmentId}`)).status).toBe(404);
    expect((await other.call('GET', `/course-progress/${enrolmentId}`)).status).toBe(404);
    expect((await other.call('GET', '/api/course-progress/not-an-id')).status).toBe(404);
    // The non-watching view for someone not enrolled; a visitor is asked to sign in.
    const theirs = await other.call<CoursePageAnswer>('GET', '/api/course/1007');
    expect(theirs.body.data.enrolment).toBeNull();
    expect(all(theirs.body.data.syllabus).some((n) => n.is_active || n.is_completed)).toBe(false);
    expect((await other.call('GET', '/api/course/1007/chapter/m7-1-1-1-introduction')).status).toBe(404);
    const anonymous = await visitor(platform);
    expect((await anonymous.call('GET', '/api/course/1007')).status).toBe(401);
    expect((await anonymous.call('GET', '/api/my-courses')).status).toBe(401);
    expect((await anonymous.call('GET', `/course-progress/${enrolmentId}`)).status).toBe(401);
    expect((await buyer.call('GET', '/api/course/abc')).status).toBe(404);
  });

  it('the first chapter told sharing-organize the course started (course.started)', async () => {
    await waitFor(
      async () => (await queryDb<{ status: string }>(platform, 'SELECT status FROM sharing_organize.enrolments WHERE id = $1', [enrolmentId]))[0]?.status === 'started',
      { what: 'sharing-organize saw the start', timeoutMs: 20_000 },
    );
  });

  it("after the access ended: 'The content of this course has ended.'; the course moves to the history", async () => {
    await queryDb(platform, `UPDATE exams.enrolments SET available_till = current_date - 1 WHERE id = $1`, [enrolmentId]);
    const ended = await buyer.call<Refusal>('GET', '/api/course/1007/chapter/m7-1-1-1-introduction');
    expect(ended.status).toBe(403);
    expect(ended.body).toMatchObject({ code: 'course.content_ended', message: 'The content of this course has ended.' });
    expect((await buyer.call('POST', '/api/course/1007/chapter/m7-1-2-1-fire-extinguishers/complete', { reason: 'video_ended' })).status).toBe(403);
    const mine = await buyer.call<MyCoursesAnswer>('GET', '/api/my-courses');
    expect(mine.body).toEqual({ data: [], meta: { held_course_ids: [MODULE_7.programId] } });
    // The seat side still lists the course bought: held_course_ids keeps My courses from showing it again from there.
    const received = await buyer.call<{ data: { program_id: number }[] }>('GET', '/api/my-courses/received');
    expect(received.body.data.map((course) => course.program_id)).toEqual([MODULE_7.programId]);
    const history = await buyer.call<CourseHistoryAnswer>('GET', '/api/my-courses/history');
    expect(history.body.data).toEqual([expect.objectContaining({ id: enrolmentId, content_ended: true, status: 'in-progress' })]);
    expect(history.body.meta.pagination).toMatchObject({ total: 1, per_page: 10, current_page: 1, total_pages: 1 });
    expect((await buyer.call('GET', '/api/my-courses/history?per_page=15')).status).toBe(422);
  });

  it('a learner who receives a shared course finds it under shared; a redelivered event enrols once', async () => {
    company = await signedIn(platform, DEMO_ACCOUNTS.companyAdmin.email);
    await buyByCard(company, PART_145.productId, 1);
    await waitForSeats(company, PART_145.programId, 1);
    const form = studentForm();
    const { data: user } = await platform.gateway.infra.rpc.call(AccountsRpc.Register, form);
    await queryDb(platform, 'UPDATE accounts_invitations.users SET email_verified_at = now() WHERE id = $1', [user.id]);
    learner = await signedIn(platform, user.email, form.password);
    const shared = await company.call<QuickShareResponse>('POST', `/quick-share/${PART_145.programId}`, { email: user.email, share_type: 'email' });
    expect(shared.status).toBe(200);
    shareId = shared.body.data.id;
    expect((await learner.call<{ received: unknown[] }>('GET', '/api/quick-share/receive-pending')).body.received).toHaveLength(1);
    const course = await firstCourse(learner, 'the received course in My courses');
    expect(course).toMatchObject({ course_id: PART_145.programId, name: PART_145.name, status: 'shared', source: 'share' });
    const [row] = await queryDb<{ payload: EventEnvelope<CourseEnrolled> }>(
      platform,
      `SELECT payload FROM sharing_organize.outbox WHERE type = 'course.enrolled' AND payload->'data'->>'enrolmentId' = $1`,
      [course.id],
    );
    await republish(row.payload);
    await republish(row.payload, randomUUID());
    expect((await myCourses(learner)).map((e) => e.id)).toEqual([course.id]);
  });

  it("the learner's first chapter starts the course (course.started): the company can no longer recall the share", async () => {
    const page = await learner.call<CoursePageAnswer>('GET', `/api/course/${PART_145.programId}`);
    const first = all(page.body.data.syllabus).find((n) => n.is_active)!;
    expect((await learner.call('POST', `${first.chapter_url.replace('/course/', '/api/course/')}/complete`, { reason: 'marked_done' })).status).toBe(200);
    const [enrolment] = await myCourses(learner);
    expect(enrolment).toMatchObject({ status: 'in-progress' });
    await waitFor(
      async () => (await queryDb<{ status: string }>(platform, 'SELECT status FROM sharing_organize.enrolments WHERE id = $1', [enrolment.id]))[0]?.status === 'started',
      { what: 'sharing-organize saw the start', timeoutMs: 20_000 },
    );
    const recall = await company.call<Refusal>('POST', `/course-recall/${shareId}`);
    expect(recall.status).toBe(422);
    expect(recall.body.message).toBe(SharingMessages.recallNotAllowedStarted);
    expect((await myCourses(learner)).map((e) => e.course_id)).toEqual([PART_145.programId]);
  });
});
