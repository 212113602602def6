import { EmployeeImportMessages } from '@aero/contracts';
import type ExcelJS from 'exceljs';

/*
 * The parsers are loaded with the first file of their format, not at start-up: ExcelJS (with its
 * ZIP, stream and polyfill dependencies) is about 9 MB of heap that a process which imports no
 * employees does not need.
 */
let excel: Promise<typeof ExcelJS> | undefined;
let csv: Promise<typeof import('csv-parse/sync')> | undefined;

/** A file whose rows cannot be read: nothing of it is imported. The message is the report's. */
export class UnreadableFileError extends Error {
  /** `reason` completes "The file could not be read: …". */
  static because(reason: string): UnreadableFileError {
    return new UnreadableFileError(EmployeeImportMessages.unreadable(reason));
  }

  constructor(message: string) {
    super(message);
    this.name = 'UnreadableFileError';
  }
}

export interface ImportTable {
  format: 'csv' | 'xlsx';
  /** The first row: the column names. */
  header: string[];
  /** The data rows, each cell as text ('' for an empty one). */
  rows: string[][];
}

/** An XLSX file is a ZIP archive: it starts with PK\x03\x04. */
function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * Reads an import file with the well-known parsers (csv-parse, ExcelJS): the format comes from the
 * bytes (a ZIP archive is XLSX) and the name (.csv). A CSV must be UTF-8 (a BOM is fine) and may
 * separate its fields with commas or semicolons (spreadsheets write either).
 */
export async function readImportFile(bytes: Buffer, fileName: string): Promise<ImportTable> {
  if (bytes.length === 0) throw UnreadableFileError.because('the file is empty.');
  if (isZip(bytes)) return readXlsx(bytes);
  if (/\.xlsx$/i.test(fileName)) throw UnreadableFileError.because('it is not a valid XLSX workbook.');
  return readCsv(bytes);
}

async function readCsv(bytes: Buffer): Promise<ImportTable> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw UnreadableFileError.because('it is not UTF-8 text.');
  }
  if (text.includes('\u0000')) throw UnreadableFileError.because('it is not a text file.');
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0];
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  csv ??= import('csv-parse/sync');
  const { parse } = await csv;
  let records: string[][];
  try {
    records = parse(text, { bom: true, delimiter, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw UnreadableFileError.because(error instanceof Error ? error.message : 'it is not valid CSV.');
  }
  const [header = [], ...rows] = records;
  return { format: 'csv', header, rows };
}

/** A cell's value as text: dates as YYYY-MM-DD, formulas by their result, rich text and links by their text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result);
    if ('error' in value) return '';
    return '';
  }
  return String(value).trim();
}

async function readXlsx(bytes: Buffer): Promise<ImportTable> {
  excel ??= import('exceljs').then((module) => module.default);
  const { Workbook } = await excel;
  const workbook = new Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw UnreadableFileError.because(`it is not a valid XLSX workbook (${error instanceof Error ? error.message : 'unknown error'}).`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw UnreadableFileError.because('the workbook has no sheet.');
  const records: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    // `row.values` starts at index 1 (column A).
    const values = row.values as ExcelJS.CellValue[];
    for (let column = 1; column < values.length; column++) cells.push(cellText(values[column]).trim());
    if (cells.some((cell) => cell !== '')) records.push(cells);
  });
  const [header = [], ...rows] = records;
  return { format: 'xlsx', header, rows };
}
