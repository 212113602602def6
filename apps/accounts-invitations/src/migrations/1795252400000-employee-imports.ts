import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'accounts_invitations';

/**
 * Employee imports (learning §2 employee import): the uploaded file (in chunks, dropped once its
 * rows are read), each row with its verdict, and the import's progress and counts. A row becomes
 * an employee once (`imported` with its `employee_id`), so a job run again creates nobody twice.
 */
export class EmployeeImports1795252400000 implements MigrationInterface {
  name = 'EmployeeImports1795252400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE ${S}.employee_imports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES ${S}.companies(id) ON DELETE CASCADE,
      created_by uuid REFERENCES ${S}.users(id) ON DELETE SET NULL,
      file_name text NOT NULL,
      size integer NOT NULL CHECK (size >= 0),
      format text CHECK (format IN ('csv','xlsx')),
      status text NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading','validating','validated','importing','done','failed')),
      total_rows integer NOT NULL DEFAULT 0,
      processed_rows integer NOT NULL DEFAULT 0,
      accepted_rows integer NOT NULL DEFAULT 0,
      rejected_rows integer NOT NULL DEFAULT 0,
      duplicate_rows integer NOT NULL DEFAULT 0,
      created_rows integer NOT NULL DEFAULT 0,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      CHECK (status <> 'failed' OR error IS NOT NULL)
    )`);
    await q.query(`CREATE INDEX employee_imports_company_idx ON ${S}.employee_imports (company_id, created_at DESC)`);
    await q.query(`CREATE TABLE ${S}.employee_import_chunks (
      import_id uuid NOT NULL REFERENCES ${S}.employee_imports(id) ON DELETE CASCADE,
      index integer NOT NULL CHECK (index >= 0),
      bytes bytea NOT NULL,
      PRIMARY KEY (import_id, index)
    )`);
    await q.query(`CREATE TABLE ${S}.employee_import_rows (
      import_id uuid NOT NULL REFERENCES ${S}.employee_imports(id) ON DELETE CASCADE,
      row_no integer NOT NULL,
      fields jsonb NOT NULL,
      errors jsonb NOT NULL DEFAULT '[]',
      duplicate boolean NOT NULL DEFAULT false,
      status text NOT NULL CHECK (status IN ('accepted','rejected','imported','skipped')),
      employee_id uuid REFERENCES ${S}.employees(id) ON DELETE SET NULL,
      PRIMARY KEY (import_id, row_no)
    )`);
    await q.query(`CREATE INDEX employee_import_rows_pending_idx ON ${S}.employee_import_rows (import_id, row_no) WHERE status = 'accepted'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${S}.employee_import_rows`);
    await q.query(`DROP TABLE ${S}.employee_import_chunks`);
    await q.query(`DROP TABLE ${S}.employee_imports`);
  }
}
