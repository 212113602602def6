import {
  CourseEnrolledEvent,
  DEMO_ACCOUNTS,
  ExamPassedEvent,
  type CertificateVerificationAnswer,
  type CourseEnrolled,
  type EventDefinition,
  type ExamAttempt,
  type MyCoursesAnswer,
} from '@aero/contracts';
import { prefixed } from '@aero/backend-messaging';
import { waitFor } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { randomUUID } from 'node:crypto';
import { createUser, signedIn, startAccountsPlatform, visitor, type AccountBrowser } from './support/accounts.js';
import { startWithMailCatcher } from './support/mail-catcher.js';
import { queryDb, type Platform } from './support/platform.js';

const MODULE_7 = { programId: 1007, name: 'Part-66 Module 7: Maintenance Practices' } as const;

describe('gateway: certificates: download by the learner, public verification, revocation (issue 15)', () => {
  jest.setTimeout(60_000);
  let platform: Platform;
  let admin: AccountBrowser;

  beforeAll(async () => {
    ({ platform } = await startWithMailCatcher(startAccountsPlatform, { apps: ['exams'] }));
    admin = await signedIn(platform, DEMO_ACCOUNTS.administrator.email);
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  /** Publishes an event as its producer's relay would. */
  async function publish<T>(event: EventDefinition<T>, data: T): Promise<string> {
    const id = randomUUID();
    const envelope = { id, type: event.name, version: event.version, occurredAt: new Date().toISOString(), producer: event.producer, correlationId: randomUUID(), data };
    await jetstream(platform.gateway.infra.nats).publish(prefixed(platform.env.natsPrefix, event.subject), JSON.stringify(envelope), { msgID: id });
    return id;
  }

  /** A signed-in learner who passed the exam of Part-66 Module 7, and the number of the certificate it issued. */
  async function passedLearner(): Promise<{ browser: AccountBrowser; userId: string; number: string }> {
    const user = await createUser(platform);
    const browser = await signedIn(platform, user.email, user.password);
    const enrolment: CourseEnrolled = {
      enrolmentId: randomUUID(),
      userId: user.id,
      email: user.email.toLowerCase(),
      programId: MODULE_7.programId,
      courseName: MODULE_7.name,
      source: 'purchase',
      orderId: randomUUID(),
      shareId: null,
      availableTill: '2099-12-31',
      enrolledAt: new Date().toISOString(),
    };
    const enrolled = await publish(CourseEnrolledEvent, enrolment);
    await waitFor(async () => (await queryDb(platform, 'SELECT 1 FROM exams.inbox WHERE event_id = $1', [enrolled])).length > 0, { what: 'the enrolment' });
    const attempt: ExamAttempt = {
      attemptId: randomUUID(),
      examId: 1,
      enrolmentId: enrolment.enrolmentId,
      userId: user.id,
      programId: MODULE_7.programId,
      attemptNo: 1,
      maxAttempts: 3,
      resultPercents: 90,
      passRate: 75,
      finishedAt: new Date().toISOString(),
      finishedBy: 'learner',
    };
    await publish(ExamPassedEvent, attempt);
    const { number } = await waitFor(
      async () => (await queryDb<{ number: string }>(platform, 'SELECT number FROM exams.certificates WHERE enrolment_id = $1', [enrolment.enrolmentId]))[0],
      { what: 'the certificate' },
    );
    return { browser, userId: user.id, number };
  }

  it('My courses links the certificate; its learner and an administrator download the PDF, nobody else', async () => {
    const { browser, number } = await passedLearner();
    const courses = (await browser.call<MyCoursesAnswer>('GET', '/api/my-courses')).body.data;
    expect(courses.map((c) => c.certificate_number)).toEqual([number]);

    const own = await browser.request('GET', `/api/certificates/${number}/pdf`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toBe(`attachment; filename="certificate-${number}.pdf"`);
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
    expect(Buffer.from(await own.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    expect((await admin.request('GET', `/api/certificates/${number}/pdf`)).status).toBe(200);

    const other = await createUser(platform);
    const stranger = await signedIn(platform, other.email, other.password);
    expect(await stranger.call('GET', `/api/certificates/${number}/pdf`)).toMatchObject({ status: 404, body: { message: 'Certificate not found.' } });
    expect((await (await visitor(platform)).call('GET', `/api/certificates/${number}/pdf`)).status).toBe(401);
  });

  it('anyone verifies a number: valid with the name, course and date only; an unknown number is a 404', async () => {
    const { number } = await passedLearner();
    const anyone = await visitor(platform);
    const valid = await anyone.call<CertificateVerificationAnswer>('GET', `/api/certificates/verify/${number}`);
    expect(valid.status).toBe(200);
    expect(valid.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(valid.body.data).sort()).toEqual(['course_name', 'issued_at', 'learner_name', 'number', 'revoked_at', 'status']);
    expect(valid.body.data).toMatchObject({ number, status: 'valid', learner_name: 'Lena Berg', course_name: MODULE_7.name, revoked_at: null });

    for (const unknown of ['AMA-2026-2222-2222', 'nothing-like-a-number']) {
      expect(await anyone.call('GET', `/api/certificates/verify/${unknown}`)).toMatchObject({ status: 404, body: { message: 'Certificate not found.' } });
    }
  });

  it('an administrator revokes with a reason: the verification says revoked with the date, the PDF is gone, My courses drops the link', async () => {
    const { browser, number } = await passedLearner();
    expect((await browser.call('POST', `/api/certificates/${number}/revoke`, { reason: 'mine' })).status).toBe(403);
    expect(await admin.call('POST', `/api/certificates/${number}/revoke`, { reason: '' })).toMatchObject({
      status: 422,
      body: { errors: { reason: ['The reason is required.'] } },
    });

    const revoked = await admin.call<{ message: string; data: { status: string; revoked_at: string } }>('POST', `/api/certificates/${number}/revoke`, {
      reason: 'Exam taken by someone else',
    });
    expect(revoked).toMatchObject({ status: 200, body: { message: 'The certificate was revoked.', data: { status: 'revoked' } } });
    expect(await admin.call('POST', `/api/certificates/${number}/revoke`, { reason: 'again' })).toMatchObject({
      status: 409,
      body: { message: 'This certificate is already revoked.' },
    });

    const verified = await (await visitor(platform)).call<CertificateVerificationAnswer>('GET', `/api/certificates/verify/${number}`);
    expect(verified.body.data).toEqual({
      number,
      status: 'revoked',
      learner_name: 'Lena Berg',
      course_name: MODULE_7.name,
      issued_at: expect.any(String),
      revoked_at: revoked.body.data.revoked_at,
    });
    expect(await browser.call('GET', `/api/certificates/${number}/pdf`)).toMatchObject({ status: 410, body: { message: 'This certificate was revoked.' } });
    expect((await browser.call<MyCoursesAnswer>('GET', '/api/my-courses')).body.data.map((c) => c.certificate_number)).toEqual([null]);
  });
});
