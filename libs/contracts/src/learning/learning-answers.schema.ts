import { z } from 'zod';
import { paginationSchema } from '../common/pagination.js';
import { CHAPTER_KINDS, ENROLMENT_SOURCES, ENROLMENT_STATUSES, QUIZ_CHOICES, type ChapterKind } from './learning.js';

/*
 * The answers of the learning routes (learning §2 my courses, course page, syllabus, quiz,
 * progress modal, Q&A tab; §3 Progress entry, Question and answer, Syllabus chapter), as the
 * API document describes them. The types are the schemas' own (`z.infer`).
 */

const isoDateTime = () => z.string().meta({ format: 'date-time', example: '2026-11-20T09:30:00.000Z' });
const day = () => z.string().meta({ format: 'date', example: '2027-06-30' });
const percent = () => z.number().int().min(0).max(100);

/**
 * A learner's course (`/my-courses`, course history). `available_till` is the last day the
 * content can be opened; after it `content_ended` is true.
 */
export const enrolmentSchema = z.object({
  id: z.string().meta({ format: 'uuid', description: 'The enrolment id: `schedule_id` of questions, `{uuid}` of the course progress' }),
  course_id: z.number().int().meta({ description: "The catalogue's program id", example: 1007 }),
  name: z.string().meta({ example: 'Part-66 Module 7: Maintenance Practices' }),
  image: z.string().nullable().meta({ example: '/images/products/part-66-16by9.svg' }),
  status: z.enum(ENROLMENT_STATUSES),
  source: z.enum(ENROLMENT_SOURCES),
  available_till: day(),
  content_ended: z.boolean(),
  enrolled_at: isoDateTime(),
  started_at: isoDateTime().nullable(),
  completed_at: isoDateTime().nullable(),
  overall: percent().meta({ description: 'Chapters completed, in percent' }),
  course_url: z.string().meta({ example: '/course/1007' }),
  /** The certificate of the passed exam, while it is valid (the Download certificate link); else null. */
  certificate_number: z.string().nullable().meta({ example: 'AMA-2026-7KQ3-M9TX' }),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

/**
 * `GET /api/my-courses`: the enrolments still open (not ended, not failed); the page groups them
 * by status. `meta.held_course_ids` names every course the learning side holds for the caller,
 * listed here or only in the course history (ended, failed): My courses shows a course the seat
 * side reports only while the learning side holds none of it (decisions 32, 83), so a course
 * that left My courses does not come back from there.
 */
export const myCoursesAnswerSchema = z.object({
  data: z.array(enrolmentSchema),
  meta: z.object({
    held_course_ids: z.array(z.number().int()).meta({ description: 'Program ids of every course the caller holds an enrolment in, whatever its status', example: [1007, 2001] }),
  }),
});
export type MyCoursesAnswer = z.infer<typeof myCoursesAnswerSchema>;

/** `GET /api/my-courses/history`: every enrolment, newest first, a page of them. */
export const courseHistoryAnswerSchema = z.object({ data: z.array(enrolmentSchema), meta: z.object({ pagination: paginationSchema }) });
export type CourseHistoryAnswer = z.infer<typeof courseHistoryAnswerSchema>;

/**
 * A node of the syllabus chapter tree (spec: learning §3 Syllabus chapter, word for word, plus
 * `kind`). `is_active` marks the chapter the learner is on (the first not completed, in order; at
 * most one); hours/minutes/seconds are null when the chapter has no duration.
 */
export interface SyllabusChapter {
  slug: string;
  name: string;
  number: string;
  subtitle: string | null;
  level: number;
  children: SyllabusChapter[];
  expandable: boolean;
  is_completed: boolean;
  is_active: boolean;
  is_skippable: boolean;
  can_be_rewatched: boolean;
  is_completed_course: boolean;
  chapter_url: string;
  hours: number | null;
  minutes: number | null;
  seconds: number | null;
  kind: ChapterKind;
}

export const syllabusChapterSchema: z.ZodType<SyllabusChapter> = z.object({
  slug: z.string().meta({ example: 'm7-1-safety-precautions' }),
  name: z.string().meta({ example: 'Safety precautions: aircraft and workshop' }),
  number: z.string().meta({ example: '7.1', description: 'Its place in the tree' }),
  subtitle: z.string().nullable(),
  level: z.number().int().min(1).meta({ description: '1 for a top-level chapter' }),
  get children() {
    return z.array(syllabusChapterSchema);
  },
  expandable: z.boolean(),
  is_completed: z.boolean(),
  is_active: z.boolean(),
  is_skippable: z.boolean(),
  can_be_rewatched: z.boolean(),
  is_completed_course: z.boolean().meta({ description: 'The learner has completed the whole course' }),
  chapter_url: z.string().meta({ example: '/course/1007/chapter/m7-1-safety-precautions' }),
  hours: z.number().int().nullable(),
  minutes: z.number().int().nullable(),
  seconds: z.number().int().nullable(),
  kind: z.enum(CHAPTER_KINDS),
});

/** The course a course page shows. */
export const courseSummarySchema = z.object({
  id: z.number().int().meta({ example: 1007 }),
  name: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  demo_video_url: z.string().nullable().meta({ description: 'An external player URL, for a sandboxed iframe', example: 'https://player.vimeo.com/video/76979871' }),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

/**
 * `GET /api/course/{course_id}`: the course, the caller's enrolment in it (null when not
 * enrolled: the non-watching view, everything locked), the syllabus tree and the course's exam.
 */
export const coursePageAnswerSchema = z.object({
  data: z.object({
    course: courseSummarySchema,
    enrolment: enrolmentSchema.nullable(),
    syllabus: z.array(syllabusChapterSchema),
    /**
     * The course's exam (`/course/{course_id}/exam/{exam_id}`), null when it has none. Always
     * answered; optional in the type only so that pages built before exams still type-check.
     */
    exam_id: z.number().int().nullable().optional().meta({ example: 1 }),
  }),
});
export type CoursePageAnswer = z.infer<typeof coursePageAnswerSchema>;
export type CoursePage = CoursePageAnswer['data'];

/** A question of a practice quiz, without its answer. */
export const quizQuestionSchema = z.object({
  id: z.string().meta({ format: 'uuid' }),
  question: z.string(),
  A: z.string(),
  B: z.string(),
  C: z.string(),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

/** `GET /api/course/{course_id}/chapter/{slug}`: one chapter's content. */
export const chapterContentSchema = z.object({
  slug: z.string(),
  name: z.string(),
  subtitle: z.string().nullable(),
  kind: z.enum(CHAPTER_KINDS),
  text: z.string().nullable().meta({ description: 'Plain paragraphs (simple markdown: headings, lists, bold)' }),
  video_url: z.string().nullable().meta({ description: 'An external player URL, for a sandboxed iframe' }),
  quiz: z.object({ questions: z.array(quizQuestionSchema) }).nullable(),
  is_completed: z.boolean(),
  is_skippable: z.boolean(),
  can_be_rewatched: z.boolean(),
  next_chapter_url: z.string().nullable(),
});
export type ChapterContent = z.infer<typeof chapterContentSchema>;
export const chapterContentAnswerSchema = z.object({ data: chapterContentSchema });
export type ChapterContentAnswer = z.infer<typeof chapterContentAnswerSchema>;

/** `POST .../chapter/{slug}/complete`: done, and the course's overall percent now. */
export const chapterCompleteAnswerSchema = z.object({
  data: z.object({ chapter_completed: z.literal(true), overall: percent() }),
});
export type ChapterCompleteAnswer = z.infer<typeof chapterCompleteAnswerSchema>;

/** `POST .../chapter/{slug}/quiz/answer`: right or wrong, why, and how far the quiz is. */
export const quizAnswerResultSchema = z.object({
  data: z.object({
    correct: z.boolean(),
    correct_choice: z.enum(QUIZ_CHOICES),
    explanation: z.string().nullable(),
    answered: z.number().int().meta({ description: 'Questions of the quiz answered at least once, right or wrong; all of them completes the chapter' }),
    total: z.number().int(),
    chapter_completed: z.boolean(),
  }),
});
export type QuizAnswerResult = z.infer<typeof quizAnswerResultSchema>;

/** One line of the course progress modal (spec: learning §3 Progress entry): a leaf chapter, in order. */
export const progressEntrySchema = z.object({
  name: z.string(),
  completed_at: isoDateTime().nullable(),
  progress: percent(),
});
export type ProgressEntry = z.infer<typeof progressEntrySchema>;

/** `GET /api/course-progress/{uuid}`: the chapters and the overall percent. */
export const courseProgressAnswerSchema = z.object({
  data: z.array(progressEntrySchema),
  meta: z.object({ overall: percent() }),
});
export type CourseProgressAnswer = z.infer<typeof courseProgressAnswerSchema>;

/** A learner's question and the instructor's answer (spec: learning §3 Question and answer). */
export const questionSchema = z.object({
  id: z.string().meta({ format: 'uuid' }),
  topic: z.string(),
  question: z.string(),
  answer: z.string().nullable(),
  date: isoDateTime().meta({ description: 'When it was asked' }),
  answered_at: isoDateTime().nullable(),
  schedule_id: z.string().meta({ format: 'uuid', description: 'The enrolment it was asked from' }),
});
export type Question = z.infer<typeof questionSchema>;

/** `GET /api/course/{course_id}/questions?limit=`: the caller's questions, newest first, and how many there are. */
export const questionListAnswerSchema = z.object({
  data: z.array(questionSchema),
  meta: z.object({ pagination: z.object({ total: z.number().int() }) }),
});
export type QuestionListAnswer = z.infer<typeof questionListAnswerSchema>;

/** `POST /api/course/{course_id}/questions` (201). */
export const questionCreatedAnswerSchema = z.object({ success: z.literal(true), data: questionSchema });
export type QuestionCreatedAnswer = z.infer<typeof questionCreatedAnswerSchema>;

/** A question as the instructor's screen lists it. */
export const instructorQuestionSchema = z.object({
  id: z.string().meta({ format: 'uuid' }),
  course_id: z.number().int(),
  course_name: z.string(),
  topic: z.string(),
  question: z.string(),
  asked_by_name: z.string(),
  date: isoDateTime(),
  answer: z.string().nullable(),
  answered_at: isoDateTime().nullable(),
});
export type InstructorQuestion = z.infer<typeof instructorQuestionSchema>;

/** `GET /api/instructor/questions`. */
export const instructorQuestionListAnswerSchema = z.object({
  data: z.array(instructorQuestionSchema),
  meta: z.object({ pagination: paginationSchema }),
});
export type InstructorQuestionListAnswer = z.infer<typeof instructorQuestionListAnswerSchema>;

/** `POST /api/instructor/questions/{id}/answer`: the answered question (a Question, with the instructor list's fields too). */
export const answeredQuestionSchema = instructorQuestionSchema.extend({ schedule_id: z.string().meta({ format: 'uuid' }) });
export type AnsweredQuestion = z.infer<typeof answeredQuestionSchema>;
export const answeredQuestionAnswerSchema = z.object({ data: answeredQuestionSchema });
export type AnsweredQuestionAnswer = z.infer<typeof answeredQuestionAnswerSchema>;
