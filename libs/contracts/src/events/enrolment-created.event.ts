import { z } from 'zod';
import { ENROLMENT_SOURCES, ENROLMENT_STATUSES } from '../learning/learning.js';
import { examsEvent } from './event-producers.js';

export const enrolmentCreatedSchema = z.object({
  /** The same id as the `course.enrolled` it came from. */
  enrolmentId: z.string().uuid(),
  userId: z.string(),
  programId: z.number().int(),
  courseName: z.string(),
  status: z.enum(ENROLMENT_STATUSES),
  source: z.enum(ENROLMENT_SOURCES),
  /** `YYYY-MM-DD`: the content can be opened until then. */
  availableTill: z.string(),
  enrolledAt: z.string(),
});
export type EnrolmentCreated = z.infer<typeof enrolmentCreatedSchema>;

/** The learning side (exams) opened a course for a learner: it is in their My courses (`created` or `shared`). */
export const EnrolmentCreatedEvent = examsEvent('enrolment.created', 1, enrolmentCreatedSchema);
