import { ExamErrorCode, ExamMessages } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { BeginRefusal } from './exam-rules.js';

/** The coded refusals of the exam calls (learning §8 Exam); the gateway answers them as they are. */
export const ExamErrors = {
  notFound: () => DomainError.notFound(ExamMessages.examNotFound, ExamErrorCode.NotFound),
  cannotAcceptAnswer: () => new DomainError(ExamErrorCode.CannotAcceptAnswer, ExamMessages.cannotAcceptAnswer, 409),
  /** A question that is not in the attempt in progress. */
  questionNotInAttempt: () => new DomainError(ExamErrorCode.CannotAcceptAnswer, ExamMessages.cannotAcceptAnswer, 422, { question_id: [ExamMessages.questionIdInvalid] }),
  begin: (refusal: BeginRefusal) => {
    switch (refusal.kind) {
      case 'not_allowed':
        return new DomainError(ExamErrorCode.NotAllowedToBegin, refusal.message, 403);
      case 'no_more_attempts':
        return new DomainError(ExamErrorCode.NoMoreAttempts, refusal.message, 409);
      case 'cannot_start':
        return new DomainError(ExamErrorCode.CannotStart, refusal.message, 409);
      case 'not_enough_questions':
        return new DomainError(ExamErrorCode.NotEnoughQuestions, refusal.message, 409);
    }
  },
  resultsNotVisible: () => new DomainError(ExamErrorCode.ResultsNotVisible, ExamMessages.resultsNotVisible, 403),
  noCompletedAttempt: () => DomainError.notFound(ExamMessages.noCompletedAttempt, ExamErrorCode.NoCompletedAttempt),
  forbidden: () => new DomainError(ExamErrorCode.Forbidden, ExamMessages.forbidden, 403),
};
