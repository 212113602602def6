import { z } from 'zod';
import { ANNOUNCEMENT_CLASSES, type AnnouncementDto } from './announcements.js';
import type { BonusPopupDto } from './newsletters.js';

/** `{ message }`: the text to flash. */
export const notificationsMessageSchema = z.object({ message: z.string() });

export const bonusPopupSchema = z.object({
  show: z.boolean().meta({ description: 'Signed in, not subscribed and not seen yet' }),
}) satisfies z.ZodType<BonusPopupDto>;

export const announcementSchema = z.object({
  uuid: z.string().meta({ format: 'uuid', description: 'Dismissal is remembered per uuid' }),
  message: z.string(),
  class: z.enum(ANNOUNCEMENT_CLASSES),
}) satisfies z.ZodType<AnnouncementDto>;

export const currentAnnouncementSchema = z.object({ data: announcementSchema.nullable() });
export const publishedAnnouncementSchema = z.object({ data: announcementSchema });
