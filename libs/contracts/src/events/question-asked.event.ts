import { z } from 'zod';
import { examsEvent } from './event-producers.js';

export const questionAskedSchema = z.object({
  questionId: z.string().uuid(),
  /** The enrolment it was asked from (`schedule_id`). */
  enrolmentId: z.string().uuid(),
  userId: z.string(),
  learnerName: z.string(),
  programId: z.number().int(),
  courseName: z.string(),
  topic: z.string(),
  question: z.string(),
  askedAt: z.string(),
});
export type QuestionAsked = z.infer<typeof questionAskedSchema>;

/** A learner asked the instructor a question about a course (spec: learning §2 Questions and answers tab). */
export const QuestionAskedEvent = examsEvent('question.asked', 1, questionAskedSchema);
