import type {
  AnsweredQuestionAnswer,
  ChapterCompleteAnswer,
  ChapterContentAnswer,
  CourseHistoryAnswer,
  CoursePageAnswer,
  CourseProgressAnswer,
  InstructorQuestionListAnswer,
  MyCoursesAnswer,
  QuestionCreatedAnswer,
  QuestionListAnswer,
  QuizAnswerResult,
} from '../learning/learning-answers.schema.js';
import type { ExamAnswer, ExamAuditAnswer, ExamResultsAnswer } from '../learning/exam.js';
import { defineRpc } from './rpc-definition.js';

/* Every request acts for the user of the request context (the `x-actor` header): none names its actor. */

/** A course: the catalogue's program id. */
export interface CourseRequest {
  courseId: number;
}

/** A chapter of a course, by its slug. */
export interface ChapterRequest extends CourseRequest {
  slug: string;
}

export interface CourseHistoryRequest {
  page?: unknown;
  per_page?: unknown;
}

export interface CompleteChapterRequest extends ChapterRequest {
  /** `ChapterCompletionReason`; checked by the service. */
  reason?: unknown;
}

export interface AnswerQuizRequest extends ChapterRequest {
  question_id?: unknown;
  /** `QuizChoice`; checked by the service. */
  choice?: unknown;
}

export interface CourseProgressRequest {
  enrolmentId: string;
}

export interface ListQuestionsRequest extends CourseRequest {
  limit?: unknown;
}

export interface AskQuestionRpcRequest extends CourseRequest {
  topic?: unknown;
  question?: unknown;
  schedule_id?: unknown;
}

export interface InstructorQuestionsRequest {
  /** `QuestionStatus` (default open); checked by the service. */
  status?: unknown;
  page?: unknown;
  per_page?: unknown;
}

export interface AnswerQuestionRpcRequest {
  id: string;
  answer?: unknown;
}

/** An exam of a course (`/course/{course_id}/exam/{exam_id}`). */
export interface ExamRequest extends CourseRequest {
  examId: number;
}

export interface AnswerExamRequest extends ExamRequest {
  /** Checked by the service with `examAnswerBodySchema`. */
  question_id?: unknown;
  choice?: unknown;
}

export interface CompleteExamRequest extends ExamRequest {
  /** Checked by the service with `examCompleteBodySchema`. */
  choices?: unknown;
}

export interface ExamAuditRequest {
  /** Checked by the service with `examAuditQuerySchema`. */
  user_id?: unknown;
}

/** RPCs answered by the exams service: enrolments, course pages and syllabus, progress, questions to the instructor. */
export const ExamsRpc = {
  /** The caller's enrolments still open (not ended, not failed). */
  MyCourses: defineRpc<Record<string, never>, MyCoursesAnswer>('exams.enrolments.my-courses'),
  /** Every enrolment of the caller, newest first, a page of them. */
  CourseHistory: defineRpc<CourseHistoryRequest, CourseHistoryAnswer>('exams.enrolments.history'),
  /** The course page: the course, the caller's enrolment and the syllabus tree. */
  CoursePage: defineRpc<CourseRequest, CoursePageAnswer>('exams.courses.page'),
  /** One chapter's content, for an enrolled learner whose access has not ended. */
  Chapter: defineRpc<ChapterRequest, ChapterContentAnswer>('exams.courses.chapter'),
  /** Marks a video or text chapter completed (video ended or marked done, as the chapter allows). */
  CompleteChapter: defineRpc<CompleteChapterRequest, ChapterCompleteAnswer>('exams.progress.complete-chapter'),
  /** One answer of a practice quiz: right or wrong at once; all right at least once completes the chapter. */
  AnswerQuiz: defineRpc<AnswerQuizRequest, QuizAnswerResult>('exams.progress.answer-quiz'),
  /** The progress modal: one line per leaf chapter and the overall percent (own enrolment only). */
  CourseProgress: defineRpc<CourseProgressRequest, CourseProgressAnswer>('exams.progress.course-progress'),
  /** The caller's questions about a course, newest first (limit: 5, load more +5). */
  ListQuestions: defineRpc<ListQuestionsRequest, QuestionListAnswer>('exams.questions.list'),
  AskQuestion: defineRpc<AskQuestionRpcRequest, QuestionCreatedAnswer>('exams.questions.ask'),
  /** The instructor's screen: open or answered questions. */
  InstructorQuestions: defineRpc<InstructorQuestionsRequest, InstructorQuestionListAnswer>('exams.questions.instructor-list'),
  AnswerQuestion: defineRpc<AnswerQuestionRpcRequest, AnsweredQuestionAnswer>('exams.questions.answer'),
  /** The exam as the learner stands in it now (learning §3 Exam). */
  Exam: defineRpc<ExamRequest, ExamAnswer>('exams.exam.get'),
  /** Begins an attempt (or answers the one in progress): draws the questions and sets the deadline. */
  BeginExam: defineRpc<ExamRequest, ExamAnswer>('exams.exam.begin'),
  /** Saves one answer of the attempt in progress, before its deadline. */
  AnswerExam: defineRpc<AnswerExamRequest, ExamAnswer>('exams.exam.answer'),
  /** Completes the attempt in progress with the page's answers, and scores it. */
  CompleteExam: defineRpc<CompleteExamRequest, ExamAnswer>('exams.exam.complete'),
  /** The last completed attempt's results, when the exam shows them after the exam. */
  ExamResults: defineRpc<ExamRequest, ExamResultsAnswer>('exams.exam.results'),
  /** One learner's exam audit trail, oldest first (administrators; a company's admins and report viewers for their company's learners). */
  ExamAudit: defineRpc<ExamAuditRequest, ExamAuditAnswer>('exams.exam.audit'),
} as const;
