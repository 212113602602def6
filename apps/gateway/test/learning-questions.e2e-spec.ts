import {
  CourseEnrolledEvent,
  DEMO_ACCOUNTS,
  QuestionAnsweredEvent,
  type AnsweredQuestionAnswer,
  type CourseEnrolled,
  type EventEnvelope,
  type InstructorQuestionListAnswer,
  type QuestionAnswered,
  type QuestionCreatedAnswer,
  type QuestionListAnswer,
} from '@aero/contracts';
import { prefixed } from '@aero/backend-messaging';
import { waitFor } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { randomUUID } from 'node:crypto';
import { createUser, signedIn, startAccountsPlatform, visitor, type AccountBrowser, type Refusal } from './support/accounts.js';
import { startWithMailCatcher, type MailCatcher } from './support/mail-catcher.js';
import type { Platform } from './support/platform.js';
import { decodeHeader, emailSent, MODULE_7, queryDb } from './support/sharing.js';

describe('gateway: questions to the instructor, answered once and e-mailed once (issue 14)', () => {
  jest.setTimeout(60_000);
  let smtp: MailCatcher;
  let platform: Platform;
  let learner: AccountBrowser;
  let learnerEmail: string;
  let learnerId: string;
  let instructor: AccountBrowser;
  let enrolmentId: string;

  /** Publishes an event on the test's stream as its producer's relay does, and waits until `consumer` handled it. */
  async function publish<T>(event: { subject: string; name: string; version: number; producer: string }, data: T, consumer: string, id: string = randomUUID()): Promise<EventEnvelope<T>> {
    const envelope: EventEnvelope<T> = { id, type: event.name, version: event.version, occurredAt: new Date().toISOString(), producer: event.producer, correlationId: randomUUID(), data };
    await jetstream(platform.gateway.infra.nats).publish(prefixed(platform.env.natsPrefix, event.subject), JSON.stringify(envelope), { msgID: id });
    const schema = consumer.split('.')[0].replace('-', '_');
    await waitFor(async () => (await queryDb(platform, `SELECT 1 FROM ${schema}.inbox WHERE consumer = $1 AND event_id = $2`, [consumer, id])).length > 0, {
      what: `${consumer} handled ${id}`,
      timeoutMs: 20_000,
    });
    return envelope;
  }

  beforeAll(async () => {
    ({ platform, smtp } = await startWithMailCatcher(startAccountsPlatform, { apps: ['exams'] }));
    const user = await createUser(platform, undefined, { first_name: 'Nils', last_name: 'Holm' });
    learnerEmail = user.email.toLowerCase();
    learnerId = user.id;
    learner = await signedIn(platform, user.email, user.password);
    instructor = await signedIn(platform, DEMO_ACCOUNTS.instructor.email);
    // sharing-organize's course.enrolled for the learner's purchase of Module 7.
    enrolmentId = randomUUID();
    const enrolled: CourseEnrolled = {
      enrolmentId,
      userId: user.id,
      email: learnerEmail,
      programId: MODULE_7.programId,
      courseName: MODULE_7.name,
      source: 'purchase',
      orderId: randomUUID(),
      shareId: null,
      availableTill: '2099-06-30',
      enrolledAt: new Date().toISOString(),
    };
    await publish(CourseEnrolledEvent, enrolled, 'exams.course-enrolled');
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  const ask = (body: unknown) => learner.call<QuestionCreatedAnswer & Refusal>('POST', '/api/course/1007/questions', body);
  const list = (limit?: number) => learner.call<QuestionListAnswer>('GET', `/api/course/1007/questions${limit ? `?limit=${limit}` : ''}`);

  it('the question form: topic required, up to 120 characters; question required, up to 2000 (422 field map)', async () => {
    const empty = await ask({ topic: '', question: '', schedule_id: enrolmentId });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ topic: ['The topic is required.'], question: ['The question is required.'] });
    const long = await ask({ topic: 't'.repeat(121), question: 'q'.repeat(2001), schedule_id: enrolmentId });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ topic: ['The topic must have up to 120 characters.'], question: ['The question must have up to 2000 characters.'] });
    const stranger = await ask({ topic: 'Torque', question: 'Which value?', schedule_id: randomUUID() });
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors).toEqual({ schedule_id: ['The course enrolment is invalid.'] });
    const extra = await ask({ topic: 'Torque', question: 'Which value?', schedule_id: enrolmentId, user_id: DEMO_ACCOUNTS.student.id });
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual({ user_id: ['property user_id should not exist'] });
  });

  it('asked questions come back newest first, 5 at a time, load more adds 5; meta.pagination.total counts them all', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 7; i++) {
      const sent = await ask({ topic: `Topic ${i}`, question: `Question ${i}?`, schedule_id: enrolmentId });
      expect(sent.status).toBe(201);
      expect(sent.body).toEqual({
        success: true,
        data: { id: expect.any(String), topic: `Topic ${i}`, question: `Question ${i}?`, answer: null, date: expect.any(String), answered_at: null, schedule_id: enrolmentId },
      });
      ids.unshift(sent.body.data.id);
    }
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.data.map((q) => q.id)).toEqual(ids.slice(0, 5));
    expect(first.body.meta).toEqual({ pagination: { total: 7 } });
    expect((await list(10)).body.data.map((q) => q.id)).toEqual(ids);
    expect((await learner.call('GET', '/api/course/1007/questions?limit=abc')).status).toBe(422);
    // Another learner sees none of them.
    const other = await createUser(platform);
    const theirs = await (await signedIn(platform, other.email, other.password)).call<QuestionListAnswer>('GET', '/api/course/1007/questions');
    expect(theirs.body).toEqual({ data: [], meta: { pagination: { total: 0 } } });
  });

  it("after a course's content ended its questions are refused: 403 'The content of this course has ended.' (the page's 'Error!' dialog)", async () => {
    const ended = randomUUID();
    const enrolled: CourseEnrolled = {
      enrolmentId: ended,
      userId: learnerId,
      email: learnerEmail,
      programId: 2001,
      courseName: 'Part-145 Initial Training',
      source: 'purchase',
      orderId: randomUUID(),
      shareId: null,
      availableTill: '2020-01-31',
      enrolledAt: '2020-01-01T09:00:00.000Z',
    };
    await publish(CourseEnrolledEvent, enrolled, 'exams.course-enrolled');
    const refused = await learner.call<Refusal>('POST', '/api/course/2001/questions', { topic: 'Late', question: 'Is the course still open?', schedule_id: ended });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'course.content_ended', message: 'The content of this course has ended.' });
    expect(refused.body.errors).toBeUndefined();
  });

  it('only instructors open the instructor screen', async () => {
    expect((await learner.call('GET', '/api/instructor/questions')).status).toBe(403);
    expect((await learner.call('POST', `/api/instructor/questions/${randomUUID()}/answer`, { answer: 'Me' })).status).toBe(403);
    expect((await (await visitor(platform)).call('GET', '/api/instructor/questions')).status).toBe(401);
    expect((await (await visitor(platform)).call('GET', '/api/course/1007/questions')).status).toBe(401);
  });

  it('the instructor answers a question once; the learner reads it and is e-mailed the answer once, whatever the redeliveries', async () => {
    const { body: asked } = await ask({ topic: 'Safety wire', question: 'How many turns per inch?', schedule_id: enrolmentId });
    const open = await instructor.call<InstructorQuestionListAnswer>('GET', '/api/instructor/questions?per_page=50');
    expect(open.status).toBe(200);
    expect(open.body.data.find((q) => q.id === asked.data.id)).toEqual({
      id: asked.data.id,
      course_id: MODULE_7.programId,
      course_name: MODULE_7.name,
      topic: 'Safety wire',
      question: 'How many turns per inch?',
      asked_by_name: 'Nils Holm',
      date: asked.data.date,
      answer: null,
      answered_at: null,
    });
    expect(open.body.meta.pagination).toMatchObject({ total: 8, per_page: 50, current_page: 1, total_pages: 1 });

    const blank = await instructor.call<Refusal>('POST', `/api/instructor/questions/${asked.data.id}/answer`, { answer: '' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ answer: ['The answer is required.'] });
    const answered = await instructor.call<AnsweredQuestionAnswer>('POST', `/api/instructor/questions/${asked.data.id}/answer`, { answer: 'Six to eight turns per inch.' });
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject({ id: asked.data.id, answer: 'Six to eight turns per inch.', answered_at: expect.any(String), schedule_id: enrolmentId });
    const again = await instructor.call<Refusal>('POST', `/api/instructor/questions/${asked.data.id}/answer`, { answer: 'Seven.' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'question.already_answered', message: 'This question was already answered.' });
    expect((await instructor.call('POST', `/api/instructor/questions/${randomUUID()}/answer`, { answer: 'x' })).status).toBe(404);

    expect((await list()).body.data[0]).toMatchObject({ id: asked.data.id, answer: 'Six to eight turns per inch.', answered_at: expect.any(String) });
    expect((await instructor.call<InstructorQuestionListAnswer>('GET', '/api/instructor/questions?status=answered')).body.data[0]).toMatchObject({ id: asked.data.id });

    await emailSent(platform, `question-answered:${asked.data.id}`);
    // The event once more (a redelivery) and republished under a new id: still one e-mail.
    const [row] = await queryDb<{ payload: EventEnvelope<QuestionAnswered> }>(
      platform,
      `SELECT payload FROM exams.outbox WHERE type = 'question.answered' AND payload->'data'->>'questionId' = $1`,
      [asked.data.id],
    );
    await publish(QuestionAnsweredEvent, row.payload.data, 'notifications.question-answered', row.payload.id);
    await publish(QuestionAnsweredEvent, row.payload.data, 'notifications.question-answered');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const mails = smtp.messages.filter((m) => m.envelopeTo.includes(learnerEmail) && decodeHeader(m.subject).startsWith('The instructor answered your question'));
    expect(mails).toHaveLength(1);
    expect(mails[0].raw).toContain('Six to eight turns per inch.');
  });

  it('the API document describes the learning routes with the contracts’ schemas', async () => {
    const doc = (await (await fetch(`${platform.url}/api/docs-json`)).json()) as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    for (const path of ['/api/my-courses', '/api/my-courses/history', '/api/course/{course_id}', '/api/course/{course_id}/chapter/{slug}', '/api/course-progress/{uuid}', '/course-progress/{uuid}', '/api/course/{course_id}/questions', '/api/instructor/questions']) {
      expect(doc.paths[path]).toBeDefined();
    }
    expect(doc.components.schemas).toHaveProperty('SyllabusChapter');
    expect(JSON.stringify(doc.components.schemas.SyllabusChapter)).toContain('#/components/schemas/SyllabusChapter');
  });
});
