import { z } from 'zod';
import { formField } from '../common/form-schema.js';
import { isOneOf } from '../common/request-field.js';
import { LearningErrorCode, QUIZ_CHOICES, type QuizChoice } from './learning.js';

/*
 * Exams (spec: learning §2 exam screens, §3 Exam, Exam question, Exam results, §4 Exam, §5, §7
 * exam calls, §8 Exam, §9). The exams service holds the clock: an attempt's deadline is set when
 * it begins and every time in these answers comes from the server.
 *
 * Units:
 * - `duration`: seconds (whole), the length of one attempt.
 * - `grace_period_between_attempts`: hours, as the exam is defined (may be a fraction of an hour
 *   when a test shortens it); `previousAttempt.time_till_next_attempt`: whole seconds left.
 * - `pass_rate`, `result_percents`: whole percents 0 to 100 (a result passes when >= pass_rate).
 * - `end_time`, `current_time`, `finished_at`: ISO 8601 in UTC (`2026-11-29T07:00:00.000Z`). The
 *   countdown is `end_time - current_time`, counted down by the browser from the moment it read
 *   the answer (never from the browser's own clock).
 *
 * Correct answers (`correct`, `correct_answer`) are null in every answer before the attempt is
 * complete, and afterwards unless the exam shows its results after the exam
 * (`is_exam_results_visible_after_exam`).
 */

/** Where an exam stands for the learner; exactly one of the exam's `is_*`/`succeeded`/`failed` flags matches it. */
export const EXAM_STATES = ['not_allowed', 'queued', 'in_progress', 'grace_period', 'succeeded', 'failed'] as const;
export type ExamState = (typeof EXAM_STATES)[number];

/** Who finished an attempt: the learner (complete), or the server at the deadline. */
export const EXAM_FINISHERS = ['learner', 'deadline'] as const;
export type ExamFinisher = (typeof EXAM_FINISHERS)[number];

/** What the audit trail records (with the time and the actor). */
export const EXAM_AUDIT_ACTIONS = ['begin', 'answer', 'complete', 'auto_complete', 'retry_available', 'certificate_issued'] as const;
export type ExamAuditAction = (typeof EXAM_AUDIT_ACTIONS)[number];

/** Defaults of an exam definition (EASA Part-66: pass mark 75 %). */
export const EXAM_DEFAULTS = {
  passRate: 75,
  maxAttempts: 3,
  /** Questions drawn for one attempt. */
  drawSize: 20,
  /** Seconds. */
  durationSeconds: 30 * 60,
  graceHours: 24,
  /** The most answers one complete request carries. */
  maxChoices: 500,
} as const;

/** Error codes of the exam calls (stable for clients; part of `LearningErrorCode`). */
export const ExamErrorCode = {
  Validation: LearningErrorCode.Validation,
  NotFound: LearningErrorCode.ExamNotFound,
  CannotStart: LearningErrorCode.ExamCannotStart,
  CannotAcceptAnswer: LearningErrorCode.ExamCannotAcceptAnswer,
  NotAllowedToBegin: LearningErrorCode.ExamNotAllowedToBegin,
  NoMoreAttempts: LearningErrorCode.ExamNoMoreAttempts,
  AnswerLetterInvalid: LearningErrorCode.ExamAnswerLetterInvalid,
  NotEnoughQuestions: LearningErrorCode.ExamNotEnoughQuestions,
  ResultsNotVisible: LearningErrorCode.ExamResultsNotVisible,
  NoCompletedAttempt: LearningErrorCode.ExamNoCompletedAttempt,
  Forbidden: LearningErrorCode.Forbidden,
} as const;
export type ExamErrorCode = (typeof ExamErrorCode)[keyof typeof ExamErrorCode];

/**
 * The words of the exam answers. The six refusals of the spec (learning §8 Exam: "Cannot start;
 * cannot accept answer; not allowed to begin; no more attempts left; answer letter invalid; not
 * enough exam questions") each keep the spec's words, made a sentence (docs/decisions.md).
 */
export const ExamMessages = {
  /** Begin refused: an attempt is not available now (the grace period runs, or the exam was passed). */
  cannotStart: 'Cannot start the exam.',
  /** An answer (or a completion) refused: no attempt in progress, its deadline passed, or the question is not in it. */
  cannotAcceptAnswer: 'Cannot accept the answer.',
  /** Begin refused: the learner may not take this exam (not enrolled, the access ended, the course failed). */
  notAllowedToBegin: 'Not allowed to begin the exam.',
  /** Begin refused: every attempt was used. */
  noMoreAttemptsLeft: 'No more attempts left.',
  /** A choice that is not A, B or C. */
  answerLetterInvalid: 'Answer letter invalid: choose A, B or C.',
  /** The question bank holds fewer questions than an attempt draws. */
  notEnoughExamQuestions: 'Not enough exam questions.',
  /** The failed screen once every attempt failed (learning §4: the course must be bought again). */
  mustBuyAgain: 'You have used every attempt of this exam. To sit it again, buy the course again.',
  /** Shown when the time ran out (learning §4). */
  timeEnded: 'The time for this exam has ended. Your answers were submitted.',
  /** The answer of each accepted answer (learning §4: "an accepted flash is shown"). */
  answerAccepted: 'Answer saved.',
  examNotFound: 'Exam not found.',
  resultsNotVisible: 'The results of this exam are not shown after the exam.',
  noCompletedAttempt: 'There are no results yet: no attempt of this exam is completed.',
  questionIdInvalid: 'No such question in this attempt.',
  choicesInvalid: `The choices must be a list of at most ${EXAM_DEFAULTS.maxChoices} answers, each an id and a choice.`,
  userIdRequired: 'The user_id is required.',
  forbidden: 'You are not allowed to do this.',
} as const;

/** `/course/{course_id}/exam/{exam_id}`: the exam screen. */
export function examUrl(courseId: number, examId: number): string {
  return `/course/${courseId}/exam/${examId}`;
}

/** `/course/{course_id}/exam/{exam_id}/results`: the results screen. */
export function examResultsUrl(courseId: number, examId: number): string {
  return `${examUrl(courseId, examId)}/results`;
}

const isoDateTime = () => z.string().meta({ format: 'date-time', example: '2026-11-29T07:00:00.000Z' });
const percent = () => z.number().int().min(0).max(100);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A question of an attempt (spec: learning §3 Exam question). `id` is the question's id in the
 * bank (the `question_id` of an answer); `index` its place in the attempt, from 1. `correct` and
 * `correct_answer` are null until the attempt is complete and only filled when results are
 * visible; `correct` is false for an unanswered question then.
 */
export const examQuestionSchema = z.object({
  id: z.string().meta({ format: 'uuid' }),
  index: z.number().int().min(1),
  question: z.string(),
  A: z.string(),
  B: z.string(),
  C: z.string(),
  student_answer: z.enum(QUIZ_CHOICES).nullable(),
  answered: z.boolean(),
  correct: z.boolean().nullable(),
  /** The right letter (results screen: the mark on the correct answer); null while hidden. */
  correct_answer: z.enum(QUIZ_CHOICES).nullable(),
});
export type ExamQuestion = z.infer<typeof examQuestionSchema>;

/** The attempt before the current state (spec: previousAttempt), null when none was completed. */
export const previousAttemptSchema = z.object({
  /** Whole seconds until the next attempt may begin; 0 when it may begin now (or no attempt is left). */
  time_till_next_attempt: z.number().int().min(0),
  /** The previous attempt's result in percent. */
  result: percent(),
});
export type PreviousAttempt = z.infer<typeof previousAttemptSchema>;

/**
 * The exam as the learner sees it now (spec: learning §3 Exam). `state` says which screen to
 * show: `not_allowed` (is_allowed false), `queued` (intro and Begin), `in_progress` (the
 * questionnaire: `questions` are the attempt's, with the answers saved so far; `end_time` its
 * deadline), `grace_period` (the previous attempt failed, the next one waits
 * `previousAttempt.time_till_next_attempt`), `succeeded`, `failed` (every attempt failed: the
 * course must be bought again, `message` says so). `questions` is empty outside `in_progress`;
 * the results call answers the completed attempt's questions.
 */
export const examSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  state: z.enum(EXAM_STATES),
  questions: z.array(examQuestionSchema),
  is_allowed: z.boolean(),
  is_queued: z.boolean(),
  is_in_progress: z.boolean(),
  is_in_grace_period: z.boolean(),
  succeeded: z.boolean(),
  failed: z.boolean(),
  max_attempts: z.number().int().min(1),
  /** The attempt in progress, else the last one taken; 0 before the first. */
  current_attempt_no: z.number().int().min(0),
  /** Attempts the learner may still begin (not counting one in progress). */
  attempts_left: z.number().int().min(0),
  /** Seconds of one attempt. */
  duration: z.number().int().min(1),
  /** Percent needed to pass. */
  pass_rate: percent(),
  /** Hours between a failed attempt and the next. */
  grace_period_between_attempts: z.number().min(0),
  /** Questions drawn for an attempt. */
  questions_count: z.number().int().min(1),
  /** The deadline of the attempt in progress (ISO, UTC); null otherwise. */
  end_time: isoDateTime().nullable(),
  /** The server's time of this answer (ISO, UTC). */
  current_time: isoDateTime(),
  previousAttempt: previousAttemptSchema.nullable(),
  /** The last completed attempt's result in percent; null before one. */
  result_percents: percent().nullable(),
  /** Proceed: the course page. */
  next_url: z.string().meta({ example: '/course/1007' }),
  is_exam_results_visible_after_exam: z.boolean(),
  /** The results screen, when results are visible and an attempt was completed; else null. */
  exam_results_url: z.string().nullable().meta({ example: '/course/1007/exam/1/results' }),
  /** A line for the screen: why it is not allowed, or that the course must be bought again; else null. */
  message: z.string().nullable(),
});
export type Exam = z.infer<typeof examSchema>;

/** `GET`, `POST .../begin`, `.../answer`, `.../complete`: `{ data: exam }`. */
export const examAnswerSchema = z.object({ data: examSchema });
export type ExamAnswer = z.infer<typeof examAnswerSchema>;

/** The last completed attempt's figures (spec: learning §3 Exam results, exam_attempt_data). */
export const examAttemptDataSchema = z.object({
  correct_answers: z.number().int().min(0),
  incorrect_answers: z.number().int().min(0).meta({ description: 'Wrong and unanswered questions' }),
  result_percents: percent(),
  attempt_no: z.number().int().min(1),
  passed: z.boolean(),
  finished_at: isoDateTime(),
});
export type ExamAttemptData = z.infer<typeof examAttemptDataSchema>;

/** `GET .../results`: `{ data: exam results }`, every question with its `correct` and `correct_answer`. */
export const examResultsSchema = z.object({
  exam_attempt_data: examAttemptDataSchema,
  questions: z.array(examQuestionSchema),
  next_url: z.string(),
});
export type ExamResults = z.infer<typeof examResultsSchema>;
export const examResultsAnswerSchema = z.object({ data: examResultsSchema });
export type ExamResultsAnswer = z.infer<typeof examResultsAnswerSchema>;

/** `{course_id}/exam/{exam_id}` in a path. */
export const examParamsSchema = z.object({
  course_id: z.string().regex(/^[1-9]\d{0,8}$/).meta({ description: "The catalogue's program id", example: '1007' }),
  exam_id: z.string().regex(/^[1-9]\d{0,8}$/).meta({ example: '1' }),
});
export type ExamParams = z.output<typeof examParamsSchema>;

const isUuidText = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
const isChoice = (value: unknown): value is QuizChoice => isOneOf(value, QUIZ_CHOICES);

/** `POST .../answer`: one answer, saved as chosen (a later answer to the same question replaces it). */
export const examAnswerBodySchema = z.object({
  question_id: formField<string, string>(
    [{ message: ExamMessages.questionIdInvalid, breaks: (value) => !isUuidText(value) }],
    (value) => (value as string).toLowerCase(),
    { type: 'string', format: 'uuid', required: true },
  ),
  choice: formField<QuizChoice, QuizChoice>([{ message: ExamMessages.answerLetterInvalid, breaks: (value) => !isChoice(value) }], (value) => value as QuizChoice, {
    type: 'string',
    enum: QUIZ_CHOICES,
    required: true,
  }),
});
export type ExamAnswerBody = z.input<typeof examAnswerBodySchema>;

/** One answer of a completion: the question and the letter (null: left unanswered). */
export interface ExamChoice {
  id: string;
  choice: QuizChoice | null;
}

function isChoiceList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length <= EXAM_DEFAULTS.maxChoices &&
    value.every((item) => typeof item === 'object' && item !== null && isUuidText((item as { id?: unknown }).id))
  );
}

function hasInvalidLetter(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  return value.some((item) => {
    const choice = (item as { choice?: unknown } | null)?.choice;
    return choice !== null && choice !== undefined && !isChoice(choice);
  });
}

/**
 * `POST .../complete`: `choices`, the answers the page holds (`[{ id, choice }]`), saved with the
 * completion (the answers already saved stay unless a choice replaces them). An absent list is
 * an empty one; a letter that is not A, B or C refuses the whole request.
 */
export const examCompleteBodySchema = z.object({
  choices: formField<ExamChoice[], ExamChoice[] | undefined>(
    [
      { message: ExamMessages.choicesInvalid, breaks: (value) => value !== undefined && value !== null && !isChoiceList(value) },
      { message: ExamMessages.answerLetterInvalid, breaks: (value) => isChoiceList(value) && hasInvalidLetter(value) },
    ],
    (value) =>
      Array.isArray(value)
        ? (value as { id: string; choice?: unknown }[]).map((item) => ({ id: item.id.toLowerCase(), choice: isChoice(item.choice) ? item.choice : null }))
        : [],
    { type: 'array', description: 'A list of { id, choice }: the question id and A, B, C or null', maxLength: EXAM_DEFAULTS.maxChoices },
  ),
});
export type ExamCompleteBody = z.input<typeof examCompleteBodySchema>;

/** `GET /api/reports/exam-audit?user_id=`: one learner's exam audit trail (CSV). */
export const examAuditQuerySchema = z.object({
  user_id: formField<string, string>(
    [{ message: ExamMessages.userIdRequired, breaks: (value) => typeof value !== 'string' || value.trim() === '' || value.length > 200 }],
    (value) => (value as string).trim(),
    { type: 'string', required: true, description: 'The learner whose exam records to export' },
  ),
});
export type ExamAuditQuery = z.output<typeof examAuditQuerySchema>;

/** One line of the exam audit trail. */
export const examAuditEntrySchema = z.object({
  at: isoDateTime(),
  action: z.enum(EXAM_AUDIT_ACTIONS),
  /** The user who acted, or `system` (the deadline and grace-period timers). */
  actor: z.string(),
  user_id: z.string(),
  course_id: z.number().int(),
  course_name: z.string(),
  exam_id: z.number().int(),
  attempt_no: z.number().int().nullable(),
  /** What was done: the question and letter of an answer, the result of a completion. */
  detail: z.string(),
});
export type ExamAuditEntry = z.infer<typeof examAuditEntrySchema>;

/** `GET /api/reports/exam-audit?user_id=`: the learner's audit trail, oldest first (`.csv`: the same as a CSV file). */
export const examAuditAnswerSchema = z.object({ data: z.array(examAuditEntrySchema) });
export type ExamAuditAnswer = z.infer<typeof examAuditAnswerSchema>;

/** The columns of the CSV export, in order. */
export const EXAM_AUDIT_COLUMNS = ['at', 'action', 'actor', 'user_id', 'course_id', 'course_name', 'exam_id', 'attempt_no', 'detail'] as const satisfies readonly (keyof ExamAuditEntry)[];

/** The most lines one export answers (a learner's every exam, attempts and answers fit many times over). */
export const EXAM_AUDIT_MAX_LINES = 20_000;

/* The event of the grace period's end (the retry e-mail), exported with the exam contracts. */
export * from '../events/exam-retry-available.event.js';
