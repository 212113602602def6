import { z } from 'zod';
import { formField, formSchema, ifSent, textField, textOf, type FieldCheck } from '../common/form-schema.js';
import { isMissing, isOneOf, textLength } from '../common/request-field.js';
import { CHAPTER_COMPLETION_REASONS, LEARNING_LIMITS, LearningMessages, QUESTION_STATUSES, QUIZ_CHOICES, type ChapterCompletionReason, type QuizChoice } from './learning.js';

/*
 * The request schemas of the learning routes (learning §2 course page, quiz, Q&A tab; §7): the
 * gateway checks a request with them and the exams service checks it again with the same rules,
 * so a form shows the same words whoever found the problem.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A chapter's slug: lower-case letters, digits and dashes. */
export const CHAPTER_SLUG = /^[a-z0-9][a-z0-9-]{0,119}$/;

/** A uuid as the API writes it. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A text field of the question form: required, text, at most `max` characters as a reader counts them. */
function questionTextChecks(label: string, max: number): FieldCheck[] {
  return [
    { message: LearningMessages.required(label), breaks: (value) => textOf(value) === '' },
    { message: LearningMessages.mustBeText(label), breaks: (value) => textOf(value) === null },
    { message: LearningMessages.maxLength(label, max), breaks: (value) => textLength(textOf(value) ?? '') > max },
  ];
}

/** A page number in a query, when sent. */
const pageField = () =>
  formField<string | undefined, string | undefined>(
    ifSent([{ message: LearningMessages.pageInvalid, breaks: (value) => typeof value !== 'string' || !/^[1-9]\d{0,5}$/.test(value) }]),
    (value) => (isMissing(value) ? undefined : (value as string)),
    { type: 'integer', default: 1 },
  );

const pageSizes: readonly string[] = LEARNING_LIMITS.perPageOptions.map(String);
/** A page size in a query (10 to 50 by 10), when sent. */
const perPageField = () =>
  formField<string | undefined, string | undefined>(
    ifSent([{ message: LearningMessages.perPageInvalid, breaks: (value) => !isOneOf(value, pageSizes) }]),
    (value) => (isMissing(value) ? undefined : (value as string)),
    { type: 'integer', enum: LEARNING_LIMITS.perPageOptions, default: LEARNING_LIMITS.defaultPerPage },
  );

/** `{course_id}` in a path: the catalogue's program id. */
export const courseParamsSchema = z.object({
  course_id: z.string().regex(/^[1-9]\d{0,8}$/).meta({ description: "The catalogue's program id", example: '1007' }),
});
export type CourseParams = z.output<typeof courseParamsSchema>;

/** `{course_id}/chapter/{slug}` in a path. */
export const chapterParamsSchema = courseParamsSchema.extend({
  slug: z.string().regex(CHAPTER_SLUG).meta({ example: 'm7-1-safety-precautions' }),
});
export type ChapterParams = z.output<typeof chapterParamsSchema>;

/** `{uuid}` of `GET /api/course-progress/{uuid}`: an enrolment id. */
export const enrolmentParamsSchema = z.object({
  uuid: z.string().regex(UUID).meta({ format: 'uuid', description: 'The enrolment id' }),
});
export type EnrolmentParams = z.output<typeof enrolmentParamsSchema>;

/** `{id}` of an instructor's question route. */
export const questionParamsSchema = z.object({
  id: z.string().regex(UUID).meta({ format: 'uuid' }),
});
export type QuestionParams = z.output<typeof questionParamsSchema>;

/** `GET /api/my-courses/history`: page and page size. */
export const courseHistoryQuerySchema = z.object({ page: pageField(), per_page: perPageField() });
export type CourseHistoryQuery = z.output<typeof courseHistoryQuerySchema>;

/** `POST /api/course/{course_id}/chapter/{slug}/complete`: why the chapter is done. */
export const chapterCompleteBodySchema = z.object({
  reason: formField<ChapterCompletionReason, ChapterCompletionReason>(
    [{ message: LearningMessages.reasonInvalid, breaks: (value) => !isOneOf(value, CHAPTER_COMPLETION_REASONS) }],
    (value) => value as ChapterCompletionReason,
    { type: 'string', enum: CHAPTER_COMPLETION_REASONS, required: true },
  ),
});
export type ChapterCompleteBody = z.input<typeof chapterCompleteBodySchema>;

/** `POST /api/course/{course_id}/chapter/{slug}/quiz/answer`: one answer of a practice quiz. */
export const quizAnswerBodySchema = z.object({
  question_id: formField<string, string>(
    [{ message: LearningMessages.quizQuestionNotFound, breaks: (value) => !isUuid(value) }],
    (value) => (value as string).toLowerCase(),
    { type: 'string', format: 'uuid', required: true },
  ),
  choice: formField<QuizChoice, QuizChoice>([{ message: LearningMessages.choiceInvalid, breaks: (value) => !isOneOf(value, QUIZ_CHOICES) }], (value) => value as QuizChoice, {
    type: 'string',
    enum: QUIZ_CHOICES,
    required: true,
  }),
});
export type QuizAnswerBody = z.input<typeof quizAnswerBodySchema>;

/** `GET /api/course/{course_id}/questions?limit=5`: how many of the newest questions (load more: limit + 5). */
export const questionListQuerySchema = z.object({
  limit: formField<number, string | undefined>(
    ifSent([
      {
        message: LearningMessages.limitInvalid,
        breaks: (value) => typeof value !== 'string' || !/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > LEARNING_LIMITS.questionsMaxLimit,
      },
    ]),
    (value) => (isMissing(value) ? LEARNING_LIMITS.questionsPageSize : Number(value)),
    { type: 'integer', default: LEARNING_LIMITS.questionsPageSize, minimum: 1, maximum: LEARNING_LIMITS.questionsMaxLimit },
  ),
});
export type QuestionListQuery = z.output<typeof questionListQuerySchema>;

/**
 * `POST /api/course/{course_id}/questions` (learning §2 Questions and answers tab, §5): topic
 * (required, up to 120 characters), question (required, up to 2000) and schedule_id, the
 * learner's enrolment in the course.
 */
export const askQuestionRequestSchema = formSchema({
  topic: textField(questionTextChecks('topic', LEARNING_LIMITS.topicMaxLength), { maxLength: LEARNING_LIMITS.topicMaxLength, required: true }),
  question: textField(questionTextChecks('question', LEARNING_LIMITS.questionMaxLength), { maxLength: LEARNING_LIMITS.questionMaxLength, required: true }),
  schedule_id: textField(
    [
      { message: LearningMessages.required('course enrolment'), breaks: (value) => textOf(value) === '' },
      { message: LearningMessages.scheduleInvalid, breaks: (value) => textOf(value) !== '' && !isUuid(textOf(value)) },
    ],
    { format: 'uuid', description: 'The enrolment id (Enrolment.id)', required: true },
  ),
});
export type AskQuestionRequest = z.input<typeof askQuestionRequestSchema>;

/** `GET /api/instructor/questions`: open or answered questions, a page of them. */
export const instructorQuestionsQuerySchema = z.object({
  status: formField<string | undefined, string | undefined>(
    ifSent([{ message: LearningMessages.statusInvalid, breaks: (value) => !isOneOf(value, QUESTION_STATUSES) }]),
    (value) => (isMissing(value) ? undefined : (value as string)),
    { type: 'string', enum: QUESTION_STATUSES, default: 'open' },
  ),
  page: pageField(),
  per_page: perPageField(),
});
export type InstructorQuestionsQuery = z.output<typeof instructorQuestionsQuerySchema>;

/** `POST /api/instructor/questions/{id}/answer`: the instructor's answer (required, up to 5000 characters). */
export const answerQuestionRequestSchema = formSchema({
  answer: textField(questionTextChecks('answer', LEARNING_LIMITS.answerMaxLength), { maxLength: LEARNING_LIMITS.answerMaxLength, required: true }),
});
export type AnswerQuestionRequest = z.input<typeof answerQuestionRequestSchema>;
