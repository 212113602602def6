/**
 * Importing employees from a file (learning §2 employee import): a CSV or XLSX file is read and
 * checked row by row in a job; the admin sees which rows are accepted and which are rejected and
 * why (duplicates included). A file whose rows are all good is imported at once; one with bad rows
 * imports its good rows only when the admin confirms; a file that cannot be read imports nothing.
 */

/**
 * - `uploading`: chunks of the file are arriving;
 * - `validating`: the job reads and checks the rows;
 * - `validated`: some rows are rejected, the admin decides (confirm imports the accepted ones);
 * - `importing`: the accepted rows become employees;
 * - `done`: finished; `failed`: the file could not be read (nothing imported).
 */
export const EMPLOYEE_IMPORT_STATUSES = ['uploading', 'validating', 'validated', 'importing', 'done', 'failed'] as const;
export type EmployeeImportStatus = (typeof EMPLOYEE_IMPORT_STATUSES)[number];

/** The columns of the import file, in the template's order (the header row names them). */
export const EMPLOYEE_IMPORT_COLUMNS = [
  'name',
  'email',
  'first_name',
  'last_name',
  'surname',
  'birth_date',
  'country',
  'department',
  'division',
  'position',
] as const;

export const EmployeeImportLimits = {
  /** The largest file accepted (bytes). */
  fileMaxBytes: 4 * 1024 * 1024,
  /** Data rows of one file. */
  rowsMax: 20_000,
  /** Raw bytes per upload chunk (a NATS message carries it base64-encoded, under its 1 MB limit). */
  chunkBytes: 512 * 1024,
  /** Rejected rows listed in the report (the counts cover them all). */
  reportRowsMax: 500,
} as const;

/** One rejected row of the report: its number in the file (the header is row 1) and why. */
export interface RejectedImportRow {
  row: number;
  name: string | null;
  email: string | null;
  errors: string[];
  /** The e-mail is already an employee of the company, or appears earlier in the file. */
  duplicate: boolean;
}

/** An import as the page shows it: its progress and its report. */
export interface EmployeeImportDto {
  id: string;
  file_name: string;
  format: 'csv' | 'xlsx' | null;
  status: EmployeeImportStatus;
  total_rows: number;
  /** Rows done by the running step (reading or importing), for the progress bar. */
  processed_rows: number;
  /** 0 to 100. */
  progress: number;
  accepted_rows: number;
  rejected_rows: number;
  duplicate_rows: number;
  created_rows: number;
  /** The first rejected rows (at most `reportRowsMax`). */
  rejected: RejectedImportRow[];
  /** Why the file could not be read. */
  error: string | null;
  /** Bad rows were found: the good ones are imported only when the admin confirms. */
  needs_confirmation: boolean;
  created_at: string;
  finished_at: string | null;
}

export const EmployeeImportMessages = {
  uploaded: 'The file has been uploaded. Its rows are being checked.',
  confirmed: 'The accepted rows are being imported.',
  notFound: 'This import does not exist.',
  fileRequired: 'Choose a CSV or XLSX file.',
  fileType: 'The file must be a CSV or XLSX file.',
  fileTooLarge: 'The file may not be larger than 4 MB.',
  fileEmpty: 'The file is empty.',
  unreadable: (reason: string) => `The file could not be read: ${reason}`,
  noHeader: 'The first row must name the columns (name, email, ...).',
  missingNameColumn: 'The file has no name column.',
  tooManyRows: (max: number) => `The file has more than ${max} rows.`,
  noRows: 'The file has no rows to import.',
  notConfirmable: 'This import is not waiting for a confirmation.',
  duplicateInCompany: 'An employee with this e-mail already exists.',
  duplicateInFile: (row: number) => `The same e-mail is on row ${row}.`,
  upload: 'The upload is not complete.',
} as const;
