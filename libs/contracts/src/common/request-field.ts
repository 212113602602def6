/*
 * Reading the fields of the requests that are not forms of the account or contact pages (a cart
 * line, a search, a payment, a page of a list) the way the gateway always has: numbers may come
 * as form text ("12"), a field is missing when it is undefined or null, and text is as long as a
 * reader counts it.
 */

/** Missing: undefined or null. */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null;
}

/** A whole number written as form text ("12", "-3") as a number; any other value as sent. */
export function wholeNumberFromText(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
}

/** A whole or decimal number written as form text ("19.99") as a number; any other value as sent. */
export function numberFromText(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
}

/** A whole number (not NaN, not Infinity). */
export function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/**
 * The length of a text as a reader counts it: an emoji written with two UTF-16 units (a surrogate
 * pair) is one character, and so is a character followed by its presentation selector (U+FE0E,
 * U+FE0F).
 */
export function textLength(text: string): number {
  const presentationSequences = text.match(/[^\uFE0F\uFE0E][\uFE0F\uFE0E]/g)?.length ?? 0;
  const surrogatePairs = text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0;
  return text.length - presentationSequences - surrogatePairs;
}

/** Text of at most `max` characters (`textLength`); false for anything that is not text. */
export function isTextUpTo(value: unknown, max: number): boolean {
  return typeof value === 'string' && textLength(value) <= max;
}

/**
 * How many decimals a number has, written out in full: 0.015 has 3, 1e-7 has 7, 199 has none.
 * Read from the exponent form, which every finite number has (`toString()` is `1e-7` for small
 * numbers).
 */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return 0;
  const [mantissa, exponent] = Math.abs(value).toExponential().split('e');
  const mantissaDecimals = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, mantissaDecimals - Number(exponent));
}

/** A finite number with at most `max` decimals (euros to the cent: 2). */
export function isNumberWithDecimals(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && decimalPlaces(value) <= max;
}

/** A UUID of any version (or the nil and max UUIDs), as ids are written. */
export const UUID_FORMAT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

/** One of `choices`, compared as it is (no trimming, no case folding). */
export function isOneOf<T>(value: unknown, choices: readonly T[]): value is T {
  return choices.some((choice) => choice === value);
}

/**
 * A value of an RPC request read as text, whatever a caller sent: '' when absent, a number or a
 * boolean as its digits or word, anything else as its JSON. For a key that is looked up as it is
 * (an article's slug, a voucher code, an id), where a value that is no text simply finds nothing.
 */
export function textOfAnyValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** Text trimmed, not empty and at most `max` characters long (as `String.length` counts); else null (anything that is not text too). */
export function trimmedTextOf(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= max ? trimmed : null;
}
