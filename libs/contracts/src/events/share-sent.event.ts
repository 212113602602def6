import { z } from 'zod';
import { sharingEvent } from './event-producers.js';
import { shareEventBaseSchema } from './share-event.schema.js';

export const shareSentSchema = shareEventBaseSchema.extend({
  /** 1 for the first send, one more with every resend: each send is one e-mail. */
  sendCount: z.number().int().positive(),
  sendAt: z.string(),
  recipientName: z.string().nullable(),
  /**
   * The ticket's code and password when a ticket is to be e-mailed to `recipientEmail`; null for
   * e-mail shares and printed tickets.
   */
  ticket: z.object({ code: z.string(), password: z.string() }).nullable(),
  /** Where the recipient receives it (`<PUBLIC_BASE_URL>/my-courses`, or the ticket activation page). */
  receiveUrl: z.string(),
});
export type ShareSent = z.infer<typeof shareSentSchema>;

/** The item was sent (`created → shared`) or sent again (resend): notifications e-mails the recipient. */
export const ShareSentEvent = sharingEvent('share.sent', 1, shareSentSchema);
