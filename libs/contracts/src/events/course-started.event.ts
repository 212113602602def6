import { z } from 'zod';
import { courseProgressEventBaseSchema } from './course-progress-event.schema.js';
import { examsEvent } from './event-producers.js';

export const courseStartedSchema = courseProgressEventBaseSchema.extend({
  startedAt: z.string(),
});
export type CourseStarted = z.infer<typeof courseStartedSchema>;

/** Published by the learning side (exams) when a learner opens a course for the first time. */
export const CourseStartedEvent = examsEvent('course.started', 1, courseStartedSchema);
