import { CertificatesRpc, DEMO_ACCOUNTS, ExamPassedEvent, ExamsRpc, type Actor, type CertificateIssued, type ExamAttempt } from '@aero/contracts';
import { testKit } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CERTIFICATE_CONSUMERS } from '../src/certificates/certificates.event-handlers.js';
import { COURSES, ExamsKit, rejection, type TestLearner } from './support/exams-test-kit.js';

const ADMIN: Actor = { userId: DEMO_ACCOUNTS.administrator.id, companyId: null, roles: ['administrator'], status: null };

describe('certificates: issued once per passed enrolment, verified publicly, revoked by administrators (issue 15)', () => {
  const kit = testKit(() => ExamsKit.start(), 120_000);

  function passed(learner: TestLearner, enrolmentId: string, overrides: Partial<ExamAttempt> = {}): ExamAttempt {
    return {
      attemptId: randomUUID(),
      examId: 1,
      enrolmentId,
      userId: learner.userId,
      programId: COURSES.module7.id,
      attemptNo: 1,
      maxAttempts: 3,
      resultPercents: 85,
      passRate: 75,
      finishedAt: '2026-11-29T07:00:00.000Z',
      finishedBy: 'learner',
      ...overrides,
    };
  }

  /** Publishes `exam.passed` and waits until the certificates consumer handled it. */
  async function pass(data: ExamAttempt, eventId?: string) {
    const envelope = await kit.publish(ExamPassedEvent, data, eventId);
    await kit.handled(CERTIFICATE_CONSUMERS.examPassed, envelope.id);
    return envelope;
  }

  const issuedTo = async (userId: string) => (await kit.outbox<CertificateIssued>('certificate.issued')).filter((e) => e.userId === userId);
  const myCourses = (learner: TestLearner) => kit.as(learner, (rpc) => rpc.call(ExamsRpc.MyCourses, {}));

  it('a passed exam issues one certificate, however often exam.passed comes for the enrolment', async () => {
    const learner = await kit.learner();
    const enrolment = kit.enrolment(learner);
    await kit.enrol(enrolment);
    const attempt = passed(learner, enrolment.enrolmentId);
    const first = await pass(attempt);
    // Redelivered (the same event: the inbox), republished under a new id, and another passed attempt of the same enrolment.
    await pass(attempt, first.id);
    await pass(attempt);
    await pass({ ...attempt, attemptId: randomUUID(), attemptNo: 2, resultPercents: 95 });

    const issued = await issuedTo(learner.userId);
    expect(issued).toEqual([
      {
        number: expect.stringMatching(/^AMA-2026-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/),
        userId: learner.userId,
        programId: COURSES.module7.id,
        courseName: COURSES.module7.name,
        enrolmentId: enrolment.enrolmentId,
        attemptId: attempt.attemptId,
        resultPercents: 85,
        issuedAt: '2026-11-29T07:00:00.000Z',
      },
    ]);
    const [{ number }] = issued;
    expect((await kit.db.query('SELECT count(*)::int AS n FROM exams.certificates WHERE enrolment_id = $1', [enrolment.enrolmentId]))[0].n).toBe(1);

    // The learner reads it whole; My courses carries its number.
    const mine = await kit.as(learner, (rpc) => rpc.call(CertificatesRpc.Get, { number }));
    expect(mine.data).toMatchObject({ number, status: 'valid', learner_name: 'Lena Berg', course_name: COURSES.module7.name, result_percents: 85, revoked_at: null });
    expect((await myCourses(learner)).data.find((e) => e.id === enrolment.enrolmentId)?.certificate_number).toBe(number);

    // The issue is in the exam audit trail, by the system.
    const audit = await kit.db.query(`SELECT actor, detail FROM exams.exam_audit WHERE user_id = $1 AND action = 'certificate_issued'`, [learner.userId]);
    expect(audit).toEqual([{ actor: 'system', detail: `certificate ${number}, result 85 %` }]);
  });

  it('anyone verifies a number: valid, the name, the course and the date only; an unknown number is not found', async () => {
    const learner = await kit.learner();
    const enrolment = kit.enrolment(learner);
    await kit.enrol(enrolment);
    await pass(passed(learner, enrolment.enrolmentId));
    const [{ number }] = await issuedTo(learner.userId);

    const anyone = await kit.rpc.call(CertificatesRpc.Verify, { number: number.toLowerCase() });
    expect(anyone).toEqual({
      data: { number, status: 'valid', learner_name: 'Lena Berg', course_name: COURSES.module7.name, issued_at: '2026-11-29T07:00:00.000Z', revoked_at: null },
    });
    for (const unknown of ['AMA-2026-2222-2222', 'not a number', '']) {
      expect(await rejection(kit.rpc.call(CertificatesRpc.Verify, { number: unknown }))).toMatchObject({ status: 404, message: 'Certificate not found.' });
    }
  });

  it("another learner does not find someone's certificate; an administrator reads it", async () => {
    const learner = await kit.learner();
    const other = await kit.learner();
    const enrolment = kit.enrolment(learner);
    await kit.enrol(enrolment);
    await pass(passed(learner, enrolment.enrolmentId));
    const [{ number }] = await issuedTo(learner.userId);
    expect(await rejection(kit.as(other, (rpc) => rpc.call(CertificatesRpc.Get, { number })))).toMatchObject({ status: 404, message: 'Certificate not found.' });
    expect((await kit.as(ADMIN, (rpc) => rpc.call(CertificatesRpc.Get, { number }))).data.user_id).toBe(learner.userId);
  });

  it('an administrator revokes with a reason, once: the verification says revoked with the date, My courses drops the number', async () => {
    const learner = await kit.learner();
    const enrolment = kit.enrolment(learner);
    await kit.enrol(enrolment);
    await pass(passed(learner, enrolment.enrolmentId));
    const [{ number }] = await issuedTo(learner.userId);

    expect(await rejection(kit.as(learner, (rpc) => rpc.call(CertificatesRpc.Revoke, { number, reason: 'mine' })))).toMatchObject({ status: 403 });
    expect(await rejection(kit.as(ADMIN, (rpc) => rpc.call(CertificatesRpc.Revoke, { number, reason: '  ' })))).toMatchObject({
      status: 422,
      errors: { reason: ['The reason is required.'] },
    });
    expect(await rejection(kit.as(ADMIN, (rpc) => rpc.call(CertificatesRpc.Revoke, { number: 'AMA-2026-2222-2222', reason: 'x' })))).toMatchObject({ status: 404 });

    const revoked = await kit.as(ADMIN, (rpc) => rpc.call(CertificatesRpc.Revoke, { number, reason: 'Exam taken by someone else' }));
    expect(revoked).toMatchObject({ message: 'The certificate was revoked.', data: { number, status: 'revoked', revoke_reason: 'Exam taken by someone else' } });
    expect(await rejection(kit.as(ADMIN, (rpc) => rpc.call(CertificatesRpc.Revoke, { number, reason: 'again' })))).toMatchObject({
      status: 409,
      message: 'This certificate is already revoked.',
    });

    const verified = await kit.rpc.call(CertificatesRpc.Verify, { number });
    expect(verified.data).toMatchObject({ status: 'revoked', revoked_at: revoked.data.revoked_at, learner_name: 'Lena Berg' });
    expect(verified.data).not.toHaveProperty('revoke_reason');
    expect((await myCourses(learner)).data.find((e) => e.id === enrolment.enrolmentId)?.certificate_number).toBeNull();

    // A redelivered exam.passed does not issue it again.
    await pass(passed(learner, enrolment.enrolmentId));
    expect(await issuedTo(learner.userId)).toHaveLength(1);
  });
});
