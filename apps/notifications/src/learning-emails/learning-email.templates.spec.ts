import type { ExamRetryAvailable, QuestionAnswered } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { examRetryAvailableEmail, questionAnsweredEmail } from './learning-email.templates.js';

const answered: QuestionAnswered = {
  questionId: '6d7c4a52-52bb-4f0f-9d8e-7c1f2f0e9a11',
  enrolmentId: '0b8c6b52-6f5e-4d9a-9d52-2a8f4f1b8c11',
  userId: 'u1',
  learnerEmail: 'lena@example.com',
  learnerName: 'Lena <Berg>',
  programId: 1007,
  courseName: 'Part-66 Module 7: Maintenance Practices',
  topic: 'Safety wire',
  question: 'How many turns per inch?',
  answer: 'Six to eight.',
  askedAt: '2026-11-20T10:00:00Z',
  answeredAt: '2026-11-21T10:00:00Z',
  courseUrl: 'https://academy.example/course/1007',
  answeredByUserId: 'i1',
};

describe('learning e-mails (issue 14)', () => {
  it('the answer goes to the learner once per question (the key names the question), with the question, the answer and the course link', () => {
    const email = questionAnsweredEmail(answered);
    expect(email.key).toBe(`question-answered:${answered.questionId}`);
    expect(email.to).toBe('lena@example.com');
    expect(email.subject).toBe('The instructor answered your question about Part-66 Module 7: Maintenance Practices - AeroMaint Academy');
    expect(email.text).toContain('Safety wire\nHow many turns per inch?');
    expect(email.text).toContain('The answer:\nSix to eight.');
    expect(email.text).toContain('https://academy.example/course/1007');
    expect(email.text).toContain('20 November 2026');
    expect(email.html).toContain('Lena &lt;Berg&gt;');
  });
});

describe('exam e-mails (issue 15)', () => {
  const retry: ExamRetryAvailable = {
    attemptId: '9a1f6c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    examId: 1,
    enrolmentId: '0b8c6b52-6f5e-4d9a-9d52-2a8f4f1b8c11',
    userId: 'u1',
    learnerEmail: 'lena@example.com',
    programId: 1007,
    courseName: 'Part-66 Module 7: Maintenance Practices',
    nextAttemptNo: 2,
    maxAttempts: 3,
    availableAt: '2026-11-30T09:15:00.000Z',
    examUrl: 'https://academy.example/course/1007/exam/1',
  };

  it('the next attempt available: once per failed attempt (the key names it), with the attempt number and the exam link', () => {
    const email = examRetryAvailableEmail(retry);
    expect(email.key).toBe(`exam-retry-available:${retry.attemptId}`);
    expect(email.to).toBe('lena@example.com');
    expect(email.subject).toBe('You can take the exam of Part-66 Module 7: Maintenance Practices again - AeroMaint Academy');
    expect(email.text).toContain('You may now begin attempt 2 of 3.');
    expect(email.text).toContain('30 November 2026');
    expect(email.text).toContain('https://academy.example/course/1007/exam/1');
  });
});
