import type { QuestionAnswered } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { questionAnsweredEmail } from './learning-email.templates.js';

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
