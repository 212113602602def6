import {
  LEARNING_LIMITS,
  type AnsweredQuestionAnswer,
  type AnswerQuestionRequest,
  type AskQuestionRequest,
  type CertificateVerification,
  type ChapterCompleteAnswer,
  type ChapterCompletionReason,
  type ChapterContent,
  type CourseHistoryAnswer,
  type CoursePage,
  type CourseProgressAnswer,
  type InstructorQuestionListAnswer,
  type MyCoursesAnswer,
  type QuestionCreatedAnswer,
  type QuestionListAnswer,
  type QuestionStatus,
  type QuizAnswerResult,
  type QuizChoice,
} from '@aero/contracts';
import { baseApi } from '@aero/web-shared-api';

/** The calls of My courses, the course and chapter pages, progress and questions (learning §7). */
export const LearningPaths = {
  myCourses: '/api/my-courses',
  history: '/api/my-courses/history',
  course: (courseId: number) => `/api/course/${courseId}`,
  chapter: (courseId: number, slug: string) => `/api/course/${courseId}/chapter/${encodeURIComponent(slug)}`,
  complete: (courseId: number, slug: string) => `/api/course/${courseId}/chapter/${encodeURIComponent(slug)}/complete`,
  quizAnswer: (courseId: number, slug: string) => `/api/course/${courseId}/chapter/${encodeURIComponent(slug)}/quiz/answer`,
  progress: (enrolmentId: string) => `/api/course-progress/${encodeURIComponent(enrolmentId)}`,
  questions: (courseId: number) => `/api/course/${courseId}/questions`,
  instructorQuestions: '/api/instructor/questions',
  answer: (questionId: string) => `/api/instructor/questions/${encodeURIComponent(questionId)}/answer`,
  verifyCertificate: (number: string) => `/api/certificates/verify/${encodeURIComponent(number)}`,
} as const;

/** The page routes of these screens. */
export const LearningPages = {
  myCourses: '/my-courses',
  history: '/my-courses/history',
  course: (courseId: number) => `/course/${courseId}`,
  chapter: (courseId: number, slug: string) => `/course/${courseId}/chapter/${encodeURIComponent(slug)}`,
  instructorQuestions: '/instructor/questions',
} as const;

export interface PageArgs {
  page?: number;
  perPage?: number;
}

/** `?page=&per_page=`: only what differs from the defaults. */
export function pageQuery({ page, perPage }: PageArgs, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (page && page > 1) params.set('page', String(page));
  if (perPage && perPage !== LEARNING_LIMITS.defaultPerPage) params.set('per_page', String(perPage));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export interface ChapterArgs {
  courseId: number;
  slug: string;
}

export interface InstructorQuestionsArgs extends PageArgs {
  status: QuestionStatus;
}

const MY_COURSES = { type: 'Course' as const, id: 'MY_COURSES' };
const PROGRESS = { type: 'Course' as const, id: 'PROGRESS' };
const INSTRUCTOR_QUESTIONS = { type: 'Course' as const, id: 'INSTRUCTOR_QUESTIONS' };
const courseTag = (courseId: number) => ({ type: 'Course' as const, id: courseId });
const questionsTag = (courseId: number) => ({ type: 'Course' as const, id: `QUESTIONS-${courseId}` });
/** What a completed chapter changes: the course page, the chapter, My courses and the progress. */
const progressMade = (courseId: number) => [courseTag(courseId), MY_COURSES, PROGRESS];

/** The learner's courses, syllabus, chapters, quizzes, progress and questions; the instructor's answers. */
export const learningApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    myCourses: build.query<MyCoursesAnswer, void>({
      query: () => LearningPaths.myCourses,
      providesTags: [MY_COURSES],
    }),
    courseHistory: build.query<CourseHistoryAnswer, PageArgs>({
      query: (args) => `${LearningPaths.history}${pageQuery(args)}`,
      providesTags: [MY_COURSES],
    }),
    coursePage: build.query<CoursePage, number>({
      query: (courseId) => LearningPaths.course(courseId),
      transformResponse: (answer: { data: CoursePage }) => answer.data,
      providesTags: (_answer, _error, courseId) => [courseTag(courseId)],
    }),
    chapter: build.query<ChapterContent, ChapterArgs>({
      query: ({ courseId, slug }) => LearningPaths.chapter(courseId, slug),
      transformResponse: (answer: { data: ChapterContent }) => answer.data,
      providesTags: (_answer, _error, { courseId }) => [courseTag(courseId)],
    }),
    completeChapter: build.mutation<ChapterCompleteAnswer['data'], ChapterArgs & { reason: ChapterCompletionReason }>({
      query: ({ courseId, slug, reason }) => ({ url: LearningPaths.complete(courseId, slug), method: 'POST', body: { reason } }),
      transformResponse: (answer: ChapterCompleteAnswer) => answer.data,
      invalidatesTags: (_answer, error, { courseId }) => (error ? [] : progressMade(courseId)),
    }),
    answerQuiz: build.mutation<QuizAnswerResult['data'], ChapterArgs & { questionId: string; choice: QuizChoice }>({
      query: ({ courseId, slug, questionId, choice }) => ({
        url: LearningPaths.quizAnswer(courseId, slug),
        method: 'POST',
        body: { question_id: questionId, choice },
      }),
      transformResponse: (answer: QuizAnswerResult) => answer.data,
      // The page reads the course again only once the quiz completes its chapter.
      invalidatesTags: (answer, _error, { courseId }) => (answer?.chapter_completed ? progressMade(courseId) : []),
    }),
    courseProgress: build.query<CourseProgressAnswer, string>({
      query: (enrolmentId) => LearningPaths.progress(enrolmentId),
      providesTags: [PROGRESS],
    }),
    questions: build.query<QuestionListAnswer, { courseId: number; limit: number }>({
      query: ({ courseId, limit }) => `${LearningPaths.questions(courseId)}?limit=${limit}`,
      providesTags: (_answer, _error, { courseId }) => [questionsTag(courseId)],
    }),
    askQuestion: build.mutation<QuestionCreatedAnswer, { courseId: number } & AskQuestionRequest>({
      query: ({ courseId, ...body }) => ({ url: LearningPaths.questions(courseId), method: 'POST', body }),
      invalidatesTags: (_answer, error, { courseId }) => (error ? [] : [questionsTag(courseId)]),
    }),
    instructorQuestions: build.query<InstructorQuestionListAnswer, InstructorQuestionsArgs>({
      query: ({ status, ...page }) => `${LearningPaths.instructorQuestions}${pageQuery(page, { status })}`,
      providesTags: [INSTRUCTOR_QUESTIONS],
    }),
    /** Public: whether a certificate is valid (the page its QR code opens). */
    verifyCertificate: build.query<CertificateVerification, string>({
      query: (number) => LearningPaths.verifyCertificate(number),
      transformResponse: (answer: { data: CertificateVerification }) => answer.data,
    }),
    answerQuestion: build.mutation<AnsweredQuestionAnswer, { id: string } & AnswerQuestionRequest>({
      query: ({ id, answer }) => ({ url: LearningPaths.answer(id), method: 'POST', body: { answer } }),
      invalidatesTags: (_answer, error) => (error ? [] : [INSTRUCTOR_QUESTIONS]),
    }),
  }),
});

export const {
  useMyCoursesQuery,
  useCourseHistoryQuery,
  useCoursePageQuery,
  useChapterQuery,
  useCompleteChapterMutation,
  useAnswerQuizMutation,
  useCourseProgressQuery,
  useQuestionsQuery,
  useAskQuestionMutation,
  useInstructorQuestionsQuery,
  useAnswerQuestionMutation,
  useVerifyCertificateQuery,
} = learningApi;
