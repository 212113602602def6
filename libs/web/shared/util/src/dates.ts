/*
 * Dates of the API as the reader's language writes them. A text that is no date is shown as it
 * came rather than failing the page.
 */

/** A day of the API (YYYY-MM-DD, UTC) as the reader's language writes it ("Jun 30, 2027"). */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** A moment of the API (ISO) as a date in the reader's language and time zone ("Mar 2, 2026"); '' for none. */
export function formatDate(moment: string | null, language: string): string {
  if (!moment) return '';
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return moment;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** A moment of the API (ISO) as date and time in the reader's language and time zone. */
export function formatDateTime(moment: string, language: string): string {
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return moment;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
