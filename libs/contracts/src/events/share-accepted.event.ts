import { z } from 'zod';
import { sharingEvent } from './event-producers.js';
import { shareEventBaseSchema } from './share-event.schema.js';

export const shareAcceptedSchema = shareEventBaseSchema.extend({
  learner: z.object({ userId: z.string(), email: z.string() }),
  /** By the pending-shares prompt, on registration with the address, or by activating a ticket. */
  via: z.enum(['pending', 'registration', 'ticket']),
  acceptedAt: z.string(),
});
export type ShareAccepted = z.infer<typeof shareAcceptedSchema>;

/** The learner received the course (`shared → accepted`); `course.enrolled` enrols them. */
export const ShareAcceptedEvent = sharingEvent('share.accepted', 1, shareAcceptedSchema);
