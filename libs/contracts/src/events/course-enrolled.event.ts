import { z } from 'zod';
import { sharingEvent } from './event-producers.js';

export const courseEnrolledSchema = z.object({
  enrolmentId: z.string().uuid(),
  userId: z.string(),
  email: z.string(),
  programId: z.number().int(),
  courseName: z.string(),
  /** Bought by the learner, or received from someone's seats. */
  source: z.enum(['purchase', 'share']),
  orderId: z.string().uuid().nullable(),
  shareId: z.string().uuid().nullable(),
  /** `YYYY-MM-DD`: the course is open until then. */
  availableTill: z.string(),
  enrolledAt: z.string(),
});
export type CourseEnrolled = z.infer<typeof courseEnrolledSchema>;

/**
 * A learner now holds a course: the learning side (exams: my courses, syllabus, exams) opens it.
 * Withdrawn again by `share.recalled` with `fromStatus: 'accepted'`.
 */
export const CourseEnrolledEvent = sharingEvent('course.enrolled', 1, courseEnrolledSchema);
