import type { z } from 'zod';
import { defineEvent } from './event-envelope.js';
import { shareEventBaseSchema } from './share-event.schema.js';

export const shareCreatedSchema = shareEventBaseSchema;
export type ShareCreated = z.infer<typeof shareCreatedSchema>;

/** A seat was set aside for a recipient (item `created`); its pool has one seat less. */
export const ShareCreatedEvent = defineEvent<ShareCreated>({
  name: 'share.created',
  version: 1,
  producer: 'sharing-organize',
  schema: shareCreatedSchema,
});
