import { z } from 'zod';
import { defineEvent } from './event-envelope.js';

export const courseCompletedSchema = z.object({
  userId: z.string(),
  programId: z.number().int(),
  /** The learner's enrolment in the course (exams), when the producer knows it. */
  enrolmentId: z.string().uuid().optional(),
  completedAt: z.string(),
});
export type CourseCompleted = z.infer<typeof courseCompletedSchema>;

/** Published by the learning side (exams) when a learner completes a course. */
export const CourseCompletedEvent = defineEvent<CourseCompleted>({
  name: 'course.completed',
  version: 1,
  producer: 'exams',
  schema: courseCompletedSchema,
});
