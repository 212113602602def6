import { z } from 'zod';
import { sharingEvent } from './event-producers.js';
import { shareEventBaseSchema, shareStatusSchema } from './share-event.schema.js';

export const shareCancelledSchema = shareEventBaseSchema.extend({
  fromStatus: shareStatusSchema,
  recipientNotified: z.boolean(),
  reason: z.string(),
});
export type ShareCancelled = z.infer<typeof shareCancelledSchema>;

/** A sent share that nobody accepted was cancelled (`shared → cancelled`); the seat is back in its pool. */
export const ShareCancelledEvent = sharingEvent('share.cancelled', 1, shareCancelledSchema);
