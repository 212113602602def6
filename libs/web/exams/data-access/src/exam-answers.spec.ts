import { afterEach, describe, expect, it } from '@jest/globals';
import type { ExamQuestion } from '@aero/contracts';
import { completionChoices, pendingStorageKey, readPendingAnswers, savedAnswers, unansweredCount, writePendingAnswers } from './exam-answers.js';

function question(n: number, student_answer: ExamQuestion['student_answer'] = null): ExamQuestion {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    index: n,
    question: `Question ${n}?`,
    A: 'a',
    B: 'b',
    C: 'c',
    student_answer,
    answered: student_answer !== null,
    correct: null,
    correct_answer: null,
  };
}

describe('the answers of an attempt', () => {
  afterEach(() => localStorage.clear());

  it("resumes with the server's student_answer of each question", () => {
    const questions = [question(1, 'B'), question(2), question(3, 'C')];
    expect(savedAnswers(questions)).toEqual({ [questions[0].id]: 'B', [questions[2].id]: 'C' });
    expect(unansweredCount(questions, savedAnswers(questions))).toBe(1);
  });

  it('completes with every question of the attempt, an unanswered one as null', () => {
    const questions = [question(1), question(2)];
    expect(completionChoices(questions, { [questions[1].id]: 'A' })).toEqual([
      { id: questions[0].id, choice: null },
      { id: questions[1].id, choice: 'A' },
    ]);
  });

  it('keeps the answers not yet sent per attempt in local storage, and only letters A, B or C', () => {
    const key = pendingStorageKey(1007, 1, 2);
    expect(key).toBe('exam-pending:1007:1:2');
    expect(readPendingAnswers(key)).toEqual({});
    writePendingAnswers(key, { q1: 'A' });
    expect(readPendingAnswers(key)).toEqual({ q1: 'A' });
    expect(readPendingAnswers(pendingStorageKey(1007, 1, 3))).toEqual({});
    localStorage.setItem(key, JSON.stringify({ q1: 'D', q2: 'C', q3: 7 }));
    expect(readPendingAnswers(key)).toEqual({ q2: 'C' });
    localStorage.setItem(key, 'not json');
    expect(readPendingAnswers(key)).toEqual({});
    writePendingAnswers(key, {});
    expect(localStorage.getItem(key)).toBeNull();
  });
});
