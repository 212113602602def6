import { z } from 'zod';

/** Whose course a progress event (course started, completed) is about. */
export const courseProgressEventBaseSchema = z.object({
  userId: z.string(),
  programId: z.number().int(),
  /** The learner's enrolment in the course (exams), when the producer knows it. */
  enrolmentId: z.string().uuid().optional(),
});
