import { describe, expect, it } from '@jest/globals';
import { DEMO_EXAMS } from './demo-exams.data.js';
import { DEMO_SYLLABI } from './demo-syllabus.data.js';

describe('demo exams', () => {
  it('every demo course has an exam whose bank is at least its draw; Part-66 Module 7 draws 20 of at least 40', () => {
    expect(DEMO_EXAMS.map((exam) => exam.courseId).sort()).toEqual(DEMO_SYLLABI.map((file) => file.course.id).sort());
    for (const exam of DEMO_EXAMS) expect(exam.questions.length).toBeGreaterThanOrEqual(exam.drawSize);
    const module7 = DEMO_EXAMS.find((exam) => exam.courseId === 1007)!;
    expect(module7).toMatchObject({ drawSize: 20, passRate: 75, maxAttempts: 3, graceHours: 24, resultsVisible: true });
    expect(module7.questions.length).toBeGreaterThanOrEqual(40);
  });

  it('three different choices per question, one right; answering one letter throughout does not pass', () => {
    for (const exam of DEMO_EXAMS) {
      for (const question of exam.questions) expect(new Set([question.A, question.B, question.C]).size).toBe(3);
      for (const letter of ['A', 'B', 'C'] as const) {
        const right = exam.questions.filter((question) => question.correct === letter).length;
        expect((right * 100) / exam.questions.length).toBeLessThan(exam.passRate);
      }
    }
  });

  it('the right answer keeps its text when it moves to its letter', () => {
    const module7 = DEMO_EXAMS.find((exam) => exam.courseId === 1007)!;
    const torque = module7.questions.find((question) => question.question.startsWith('A torque wrench set to 100 lbf.in'))!;
    expect(torque[torque.correct]).toBe('Lower than 100');
  });
});
