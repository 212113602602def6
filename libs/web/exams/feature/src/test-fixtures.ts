import type { Exam, ExamQuestion, ExamResults } from '@aero/contracts';

export const COURSE_ID = 1007;
export const EXAM_ID = 3;
export const EXAM_PATH = `/api/course/${COURSE_ID}/exam/${EXAM_ID}`;
export const EXAM_PAGE = `/course/${COURSE_ID}/exam/${EXAM_ID}`;

/** The server's clock in these specs: far from the test machine's, on purpose. */
export const SERVER_NOW = '2031-05-04T10:00:00.000Z';

export function examQuestion(index: number, overrides: Partial<ExamQuestion> = {}): ExamQuestion {
  return {
    id: `a0000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    index,
    question: `Question text ${index}?`,
    A: `Answer ${index}A`,
    B: `Answer ${index}B`,
    C: `Answer ${index}C`,
    student_answer: null,
    answered: false,
    correct: null,
    correct_answer: null,
    ...overrides,
  };
}

export function questions(count: number): ExamQuestion[] {
  return Array.from({ length: count }, (_, i) => examQuestion(i + 1));
}

/** An exam the learner may begin (queued), 20 questions in 30 minutes, 3 attempts, 24 h between them. */
export function exam(overrides: Partial<Exam> = {}): Exam {
  return {
    id: EXAM_ID,
    course_id: COURSE_ID,
    state: 'queued',
    questions: [],
    is_allowed: true,
    is_queued: true,
    is_in_progress: false,
    is_in_grace_period: false,
    succeeded: false,
    failed: false,
    max_attempts: 3,
    current_attempt_no: 0,
    attempts_left: 3,
    duration: 1800,
    pass_rate: 75,
    grace_period_between_attempts: 24,
    questions_count: 20,
    end_time: null,
    current_time: SERVER_NOW,
    previousAttempt: null,
    result_percents: null,
    next_url: `/course/${COURSE_ID}`,
    is_exam_results_visible_after_exam: true,
    exam_results_url: null,
    message: null,
    ...overrides,
  };
}

/** An attempt in progress with `secondsLeft` to go by the server's clock. */
export function inProgress(secondsLeft: number, overrides: Partial<Exam> = {}): Exam {
  return exam({
    state: 'in_progress',
    is_queued: false,
    is_in_progress: true,
    current_attempt_no: 1,
    attempts_left: 2,
    questions: questions(20),
    end_time: new Date(Date.parse(SERVER_NOW) + secondsLeft * 1000).toISOString(),
    ...overrides,
  });
}

export function results(overrides: Partial<ExamResults> = {}): ExamResults {
  return {
    exam_attempt_data: { correct_answers: 2, incorrect_answers: 1, result_percents: 67, attempt_no: 1, passed: false, finished_at: SERVER_NOW },
    questions: [
      examQuestion(1, { student_answer: 'A', answered: true, correct: true, correct_answer: 'A' }),
      examQuestion(2, { student_answer: 'B', answered: true, correct: false, correct_answer: 'C' }),
      examQuestion(3, { student_answer: 'C', answered: true, correct: true, correct_answer: 'C' }),
    ],
    next_url: `/course/${COURSE_ID}`,
    ...overrides,
  };
}
