import { z } from 'zod';
import { sharingEvent } from './event-producers.js';
import { seatOwnerSchema } from './share-event.schema.js';

export const seatGrantedSchema = z.object({
  grantId: z.string().uuid(),
  owner: seatOwnerSchema,
  /** Course seats, or hard-copy certificate credits for organizing a course. */
  kind: z.enum(['course', 'certificate']),
  /** The course; null for certificate credits valid for any course. */
  programId: z.number().int().nullable(),
  courseName: z.string(),
  quantity: z.number().int().positive(),
  orderId: z.string().uuid(),
  productId: z.number().int(),
  purchasedAt: z.string(),
  /** `YYYY-MM-DD`, the last day the seats may be used. */
  availableTill: z.string(),
});
export type SeatGranted = z.infer<typeof seatGrantedSchema>;

/** Published by sharing-organize when a paid order line became seats (or certificate credits) of its buyer. */
export const SeatGrantedEvent = sharingEvent('seat.granted', 1, seatGrantedSchema);
