import { z } from 'zod';
import { sharingEvent } from './event-producers.js';

export const coursesDeliveredSchema = z.object({
  deliveryId: z.string().uuid(),
  organizer: z.object({ userId: z.string(), email: z.string().nullable(), companyId: z.string() }),
  programId: z.number().int(),
  courseName: z.string(),
  byEmail: z.number().int().nonnegative(),
  byTicket: z.number().int().nonnegative(),
  certificates: z.number().int().nonnegative(),
  /** The ticket references (print them at `/tickets/{share_to}`). */
  tickets: z.array(z.string()),
  /** The page printing all of them (`<site>/tickets/<ref>,<ref>`), or null without tickets. */
  ticketsUrl: z.string().nullable(),
  deliveredAt: z.string(),
});
export type CoursesDelivered = z.infer<typeof coursesDeliveredSchema>;

/** An organizer delivered a course to a set of students (organize course): notifications sends them the summary. */
export const CoursesDeliveredEvent = sharingEvent('courses.delivered', 1, coursesDeliveredSchema);
