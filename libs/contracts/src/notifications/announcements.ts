/** The look of the announcement banner (spec: shop §3 "Announcement: uuid, message, notification class"). */
export const ANNOUNCEMENT_CLASSES = ['info', 'success', 'warning', 'danger'] as const;
export type AnnouncementClass = (typeof ANNOUNCEMENT_CLASSES)[number];

/**
 * The announcement banner as the web app shows it. Dismissal is remembered per `uuid` in the
 * browser's local storage (spec: shop §4 Announcement), so a new announcement has a new uuid.
 */
export interface AnnouncementDto {
  uuid: string;
  message: string;
  class: AnnouncementClass;
}

/** Longest announcement text (characters): a banner, not an article. */
export const ANNOUNCEMENT_MESSAGE_MAX = 1000;

export function isAnnouncementClass(value: unknown): value is AnnouncementClass {
  return typeof value === 'string' && (ANNOUNCEMENT_CLASSES as readonly string[]).includes(value);
}
