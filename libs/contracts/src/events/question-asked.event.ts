import { z } from 'zod';
import { defineEvent } from './event-envelope.js';

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
export const QuestionAskedEvent = defineEvent<QuestionAsked>({
  name: 'question.asked',
  version: 1,
  producer: 'exams',
  schema: questionAskedSchema,
});
