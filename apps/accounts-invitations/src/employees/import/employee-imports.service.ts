import {
  AccountErrorCode,
  EmployeeCreatedEvent,
  EmployeeImportLimits,
  EmployeeImportMessages,
  isRecordId,
  type EmployeeImportDto,
  type EmployeeImportStatus,
  type RejectedImportRow,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { OutboxWriter } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { actingCompany, inScope, requireCapability } from '../../common/company-scope.js';
import { CountriesCatalog } from '../../countries/countries-catalog.js';
import { EMPLOYEE_COLUMNS, toEmployeeSnapshot, type EmployeeRow } from '../employee-records.js';
import { EmployeeImportQueue } from './employee-import.queue.js';
import { readImportFile, UnreadableFileError, type ImportTable } from './import-file.js';
import { rowChecker, type CheckedRow, type ImportColumn, type RowChecker } from './import-rows.js';

interface ImportRow {
  id: string;
  company_id: string;
  created_by: string | null;
  file_name: string;
  size: number;
  format: 'csv' | 'xlsx' | null;
  status: EmployeeImportStatus;
  total_rows: number;
  processed_rows: number;
  accepted_rows: number;
  rejected_rows: number;
  duplicate_rows: number;
  created_rows: number;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const S = 'accounts_invitations';
/** Rows written per statement while checking, and created per transaction while importing. */
const BATCH = 500;

function notFound(): DomainError {
  return DomainError.notFound(EmployeeImportMessages.notFound);
}

function progressOf(row: ImportRow): number {
  switch (row.status) {
    case 'validating':
      return row.total_rows ? Math.floor((row.processed_rows * 100) / row.total_rows) : 0;
    case 'importing':
      return row.accepted_rows ? Math.floor((row.processed_rows * 100) / row.accepted_rows) : 0;
    case 'uploading':
      return 0;
    default:
      return 100;
  }
}

/** A stored value: '' as null, the country upper-case. */
function stored(column: ImportColumn, value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  return column === 'country' ? text.toUpperCase() : text;
}

/**
 * Employee imports (learning §2): a CSV or XLSX file arrives in chunks; a job reads it and checks
 * every row (employee rules, duplicates in the company or the file), with progress; a file with
 * only good rows is imported at once, one with rejected rows waits for the admin's confirmation
 * and then imports its accepted rows only; a file that cannot be read imports nothing. Each
 * created employee has its `employee.created` (source `import`) in the same transaction, and a
 * row is marked imported with it, so no row is created twice.
 */
@Injectable()
export class EmployeeImportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly countries: CountriesCatalog,
    private readonly queue: EmployeeImportQueue,
  ) {}

  /** A CSV or XLSX file of 1 byte to the limit (`employeeImportBeginRequestSchema`), before its chunks. */
  async begin(ctx: RequestContext, { file_name: fileName, size }: { file_name: string; size: number }): Promise<{ data: EmployeeImportDto }> {
    const { companyId, userId } = actingCompany(ctx, 'employees.import');
    const [row]: ImportRow[] = await this.dataSource.query(
      `INSERT INTO ${S}.employee_imports (company_id, created_by, file_name, size) VALUES ($1, $2, $3, $4) RETURNING *`,
      [companyId, userId, fileName, size],
    );
    return { data: this.toDto(row, []) };
  }

  /** Stores one chunk of the file (again: the same bytes replace it). */
  async append(ctx: RequestContext, request: { id: string; index: number; content_base64: string }): Promise<{ received: number }> {
    const found = await this.findInScope(ctx, request.id, 'employees.import');
    if (found.status !== 'uploading') throw new DomainError(AccountErrorCode.Validation, EmployeeImportMessages.upload, 409);
    const { index } = request;
    const bytes = Buffer.from(request.content_base64, 'base64');
    if (!Number.isInteger(index) || index < 0 || bytes.length === 0 || bytes.length > EmployeeImportLimits.chunkBytes) {
      throw DomainError.field('content_base64', EmployeeImportMessages.upload, AccountErrorCode.Validation);
    }
    await this.dataSource.query(
      `INSERT INTO ${S}.employee_import_chunks (import_id, index, bytes) VALUES ($1, $2, $3)
       ON CONFLICT (import_id, index) DO UPDATE SET bytes = EXCLUDED.bytes`,
      [found.id, index, bytes],
    );
    return { received: bytes.length };
  }

  /** The file is complete: its rows are checked by a job. */
  async submit(ctx: RequestContext, request: { id: string; chunks: number }): Promise<{ message: string; data: EmployeeImportDto }> {
    const found = await this.findInScope(ctx, request.id, 'employees.import');
    const [{ chunks, size }]: { chunks: number; size: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS chunks, COALESCE(sum(length(bytes)), 0)::int AS size, COALESCE(max(index), -1)::int AS last
         FROM ${S}.employee_import_chunks WHERE import_id = $1`,
      [found.id],
    );
    if (found.status !== 'uploading' || chunks !== request.chunks || size !== found.size) {
      throw new DomainError(AccountErrorCode.Validation, EmployeeImportMessages.upload, 409);
    }
    // An UPDATE answers [rows, count].
    const [[row]]: [ImportRow[], number] = await this.dataSource.query(
      `UPDATE ${S}.employee_imports SET status = 'validating', updated_at = now() WHERE id = $1 AND status = 'uploading' RETURNING *`,
      [found.id],
    );
    if (!row) throw new DomainError(AccountErrorCode.Validation, EmployeeImportMessages.upload, 409);
    await this.queue.enqueue({ importId: row.id, step: 'validate' });
    return { message: EmployeeImportMessages.uploaded, data: this.toDto(row, []) };
  }

  async get(ctx: RequestContext, id: string): Promise<{ data: EmployeeImportDto }> {
    const row = await this.findInScope(ctx, id, 'employees.import');
    return { data: this.toDto(row, await this.rejected(row.id)) };
  }

  /** Imports the accepted rows of a file that had rejected ones. */
  async confirm(ctx: RequestContext, id: string): Promise<{ message: string; data: EmployeeImportDto }> {
    const found = await this.findInScope(ctx, id, 'employees.import');
    const [[row]]: [ImportRow[], number] = await this.dataSource.query(
      `UPDATE ${S}.employee_imports SET status = 'importing', processed_rows = 0, updated_at = now()
        WHERE id = $1 AND status = 'validated' RETURNING *`,
      [found.id],
    );
    if (!row) throw new DomainError(AccountErrorCode.Validation, EmployeeImportMessages.notConfirmable, 409);
    await this.queue.enqueue({ importId: row.id, step: 'import' });
    return { message: EmployeeImportMessages.confirmed, data: this.toDto(row, await this.rejected(row.id)) };
  }

  /**
   * The job's first step: reads the file and checks every row, writing each row's verdict and the
   * progress as it goes. A file that cannot be read fails the import (nothing is imported); one
   * whose rows are all accepted goes on to be imported, otherwise it waits for a confirmation.
   */
  async validate(importId: string): Promise<void> {
    const row = await this.find(this.dataSource, importId);
    if (!row || row.status !== 'validating') return;
    const chunks: { bytes: Buffer }[] = await this.dataSource.query(
      `SELECT bytes FROM ${S}.employee_import_chunks WHERE import_id = $1 ORDER BY index`,
      [importId],
    );
    let table: ImportTable;
    let check: RowChecker;
    try {
      table = await readImportFile(Buffer.concat(chunks.map((c) => c.bytes)), row.file_name);
      const existing: { email: string }[] = await this.dataSource.query(
        `SELECT lower(email) AS email FROM ${S}.employees WHERE company_id = $1 AND email IS NOT NULL`,
        [row.company_id],
      );
      check = rowChecker(table, new Set(existing.map((e) => e.email)), (id) => this.countries.isCountry(id));
    } catch (error) {
      if (!(error instanceof UnreadableFileError)) throw error;
      await this.dataSource.query(
        `UPDATE ${S}.employee_imports SET status = 'failed', error = $2, finished_at = now(), updated_at = now() WHERE id = $1`,
        [importId, error.message],
      );
      await this.dataSource.query(`DELETE FROM ${S}.employee_import_chunks WHERE import_id = $1`, [importId]);
      return;
    }

    // A step run again starts over: the verdicts are written anew.
    await this.dataSource.query(`DELETE FROM ${S}.employee_import_rows WHERE import_id = $1`, [importId]);
    await this.dataSource.query(
      `UPDATE ${S}.employee_imports SET format = $2, total_rows = $3, processed_rows = 0, updated_at = now() WHERE id = $1`,
      [importId, table.format, table.rows.length],
    );
    const checked: CheckedRow[] = [];
    for (let start = 0; start < table.rows.length; start += BATCH) {
      // Checked a batch at a time, the service answering its calls in between (a long run of
      // checks would hold its event loop, and callers would take it for gone).
      const batch = table.rows.slice(start, start + BATCH).map((cells, i) => check(cells, start + i));
      checked.push(...batch);
      await new Promise((resolve) => setImmediate(resolve));
      await this.dataSource.query(
        `INSERT INTO ${S}.employee_import_rows (import_id, row_no, fields, errors, duplicate, status)
         SELECT $1, r.row_no, r.fields, r.errors, r.duplicate, CASE WHEN jsonb_array_length(r.errors) = 0 THEN 'accepted' ELSE 'rejected' END
           FROM jsonb_to_recordset($2::jsonb) AS r(row_no int, fields jsonb, errors jsonb, duplicate boolean)`,
        [importId, JSON.stringify(batch.map((c) => ({ row_no: c.row, fields: c.fields, errors: c.errors, duplicate: c.duplicate })))],
      );
      await this.dataSource.query(`UPDATE ${S}.employee_imports SET processed_rows = $2, updated_at = now() WHERE id = $1`, [
        importId,
        start + batch.length,
      ]);
    }
    const accepted = checked.filter((c) => c.errors.length === 0).length;
    const rejected = checked.length - accepted;
    const duplicates = checked.filter((c) => c.duplicate).length;
    const next = rejected === 0 ? 'importing' : 'validated';
    await this.dataSource.query(
      `UPDATE ${S}.employee_imports
          SET status = $2, accepted_rows = $3, rejected_rows = $4, duplicate_rows = $5,
              processed_rows = CASE WHEN $2 = 'importing' THEN 0 ELSE processed_rows END, updated_at = now()
        WHERE id = $1 AND status = 'validating'`,
      [importId, next, accepted, rejected, duplicates],
    );
    await this.dataSource.query(`DELETE FROM ${S}.employee_import_chunks WHERE import_id = $1`, [importId]);
    if (next === 'importing') await this.queue.enqueue({ importId, step: 'import' });
  }

  /**
   * The job's second step: creates the accepted rows' employees in batches, each with its
   * `employee.created`, marking the rows imported in the same transaction. An e-mail that became
   * an employee meanwhile is skipped (the company's unique index decides), never created twice.
   */
  async importRows(importId: string): Promise<void> {
    const row = await this.find(this.dataSource, importId);
    if (!row || row.status !== 'importing') return;
    for (;;) {
      const done = await this.dataSource.transaction(async (tx) => {
        const pending: { row_no: number; fields: Record<ImportColumn, string> }[] = await tx.query(
          `SELECT row_no, fields FROM ${S}.employee_import_rows WHERE import_id = $1 AND status = 'accepted'
            ORDER BY row_no LIMIT $2 FOR UPDATE SKIP LOCKED`,
          [importId, BATCH],
        );
        if (pending.length === 0) return true;
        const rows = pending.map((p) => ({ id: randomUUID(), row_no: p.row_no, ...this.values(p.fields) }));
        const created: EmployeeRow[] = await tx.query(
          `WITH input AS (
             SELECT * FROM jsonb_to_recordset($3::jsonb) AS r(id uuid, row_no int, name text, email text, first_name text, last_name text,
               surname text, birth_date date, country text, department text, division text, position text)
           ), inserted AS (
             INSERT INTO ${S}.employees (id, company_id, name, email, first_name, last_name, surname, birth_date, country, department, division, position, created_by)
             SELECT id, $1, name, email, first_name, last_name, surname, birth_date, country, department, division, position, $2
               FROM input ORDER BY row_no
             ON CONFLICT DO NOTHING
             RETURNING *
           )
           SELECT ${EMPLOYEE_COLUMNS} FROM inserted e`,
          [row.company_id, row.created_by, JSON.stringify(rows)],
        );
        const createdIds = new Set(created.map((e) => e.id));
        for (const employee of created) {
          await this.outbox.add(tx, EmployeeCreatedEvent, {
            ...toEmployeeSnapshot(employee),
            source: 'import',
            createdBy: row.created_by,
            createdAt: employee.created_at.toISOString(),
          });
        }
        await tx.query(
          `UPDATE ${S}.employee_import_rows r SET status = CASE WHEN u.created THEN 'imported' ELSE 'skipped' END,
                  employee_id = CASE WHEN u.created THEN u.id END,
                  duplicate = r.duplicate OR NOT u.created
             FROM jsonb_to_recordset($2::jsonb) AS u(row_no int, id uuid, created boolean)
            WHERE r.import_id = $1 AND r.row_no = u.row_no`,
          [importId, JSON.stringify(rows.map((r) => ({ row_no: r.row_no, id: r.id, created: createdIds.has(r.id) })))],
        );
        await tx.query(
          `UPDATE ${S}.employee_imports SET processed_rows = processed_rows + $2, created_rows = created_rows + $3,
                  duplicate_rows = duplicate_rows + $4, updated_at = now() WHERE id = $1`,
          [importId, rows.length, created.length, rows.length - created.length],
        );
        return false;
      });
      if (done) break;
    }
    await this.dataSource.query(
      `UPDATE ${S}.employee_imports SET status = 'done', finished_at = now(), updated_at = now() WHERE id = $1 AND status = 'importing'`,
      [importId],
    );
    // Thousands of new rows at once: the planner's figures of the table and its visibility map
    // are renewed now rather than at autovacuum's next look, so the company's searches use the
    // indexes at once (the count of matches an index-only scan: 2 ms for 5,000 employees, where
    // a plan from stale figures read the whole table in 10 to 40 ms).
    await this.dataSource.query(`VACUUM (ANALYZE) ${S}.employees`);
  }

  /** Imports whose step should be running (for the sweep that adds a lost job again). */
  async due(limit: number, graceSeconds: number): Promise<{ id: string; status: 'validating' | 'importing' }[]> {
    return this.dataSource.query(
      `SELECT id, status FROM ${S}.employee_imports
        WHERE status IN ('validating', 'importing') AND updated_at < now() - make_interval(secs => $2)
        ORDER BY updated_at LIMIT $1`,
      [limit, graceSeconds],
    );
  }

  private values(fields: Record<ImportColumn, string>) {
    return {
      name: fields.name.trim(),
      email: stored('email', fields.email),
      first_name: stored('first_name', fields.first_name),
      last_name: stored('last_name', fields.last_name),
      surname: stored('surname', fields.surname),
      birth_date: stored('birth_date', fields.birth_date),
      country: stored('country', fields.country),
      department: stored('department', fields.department),
      division: stored('division', fields.division),
      position: stored('position', fields.position),
    };
  }

  private async rejected(importId: string): Promise<RejectedImportRow[]> {
    const rows: { row_no: number; fields: Record<ImportColumn, string>; errors: string[]; duplicate: boolean }[] = await this.dataSource.query(
      `SELECT row_no, fields, errors, duplicate FROM ${S}.employee_import_rows
        WHERE import_id = $1 AND status IN ('rejected', 'skipped') ORDER BY row_no LIMIT $2`,
      [importId, EmployeeImportLimits.reportRowsMax],
    );
    return rows.map((r) => ({
      row: r.row_no,
      name: r.fields.name || null,
      email: r.fields.email || null,
      errors: r.errors.length ? r.errors : [EmployeeImportMessages.duplicateInCompany],
      duplicate: r.duplicate,
    }));
  }

  private async findInScope(ctx: RequestContext, id: unknown, capability: 'employees.import'): Promise<ImportRow> {
    requireCapability(ctx, capability);
    const row = await this.find(this.dataSource, id);
    if (!row || !inScope(ctx, capability, row.company_id)) throw notFound();
    return row;
  }

  private async find(manager: EntityManager | DataSource, id: unknown): Promise<ImportRow | null> {
    if (!isRecordId(id)) return null;
    const rows: ImportRow[] = await manager.query(`SELECT * FROM ${S}.employee_imports WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  private toDto(row: ImportRow, rejected: RejectedImportRow[]): EmployeeImportDto {
    return {
      id: row.id,
      file_name: row.file_name,
      format: row.format,
      status: row.status,
      total_rows: row.total_rows,
      processed_rows: row.processed_rows,
      progress: progressOf(row),
      accepted_rows: row.accepted_rows,
      rejected_rows: row.rejected_rows,
      duplicate_rows: row.duplicate_rows,
      created_rows: row.created_rows,
      rejected,
      error: row.error,
      needs_confirmation: row.status === 'validated',
      created_at: row.created_at.toISOString(),
      finished_at: row.finished_at?.toISOString() ?? null,
    };
  }
}
