import { z } from 'zod';
import { sharingEvent } from './event-producers.js';
import { shareEventBaseSchema, shareStatusSchema } from './share-event.schema.js';

export const shareRecalledSchema = shareEventBaseSchema.extend({
  /** The status it was recalled from: an `accepted` recall withdraws the learner's enrolment. */
  fromStatus: shareStatusSchema,
  /** The learner who had accepted it, when it was accepted. */
  learnerUserId: z.string().nullable(),
  /** True when the recipient had been sent an e-mail (a recall notice is then due). */
  recipientNotified: z.boolean(),
  reason: z.string(),
});
export type ShareRecalled = z.infer<typeof shareRecalledSchema>;

/** The seat went back to its pool (`created | shared | accepted → recalled`). */
export const ShareRecalledEvent = sharingEvent('share.recalled', 1, shareRecalledSchema);
