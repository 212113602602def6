import { z } from 'zod';
import { examsEvent } from './event-producers.js';

/** One finished exam attempt, whatever finished it (the learner, or the deadline job). */
export const examAttemptSchema = z.object({
  attemptId: z.string().uuid(),
  examId: z.number().int(),
  enrolmentId: z.string().uuid(),
  userId: z.string(),
  programId: z.number().int(),
  attemptNo: z.number().int().positive(),
  maxAttempts: z.number().int().positive(),
  resultPercents: z.number().int().min(0).max(100),
  passRate: z.number().int().min(0).max(100),
  /** The deadline when the attempt was completed by the timer, else when the learner submitted. */
  finishedAt: z.string(),
  finishedBy: z.enum(['learner', 'deadline']),
});
export type ExamAttempt = z.infer<typeof examAttemptSchema>;

/** Published by exams when an attempt is completed, passed or failed. */
export const ExamAttemptCompletedEvent = examsEvent('exam.attempt.completed', 1, examAttemptSchema);
