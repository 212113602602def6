import { ExamsRpc, type QuestionAnswered, type QuestionAsked } from '@aero/contracts';
import { testKit } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { COURSES, day, ExamsKit, INSTRUCTOR, rejection, type TestLearner } from './support/exams-test-kit.js';

describe('questions to the instructor (issue 14)', () => {
  const kit = testKit(() => ExamsKit.start(), 120_000);

  const course = COURSES.module7.id;
  const ask = (learner: TestLearner, body: Record<string, unknown>, courseId: number = course) => kit.as(learner, (rpc) => rpc.call(ExamsRpc.AskQuestion, { courseId, ...body }));
  const list = (learner: TestLearner, limit?: number, courseId: number = course) => kit.as(learner, (rpc) => rpc.call(ExamsRpc.ListQuestions, { courseId, limit }));
  const instructorList = (request: Record<string, unknown> = {}) => kit.as(INSTRUCTOR, (rpc) => rpc.call(ExamsRpc.InstructorQuestions, request));
  const answer = (id: string, text: unknown) => kit.as(INSTRUCTOR, (rpc) => rpc.call(ExamsRpc.AnswerQuestion, { id, answer: text }));

  async function enrolled(options: Parameters<ExamsKit['enrolment']>[1] = {}) {
    const learner = await kit.learner();
    const data = kit.enrolment(learner, options);
    await kit.enrol(data);
    return { learner, enrolmentId: data.enrolmentId };
  }

  it('asking: the form is checked field by field (422), the enrolment must be the caller’s own in the course', async () => {
    const { learner, enrolmentId } = await enrolled();
    expect(await rejection(ask(learner, {}))).toMatchObject({
      status: 422,
      errors: { topic: ['The topic is required.'], question: ['The question is required.'], schedule_id: ['The course enrolment is required.'] },
    });
    expect(await rejection(ask(learner, { topic: 't'.repeat(121), question: 'q'.repeat(2001), schedule_id: enrolmentId }))).toMatchObject({
      status: 422,
      errors: { topic: ['The topic must have up to 120 characters.'], question: ['The question must have up to 2000 characters.'] },
    });
    const other = await enrolled();
    expect(await rejection(ask(learner, { topic: 'Torque', question: 'Why?', schedule_id: other.enrolmentId }))).toMatchObject({
      status: 422,
      errors: { schedule_id: ['The course enrolment is invalid.'] },
    });
    expect(await rejection(ask(learner, { topic: 'Torque', question: 'Why?', schedule_id: enrolmentId }, COURSES.part145.id))).toMatchObject({ status: 422 });
    const ended = await enrolled({ availableTill: day(-1) });
    expect(await rejection(ask(ended.learner, { topic: 'Late', question: 'Still there?', schedule_id: ended.enrolmentId }))).toMatchObject({ status: 403, code: 'course.content_ended' });
  });

  it('the learner’s questions, newest first, 5 at a time and 5 more on load more; only their own', async () => {
    const { learner, enrolmentId } = await enrolled();
    const asked: string[] = [];
    for (let i = 1; i <= 7; i++) {
      const created = await ask(learner, { topic: `Topic ${i}`, question: `Question ${i}?\nWith a second line.`, schedule_id: enrolmentId });
      expect(created).toEqual({
        success: true,
        data: { id: expect.any(String), topic: `Topic ${i}`, question: `Question ${i}?\nWith a second line.`, answer: null, date: expect.any(String), answered_at: null, schedule_id: enrolmentId },
      });
      asked.unshift(created.data.id);
    }
    const first = await list(learner);
    expect(first.data.map((q) => q.id)).toEqual(asked.slice(0, 5));
    expect(first.meta).toEqual({ pagination: { total: 7 } });
    expect((await list(learner, 10)).data.map((q) => q.id)).toEqual(asked);
    expect(await rejection(list(learner, 0))).toMatchObject({ status: 422, errors: { limit: ['The limit must be a whole number from 1 to 500.'] } });
    const other = await enrolled();
    expect(await list(other.learner)).toEqual({ data: [], meta: { pagination: { total: 0 } } });
    const sent = (await kit.outbox<QuestionAsked>('question.asked')).filter((e) => e.userId === learner.userId);
    expect(sent).toHaveLength(7);
    expect(sent[0]).toMatchObject({ programId: course, courseName: COURSES.module7.name, learnerName: 'Lena Berg', enrolmentId });
  });

  it('the instructor lists open questions oldest first, answers each once (409 after); the learner reads the answer', async () => {
    const { learner, enrolmentId } = await enrolled();
    const { data: question } = await ask(learner, { topic: 'Safety wire', question: 'How many turns per inch?', schedule_id: enrolmentId });
    const open = await instructorList({ per_page: 50 });
    const row = open.data.find((q) => q.id === question.id);
    expect(row).toEqual({
      id: question.id,
      course_id: course,
      course_name: COURSES.module7.name,
      topic: 'Safety wire',
      question: 'How many turns per inch?',
      asked_by_name: 'Lena Berg',
      date: question.date,
      answer: null,
      answered_at: null,
    });
    expect(open.meta.pagination).toMatchObject({ per_page: 50, current_page: 1 });
    const dates = open.data.map((q) => q.date);
    expect([...dates].sort()).toEqual(dates);

    expect(await rejection(answer(question.id, ''))).toMatchObject({ status: 422, errors: { answer: ['The answer is required.'] } });
    const answered = await answer(question.id, 'Six to eight turns per inch, as the maintenance manual says.');
    expect(answered.data).toMatchObject({ id: question.id, answer: 'Six to eight turns per inch, as the maintenance manual says.', answered_at: expect.any(String), schedule_id: enrolmentId });
    expect(await rejection(answer(question.id, 'Again'))).toMatchObject({ status: 409, code: 'question.already_answered' });
    expect(await rejection(answer('0b8c6b52-6f5e-4d9a-9d52-2a8f4f1b8c11', 'Nobody'))).toMatchObject({ status: 404 });

    expect((await instructorList({ per_page: 50 })).data.some((q) => q.id === question.id)).toBe(false);
    expect((await instructorList({ status: 'answered' })).data[0]).toMatchObject({ id: question.id });
    expect((await list(learner)).data[0]).toMatchObject({ id: question.id, answer: 'Six to eight turns per inch, as the maintenance manual says.' });

    const events = (await kit.outbox<QuestionAnswered>('question.answered')).filter((e) => e.questionId === question.id);
    expect(events).toEqual([
      expect.objectContaining({ userId: learner.userId, learnerEmail: learner.email, learnerName: 'Lena Berg', topic: 'Safety wire', answeredByUserId: INSTRUCTOR.userId }),
    ]);
  });

  it('only instructors (and administrators) see and answer questions; learners ask, the KYC role does not', async () => {
    const { learner, enrolmentId } = await enrolled();
    const { data: question } = await ask(learner, { topic: 'Mine', question: 'Can I answer it?', schedule_id: enrolmentId });
    expect(await rejection(kit.as(learner, (rpc) => rpc.call(ExamsRpc.InstructorQuestions, {})))).toMatchObject({ status: 403 });
    expect(await rejection(kit.as(learner, (rpc) => rpc.call(ExamsRpc.AnswerQuestion, { id: question.id, answer: 'Yes' })))).toMatchObject({ status: 403 });
    expect(await rejection(kit.as({ ...learner, roles: ['kyc'] }, (rpc) => rpc.call(ExamsRpc.ListQuestions, { courseId: course })))).toMatchObject({ status: 403 });
    expect(await rejection(instructorList({ status: 'closed' }))).toMatchObject({ status: 422, errors: { status: ['The status must be open or answered.'] } });
  });
});
