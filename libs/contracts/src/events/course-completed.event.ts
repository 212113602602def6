import { z } from 'zod';
import { examsEvent } from './event-producers.js';

export const courseCompletedSchema = z.object({
  userId: z.string(),
  programId: z.number().int(),
  /** The learner's enrolment in the course (exams), when the producer knows it. */
  enrolmentId: z.string().uuid().optional(),
  completedAt: z.string(),
});
export type CourseCompleted = z.infer<typeof courseCompletedSchema>;

/** Published by the learning side (exams) when a learner completes a course. */
export const CourseCompletedEvent = examsEvent('course.completed', 1, courseCompletedSchema);
