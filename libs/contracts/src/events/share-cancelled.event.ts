import { z } from 'zod';
import { defineEvent } from './event-envelope.js';
import { shareEventBaseSchema, shareStatusSchema } from './share-event.schema.js';

export const shareCancelledSchema = shareEventBaseSchema.extend({
  fromStatus: shareStatusSchema,
  recipientNotified: z.boolean(),
  reason: z.string(),
});
export type ShareCancelled = z.infer<typeof shareCancelledSchema>;

/** A sent share that nobody accepted was cancelled (`shared → cancelled`); the seat is back in its pool. */
export const ShareCancelledEvent = defineEvent<ShareCancelled>({
  name: 'share.cancelled',
  version: 1,
  producer: 'sharing-organize',
  schema: shareCancelledSchema,
});
