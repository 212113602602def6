import {
  EMPLOYEE_IMPORT_COLUMNS,
  EmployeeImportLimits,
  EmployeeImportMessages,
  employeeImportRowSchema,
  formErrors,
  AccountMessages,
} from '@aero/contracts';
import { UnreadableFileError, type ImportTable } from './import-file.js';

export type ImportColumn = (typeof EMPLOYEE_IMPORT_COLUMNS)[number];

/** One data row with its verdict. `row` counts from the header (row 1), as a spreadsheet shows it. */
export interface CheckedRow {
  row: number;
  fields: Record<ImportColumn, string>;
  errors: string[];
  duplicate: boolean;
}

/** A header cell as a column: case, spaces, dashes and "e-mail" forgiven ("First name" is first_name). */
export function columnOf(header: string): ImportColumn | null {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/^e-?mail( address)?$/, 'email')
    .replace(/[\s-]+/g, '_');
  return (EMPLOYEE_IMPORT_COLUMNS as readonly string[]).includes(key) ? (key as ImportColumn) : null;
}

/** Checks one data row (its index among the data rows); the checker remembers the e-mails seen. */
export type RowChecker = (cells: string[], index: number) => CheckedRow;

/**
 * The checker of a file's rows: the rules of an employee (name required, a valid e-mail when
 * given, birth date, country, lengths), then duplicates: an e-mail the company already has, or
 * one an earlier row of the file has. Fails the whole file when its header names no name column
 * or it has no rows or too many.
 */
export function rowChecker(table: ImportTable, existingEmails: ReadonlySet<string>, isCountry: (id: string) => boolean): RowChecker {
  const columns = table.header.map(columnOf);
  if (!columns.includes('name')) {
    throw new UnreadableFileError(columns.some((c) => c !== null) ? EmployeeImportMessages.missingNameColumn : EmployeeImportMessages.noHeader);
  }
  if (table.rows.length === 0) throw new UnreadableFileError(EmployeeImportMessages.noRows);
  if (table.rows.length > EmployeeImportLimits.rowsMax) throw new UnreadableFileError(EmployeeImportMessages.tooManyRows(EmployeeImportLimits.rowsMax));

  const firstRowOf = new Map<string, number>();
  return (cells, i) => {
    const row = i + 2;
    const fields = Object.fromEntries(EMPLOYEE_IMPORT_COLUMNS.map((column) => [column, ''])) as Record<ImportColumn, string>;
    columns.forEach((column, index) => {
      if (column && cells[index] !== undefined) fields[column] = cells[index].trim();
    });
    const errors = Object.values(formErrors(employeeImportRowSchema, fields) ?? {}).flat();
    if (fields.country && /^[A-Za-z]{2}$/.test(fields.country) && !isCountry(fields.country)) errors.push(AccountMessages.invalidChoice('country'));
    let duplicate = false;
    const email = fields.email.toLowerCase();
    if (email) {
      if (existingEmails.has(email)) {
        errors.push(EmployeeImportMessages.duplicateInCompany);
        duplicate = true;
      } else if (firstRowOf.has(email)) {
        errors.push(EmployeeImportMessages.duplicateInFile(firstRowOf.get(email)!));
        duplicate = true;
      } else {
        firstRowOf.set(email, row);
      }
    }
    return { row, fields, errors, duplicate };
  };
}

/** Every row of the file checked at once (see rowChecker). */
export function checkRows(table: ImportTable, existingEmails: ReadonlySet<string>, isCountry: (id: string) => boolean): CheckedRow[] {
  const check = rowChecker(table, existingEmails, isCountry);
  return table.rows.map((cells, i) => check(cells, i));
}
