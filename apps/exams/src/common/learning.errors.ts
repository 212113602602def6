import { LearningErrorCode, LearningMessages } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';

/** The coded errors of the learning side; the gateway answers them as they are. */
export const LearningErrors = {
  signInRequired: () => new DomainError(LearningErrorCode.Forbidden, 'Please sign in to continue.', 401),
  forbidden: () => new DomainError(LearningErrorCode.Forbidden, LearningMessages.forbidden, 403),
  field: (field: string, message: string) => DomainError.field(field, message, LearningErrorCode.Validation),
  courseNotFound: () => DomainError.notFound(LearningMessages.courseNotFound, LearningErrorCode.CourseNotFound),
  /** Also for a course the caller holds no more (withdrawn): whether it exists is not told. */
  notEnrolled: () => DomainError.notFound(LearningMessages.notEnrolled, LearningErrorCode.NotEnrolled),
  chapterNotFound: () => DomainError.notFound(LearningMessages.chapterNotFound, LearningErrorCode.ChapterNotFound),
  contentEnded: () => new DomainError(LearningErrorCode.ContentEnded, LearningMessages.contentEnded, 403),
  chapterLocked: () => new DomainError(LearningErrorCode.ChapterLocked, LearningMessages.chapterLocked, 403),
  completionNotAllowed: (message: string) => new DomainError(LearningErrorCode.CompletionNotAllowed, message, 409),
  notAQuiz: () => new DomainError(LearningErrorCode.NotAQuiz, LearningMessages.notAQuiz, 409),
  quizQuestionNotFound: () => new DomainError(LearningErrorCode.QuizQuestionNotFound, LearningMessages.quizQuestionNotFound, 422, { question_id: [LearningMessages.quizQuestionNotFound] }),
  /** Another learner's enrolment is not found either. */
  enrolmentNotFound: () => DomainError.notFound(LearningMessages.enrolmentNotFound, LearningErrorCode.EnrolmentNotFound),
  questionNotFound: () => DomainError.notFound(LearningMessages.questionNotFound, LearningErrorCode.QuestionNotFound),
  questionAlreadyAnswered: () => new DomainError(LearningErrorCode.QuestionAlreadyAnswered, LearningMessages.questionAlreadyAnswered, 409),
};
