import type { Exam, ExamAnswer, ExamChoice, ExamResults, ExamResultsAnswer, QuizChoice } from '@aero/contracts';
import { baseApi } from '@aero/web-shared-api';
import { monotonicNow } from './countdown.js';

/** The exam calls (learning §7) through the gateway. */
export const ExamPaths = {
  exam: (courseId: number, examId: number) => `/api/course/${courseId}/exam/${examId}`,
  begin: (courseId: number, examId: number) => `/api/course/${courseId}/exam/${examId}/begin`,
  answer: (courseId: number, examId: number) => `/api/course/${courseId}/exam/${examId}/answer`,
  complete: (courseId: number, examId: number) => `/api/course/${courseId}/exam/${examId}/complete`,
  results: (courseId: number, examId: number) => `/api/course/${courseId}/exam/${examId}/results`,
} as const;

/** The page routes of the exam screens. */
export const ExamPages = {
  exam: (courseId: number, examId: number) => `/course/${courseId}/exam/${examId}`,
  results: (courseId: number, examId: number) => `/course/${courseId}/exam/${examId}/results`,
  course: (courseId: number) => `/course/${courseId}`,
} as const;

export interface ExamArgs {
  courseId: number;
  examId: number;
}

export interface AnswerExamArgs extends ExamArgs {
  questionId: string;
  choice: QuizChoice;
}

export interface CompleteExamArgs extends ExamArgs {
  choices: ExamChoice[];
}

/**
 * An exam as the page holds it: the server's answer and when the browser read it, on its
 * monotonic clock (`receivedAt`), which the countdowns start from.
 */
export type ReadExam = Exam & { receivedAt: number };

/** Stamps an exam answer with the moment it arrived. */
function received(answer: ExamAnswer): ReadExam {
  return { ...answer.data, receivedAt: monotonicNow() };
}

const examTag = ({ courseId, examId }: ExamArgs) => ({ type: 'Exam' as const, id: `${courseId}-${examId}` });
const resultsTag = ({ courseId, examId }: ExamArgs) => ({ type: 'Exam' as const, id: `RESULTS-${courseId}-${examId}` });

/**
 * A failure that never reached the server (offline, connection lost): the answer is kept and sent
 * again; any other failure is the server's refusal, shown with its message.
 */
export function isNetworkFailure(failure: unknown): boolean {
  const status = typeof failure === 'object' && failure !== null && 'status' in failure ? failure.status : undefined;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}

/**
 * The exam of a course: read it, begin an attempt, save an answer, complete the attempt, read the
 * results. Each call answers the whole exam, which replaces the one read (the server's state and
 * clock are the page's).
 */
export const examsApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    /** The exam a call answered becomes the exam the page shows. */
    const replaceExam = async (args: ExamArgs, { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: ReadExam }> }) => {
      try {
        const { data } = await queryFulfilled;
        dispatch(examsApi.util.upsertQueryData('exam', { courseId: args.courseId, examId: args.examId }, data));
      } catch {
        // The caller shows the failure.
      }
    };
    return {
      exam: build.query<ReadExam, ExamArgs>({
        query: ({ courseId, examId }) => ExamPaths.exam(courseId, examId),
        transformResponse: received,
        providesTags: (_answer, _error, args) => [examTag(args)],
        // The exam screen always reads the server's state and time anew.
        keepUnusedDataFor: 0,
      }),
      beginExam: build.mutation<ReadExam, ExamArgs>({
        query: ({ courseId, examId }) => ({ url: ExamPaths.begin(courseId, examId), method: 'POST' }),
        transformResponse: received,
        onQueryStarted: replaceExam,
      }),
      answerExam: build.mutation<ReadExam, AnswerExamArgs>({
        query: ({ courseId, examId, questionId, choice }) => ({
          url: ExamPaths.answer(courseId, examId),
          method: 'POST',
          body: { question_id: questionId, choice },
        }),
        transformResponse: received,
      }),
      completeExam: build.mutation<ReadExam, CompleteExamArgs>({
        query: ({ courseId, examId, choices }) => ({ url: ExamPaths.complete(courseId, examId), method: 'POST', body: { choices } }),
        transformResponse: received,
        onQueryStarted: replaceExam,
        // A completed attempt changes the course (passed: completed) and the results.
        invalidatesTags: (_answer, error, args) => (error ? [] : [resultsTag(args), { type: 'Course', id: args.courseId }, { type: 'Course', id: 'MY_COURSES' }]),
      }),
      examResults: build.query<ExamResults, ExamArgs>({
        query: ({ courseId, examId }) => ExamPaths.results(courseId, examId),
        transformResponse: (answer: ExamResultsAnswer) => answer.data,
        providesTags: (_answer, _error, args) => [resultsTag(args)],
        // The last completed attempt's: read anew each time the screen opens.
        keepUnusedDataFor: 0,
      }),
    };
  },
});

export const { useExamQuery, useBeginExamMutation, useAnswerExamMutation, useCompleteExamMutation, useExamResultsQuery } = examsApi;
