import { z } from 'zod';
import { formField } from '../common/form-schema.js';
import { ANNOUNCEMENT_CLASSES, ANNOUNCEMENT_MESSAGE_MAX } from './announcements.js';

/**
 * `POST /api/admin/announcements` (shop §2, §4): the banner's text and look. The notifications
 * service checks both (its messages: required, text, at most 1000 characters, one of the classes).
 */
export const publishAnnouncementBodySchema = z.object({
  message: formField<unknown>([], (value) => value, {
    type: 'string',
    example: 'Scheduled maintenance on Sunday 02:00-04:00 UTC.',
    maxLength: ANNOUNCEMENT_MESSAGE_MAX,
    required: true,
  }),
  class: formField<unknown>([], (value) => value, { type: 'string', enum: ANNOUNCEMENT_CLASSES, example: 'info', required: true }),
});
export type PublishAnnouncementBody = z.input<typeof publishAnnouncementBodySchema>;
