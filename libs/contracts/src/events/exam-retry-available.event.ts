import { z } from 'zod';
import { examsEvent } from './event-producers.js';

export const examRetryAvailableSchema = z.object({
  /** The failed attempt whose grace period ended (one e-mail per attempt). */
  attemptId: z.string().uuid(),
  examId: z.number().int(),
  enrolmentId: z.string().uuid(),
  userId: z.string(),
  /** Where to e-mail the learner. */
  learnerEmail: z.string(),
  programId: z.number().int(),
  courseName: z.string(),
  /** The number of the attempt that may begin now, and how many the exam allows. */
  nextAttemptNo: z.number().int().positive(),
  maxAttempts: z.number().int().positive(),
  /** When the grace period ended (ISO, UTC). */
  availableAt: z.string(),
  /** The exam screen (`<site>/course/{course_id}/exam/{exam_id}`). */
  examUrl: z.string(),
});
export type ExamRetryAvailable = z.infer<typeof examRetryAvailableSchema>;

/** Published by exams when the grace period after a failed attempt ended: the learner may begin the next one (notifications e-mails them). */
export const ExamRetryAvailableEvent = examsEvent('exam.retry.available', 1, examRetryAvailableSchema);
