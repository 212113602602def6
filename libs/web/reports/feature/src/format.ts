import { formatEur } from '@aero/web-shared-util';

/** A moment of the API (ISO) as a date in the reader's language ("Mar 2, 2026"); '' for none. */
export function formatDate(moment: string | null, language: string): string {
  if (!moment) return '';
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return moment;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** A moment of the API (ISO) as date and time in the reader's language. */
export function formatDateTime(moment: string, language: string): string {
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return moment;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A day of the API (YYYY-MM-DD, UTC) as the reader's language writes it ("Jun 30, 2027"). */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** Cents as euros (`€1,788.00`, `-€199.00`). */
export function formatCents(cents: number): string {
  return formatEur(cents / 100);
}
