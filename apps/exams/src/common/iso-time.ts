/** A time read from Postgres (a Date, or text from a JSON or raw row) as the API writes it, ISO in UTC; null stays null. */
export function isoTime(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
