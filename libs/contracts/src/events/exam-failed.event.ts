import { z } from 'zod';
import { examsEvent } from './event-producers.js';
import { examAttemptSchema } from './exam-attempt-completed.event.js';

export const examFailedSchema = examAttemptSchema.extend({
  /** When the next attempt may begin (the grace period's end); absent when no attempt is left. */
  nextAttemptAt: z.string().optional(),
});
export type ExamFailed = z.infer<typeof examFailedSchema>;

/** Published by exams when an attempt ends below the pass rate. */
export const ExamFailedEvent = examsEvent('exam.failed', 1, examFailedSchema);
