import type { ExamChoice, ExamQuestion, QuizChoice } from '@aero/contracts';

/** The letter chosen for each question id. */
export type ExamAnswers = Record<string, QuizChoice>;

/** The answers the server holds for the attempt (its `student_answer`s): what a reload resumes with. */
export function savedAnswers(questions: readonly ExamQuestion[]): ExamAnswers {
  const answers: ExamAnswers = {};
  for (const question of questions) if (question.student_answer) answers[question.id] = question.student_answer;
  return answers;
}

/** How many questions of the attempt have no answer on the page. */
export function unansweredCount(questions: readonly ExamQuestion[], answers: ExamAnswers): number {
  return questions.filter((question) => !answers[question.id]).length;
}

/** `choices` of the complete call: every question of the attempt with its letter, or null when unanswered. */
export function completionChoices(questions: readonly ExamQuestion[], answers: ExamAnswers): ExamChoice[] {
  return questions.map((question) => ({ id: question.id, choice: answers[question.id] ?? null }));
}

/**
 * Answers chosen but not yet accepted by the server (offline, or the connection lost) are kept in
 * the browser's local storage for the attempt, so that a reload before the connection is back
 * still sends them; they are dropped once accepted, refused, or the attempt is over.
 */
export function pendingStorageKey(courseId: number, examId: number, attemptNo: number): string {
  return `exam-pending:${courseId}:${examId}:${attemptNo}`;
}

const LETTERS: readonly string[] = ['A', 'B', 'C'];

export function readPendingAnswers(key: string): ExamAnswers {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    return Object.fromEntries(
      Object.entries(stored as Record<string, unknown>).filter((entry): entry is [string, QuizChoice] => typeof entry[1] === 'string' && LETTERS.includes(entry[1])),
    );
  } catch {
    return {};
  }
}

export function writePendingAnswers(key: string, pending: ExamAnswers): void {
  try {
    if (Object.keys(pending).length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(pending));
  } catch {
    // Storage refused (private mode, full): the answers stay on the page only.
  }
}
