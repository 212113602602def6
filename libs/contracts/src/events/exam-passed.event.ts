import { examsEvent } from './event-producers.js';
import { examAttemptSchema } from './exam-attempt-completed.event.js';

/** Published by exams when an attempt reaches the pass rate: the course is completed and a certificate follows. */
export const ExamPassedEvent = examsEvent('exam.passed', 1, examAttemptSchema);
