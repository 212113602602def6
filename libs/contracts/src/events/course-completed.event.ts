import { z } from 'zod';
import { courseProgressEventBaseSchema } from './course-progress-event.schema.js';
import { examsEvent } from './event-producers.js';

export const courseCompletedSchema = courseProgressEventBaseSchema.extend({
  completedAt: z.string(),
});
export type CourseCompleted = z.infer<typeof courseCompletedSchema>;

/** Published by the learning side (exams) when a learner completes a course. */
export const CourseCompletedEvent = examsEvent('course.completed', 1, courseCompletedSchema);
