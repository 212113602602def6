import type { z } from 'zod';
import { sharingEvent } from './event-producers.js';
import { shareEventBaseSchema } from './share-event.schema.js';

export const shareCreatedSchema = shareEventBaseSchema;
export type ShareCreated = z.infer<typeof shareCreatedSchema>;

/** A seat was set aside for a recipient (item `created`); its pool has one seat less. */
export const ShareCreatedEvent = sharingEvent('share.created', 1, shareCreatedSchema);
