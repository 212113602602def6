import { z } from 'zod';
import { examsEvent } from './event-producers.js';

export const courseStartedSchema = z.object({
  userId: z.string(),
  programId: z.number().int(),
  /** The learner's enrolment in the course (exams), when the producer knows it. */
  enrolmentId: z.string().uuid().optional(),
  startedAt: z.string(),
});
export type CourseStarted = z.infer<typeof courseStartedSchema>;

/** Published by the learning side (exams) when a learner opens a course for the first time. */
export const CourseStartedEvent = examsEvent('course.started', 1, courseStartedSchema);
