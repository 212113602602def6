import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'accounts_invitations';

/**
 * The employee search of the pickers (`GET /employees-search`) and the list: one lower-case text
 * of the fields people search by, kept by Postgres, with a trigram index, so "contains" is one
 * LIKE that an index can answer instead of eight ILIKEs over every employee of the company.
 */
export class EmployeeSearch1795252500000 implements MigrationInterface {
  name = 'EmployeeSearch1795252500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    // `||` rather than concat_ws: a generated column needs an immutable expression.
    await q.query(`ALTER TABLE ${S}.employees ADD COLUMN search_text text GENERATED ALWAYS AS (lower(
      name || ' ' || coalesce(email, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' ||
      coalesce(surname, '') || ' ' || coalesce(department, '') || ' ' || coalesce(division, '') || ' ' || coalesce(position, '')
    )) STORED`);
    await q.query(`CREATE INDEX employees_search_trgm_idx ON ${S}.employees USING gin (search_text gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ${S}.employees_search_trgm_idx`);
    await q.query(`ALTER TABLE ${S}.employees DROP COLUMN search_text`);
  }
}
