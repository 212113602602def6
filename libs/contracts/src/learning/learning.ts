/*
 * The learning side (spec: learning §1, §2 my courses, course page, syllabus, quiz, progress,
 * questions to the instructor; §3, §4, §8, §9): its states, limits, messages and error codes.
 * Answered by the exams service; the web app reads the same constants.
 */

/**
 * A learner's course (spec: learning §4 Course status): `created` (bought, not started: the
 * watchlist), `shared` (received from someone's seats, not started), `in-progress` (a first
 * chapter completed), `completed` (every chapter completed), `failed` (the exam attempts ran out).
 */
export const ENROLMENT_STATUSES = ['created', 'shared', 'in-progress', 'completed', 'failed'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/** How the learner came to hold the course: their own purchase, or someone's share. */
export const ENROLMENT_SOURCES = ['purchase', 'share'] as const;
export type EnrolmentSource = (typeof ENROLMENT_SOURCES)[number];

/**
 * What a syllabus chapter is: a `section` groups other chapters (no content of its own), a
 * `video` plays from an external player, a `text` is read, a `quiz` is a short practice quiz.
 */
export const CHAPTER_KINDS = ['section', 'video', 'text', 'quiz'] as const;
export type ChapterKind = (typeof CHAPTER_KINDS)[number];

/** Answer choices of a quiz (and exam) question (spec: learning §5, §9: 3 choices, 1 correct). */
export const QUIZ_CHOICES = ['A', 'B', 'C'] as const;
export type QuizChoice = (typeof QUIZ_CHOICES)[number];

/** Why a chapter is marked completed: its video played to the end, or the learner marked it done. */
export const CHAPTER_COMPLETION_REASONS = ['video_ended', 'marked_done'] as const;
export type ChapterCompletionReason = (typeof CHAPTER_COMPLETION_REASONS)[number];

/** Questions to the instructor (spec: learning §4 Questions): unanswered (`open`) or answered. */
export const QUESTION_STATUSES = ['open', 'answered'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** Limits of the learning side (spec: learning §9). */
export const LEARNING_LIMITS = {
  /** Q&A tab: the first page shows 5 questions, 'load more' adds 5. */
  questionsPageSize: 5,
  /** The most questions one Q&A request answers. */
  questionsMaxLimit: 500,
  topicMaxLength: 120,
  questionMaxLength: 2000,
  answerMaxLength: 5000,
  /** My courses history and the instructor's list: 10 to 50 by 10, default 10. */
  perPageOptions: [10, 20, 30, 40, 50] as const,
  defaultPerPage: 10,
  /** The instructor answers within this many business days (shown under the question form). */
  answerWithinBusinessDays: 3,
} as const;

/** Error codes of the learning side (stable for clients; messages may be reworded). */
export const LearningErrorCode = {
  Validation: 'validation_failed',
  Forbidden: 'learning.forbidden',
  CourseNotFound: 'course.not_found',
  NotEnrolled: 'course.not_enrolled',
  ChapterNotFound: 'course.chapter_not_found',
  ContentEnded: 'course.content_ended',
  ChapterLocked: 'course.chapter_locked',
  /** A quiz completes by its answers; a video that is not skippable by playing to its end. */
  CompletionNotAllowed: 'course.completion_not_allowed',
  NotAQuiz: 'course.not_a_quiz',
  QuizQuestionNotFound: 'course.quiz_question_not_found',
  EnrolmentNotFound: 'course.enrolment_not_found',
  QuestionNotFound: 'question.not_found',
  QuestionAlreadyAnswered: 'question.already_answered',
  /** The exam refusals (learning §8 Exam); `ExamErrorCode` names them for the exam calls. */
  ExamNotFound: 'exam.not_found',
  ExamCannotStart: 'exam.cannot_start',
  ExamCannotAcceptAnswer: 'exam.cannot_accept_answer',
  ExamNotAllowedToBegin: 'exam.not_allowed_to_begin',
  ExamNoMoreAttempts: 'exam.no_more_attempts_left',
  ExamAnswerLetterInvalid: 'exam.answer_letter_invalid',
  ExamNotEnoughQuestions: 'exam.not_enough_questions',
  ExamResultsNotVisible: 'exam.results_not_visible',
  ExamNoCompletedAttempt: 'exam.no_completed_attempt',
} as const;
export type LearningErrorCode = (typeof LearningErrorCode)[keyof typeof LearningErrorCode];

/** The messages of the learning side, word for word where the spec gives them (learning §8). */
export const LearningMessages = {
  required: (label: string) => `The ${label} is required.`,
  mustBeText: (label: string) => `The ${label} must be text.`,
  maxLength: (label: string, max: number) => `The ${label} must have up to ${max} characters.`,
  contentEnded: 'The content of this course has ended.',
  chapterLocked: 'This chapter is locked: complete the chapters before it first.',
  courseNotFound: 'Course not found.',
  notEnrolled: 'You are not enrolled in this course.',
  chapterNotFound: 'Chapter not found.',
  quizCompletesByAnswers: 'A quiz is completed by answering all its questions.',
  videoMustEnd: 'This video cannot be skipped: watch it to the end.',
  sectionHasNoContent: 'A section is completed with its chapters.',
  notAQuiz: 'This chapter is not a quiz.',
  quizQuestionNotFound: 'No such question in this quiz.',
  choiceInvalid: 'The answer must be A, B or C.',
  reasonInvalid: 'The reason must be video_ended or marked_done.',
  enrolmentNotFound: 'Course progress not found.',
  /** The web's message when the course progress cannot be read (spec: learning §8 Progress). */
  progressLoadFailed: 'Could not get course progress. Please try again.',
  scheduleInvalid: 'The course enrolment is invalid.',
  questionSent: 'Success! Your question was sent to instructor.',
  questionSendFailedTitle: 'Error!',
  questionNotFound: 'Question not found.',
  questionAlreadyAnswered: 'This question was already answered.',
  /** Shown under the question form (spec: learning §9). */
  expectedAnswerTime: 'The instructor answers within 3 business days.',
  forbidden: 'This action is unauthorized.',
  limitInvalid: 'The limit must be a whole number from 1 to 500.',
  pageInvalid: 'The page must be a whole number of at least 1.',
  perPageInvalid: `The page size must be one of ${LEARNING_LIMITS.perPageOptions.join(', ')}.`,
  statusInvalid: 'The status must be open or answered.',
} as const;

/** `/course/{course_id}`: the course page. */
export function courseUrl(courseId: number): string {
  return `/course/${courseId}`;
}

/** `/course/{course_id}/chapter/{slug}`: a chapter of the course page. */
export function chapterUrl(courseId: number, slug: string): string {
  return `/course/${courseId}/chapter/${slug}`;
}

/** A chapter's duration in seconds (spec: hours*3600 + minutes*60 + seconds); null when none is given. */
export function chapterSeconds(chapter: { hours: number | null; minutes: number | null; seconds: number | null }): number | null {
  if (chapter.hours === null && chapter.minutes === null && chapter.seconds === null) return null;
  return (chapter.hours ?? 0) * 3600 + (chapter.minutes ?? 0) * 60 + (chapter.seconds ?? 0);
}
