/*
 * CSV as spreadsheets read it (RFC 4180): cells separated by commas, lines by CRLF, a cell with a
 * comma, a quote or a line break quoted with its quotes doubled. Text a spreadsheet would run as a
 * formula (a cell starting with =, +, -, @, tab or carriage return: "CSV injection") is written
 * with a leading apostrophe, so it shows as the text it is. Numbers are written as they are (a
 * negative amount stays a number): only text typed by someone can carry a formula.
 */

/** A cell value as reports hold it. */
export type CsvValue = string | number | boolean | null | undefined;

/** The UTF-8 byte order mark: spreadsheet programs read accented names right only with it. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell, escaped. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, ending with CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** The lines of `rows` in the order of `columns` (each row's field of that name). */
export function csvRows<Row extends object>(columns: readonly (keyof Row & string)[], rows: readonly Row[]): string {
  return rows.map((row) => csvLine(columns.map((column) => row[column] as CsvValue))).join('');
}

/** A whole file: the byte order mark, the header line (the column names) and the rows. */
export function csvDocument<Row extends object>(columns: readonly (keyof Row & string)[], rows: readonly Row[]): string {
  return `${CSV_BOM}${csvLine(columns)}${csvRows(columns, rows)}`;
}
