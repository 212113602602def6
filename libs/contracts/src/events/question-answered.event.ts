import { z } from 'zod';
import { examsEvent } from './event-producers.js';

export const questionAnsweredSchema = z.object({
  questionId: z.string().uuid(),
  enrolmentId: z.string().uuid(),
  /** The learner who asked, and where to e-mail the answer. */
  userId: z.string(),
  learnerEmail: z.string(),
  learnerName: z.string(),
  programId: z.number().int(),
  courseName: z.string(),
  topic: z.string(),
  question: z.string(),
  answer: z.string(),
  askedAt: z.string(),
  answeredAt: z.string(),
  /** The course page, where the learner reads the answer (`<site>/course/{course_id}`). */
  courseUrl: z.string(),
  /** The instructor who answered. */
  answeredByUserId: z.string(),
});
export type QuestionAnswered = z.infer<typeof questionAnsweredSchema>;

/** An instructor answered a learner's question: the learner is e-mailed the answer once (notifications). */
export const QuestionAnsweredEvent = examsEvent('question.answered', 1, questionAnsweredSchema);
