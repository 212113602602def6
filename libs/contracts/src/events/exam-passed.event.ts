import { defineEvent } from './event-envelope.js';
import { examAttemptSchema, type ExamAttempt } from './exam-attempt-completed.event.js';

/** Published by exams when an attempt reaches the pass rate: the course is completed and a certificate follows. */
export const ExamPassedEvent = defineEvent<ExamAttempt>({
  name: 'exam.passed',
  version: 1,
  producer: 'exams',
  schema: examAttemptSchema,
});
