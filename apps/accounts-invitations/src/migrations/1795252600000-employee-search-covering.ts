import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'accounts_invitations';

/**
 * `GET /employees-search` answers the page and the number of matches. For a short query (one
 * letter, which the trigram index cannot answer) the count read every row of the table, every
 * company's, from the heap. The name index now carries `search_text`, so the count reads only the
 * company's index entries (an index-only scan: 8 ms → 2 ms for 5,000 employees).
 */
export class EmployeeSearchCovering1795252600000 implements MigrationInterface {
  name = 'EmployeeSearchCovering1795252600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX employees_company_name_search_idx ON ${S}.employees (company_id, lower(name), id) INCLUDE (search_text)`);
    await q.query(`DROP INDEX ${S}.employees_company_name_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX employees_company_name_idx ON ${S}.employees (company_id, lower(name), id)`);
    await q.query(`DROP INDEX ${S}.employees_company_name_search_idx`);
  }
}
