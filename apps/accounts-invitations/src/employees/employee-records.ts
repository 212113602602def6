import type { EmployeeDto, EmployeeSnapshot } from '@aero/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** An employee row as the service reads it. */
export interface EmployeeRow {
  id: string;
  company_id: string;
  user_id: string | null;
  name: string;
  first_name: string | null;
  last_name: string | null;
  surname: string | null;
  email: string | null;
  birth_date: string | null;
  country: string | null;
  department: string | null;
  division: string | null;
  position: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns of an employee, with the date as YYYY-MM-DD (alias `e`). */
export const EMPLOYEE_COLUMNS = `e.id, e.company_id, e.user_id, e.name, e.first_name, e.last_name, e.surname, e.email,
  e.birth_date::text AS birth_date, e.country::text AS country, e.department, e.division, e.position, e.created_at, e.updated_at`;

/** The order of every employee list: by name, then id (stable across pages). */
export const EMPLOYEE_ORDER = 'lower(e.name), e.id';

/**
 * Matches `$n` (a `%text%` pattern) against the fields people search by (name, e-mail, first and
 * last name, surname, department, division, position), case-insensitively: the `search_text`
 * column holds them lower-cased, under a trigram index.
 */
export function employeeMatches(param: string): string {
  return `e.search_text LIKE lower(${param})`;
}

export function toEmployeeDto(row: EmployeeRow): EmployeeDto {
  return {
    id: row.id,
    name: row.name,
    first_name: row.first_name,
    last_name: row.last_name,
    surname: row.surname,
    email: row.email,
    birth_date: row.birth_date,
    country: row.country,
    department: row.department,
    division: row.division,
    position: row.position,
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The employee as the employee events carry it. */
export function toEmployeeSnapshot(row: EmployeeRow): EmployeeSnapshot {
  return {
    employeeId: row.id,
    companyId: row.company_id,
    userId: row.user_id,
    name: row.name,
    firstName: row.first_name,
    lastName: row.last_name,
    surname: row.surname,
    email: row.email,
    birthDate: row.birth_date,
    country: row.country,
    department: row.department,
    division: row.division,
    position: row.position,
  };
}

/** One employee by id (any company: the caller checks the scope), locked for update when asked. */
export async function findEmployee(manager: EntityManager | DataSource, id: string, lock = false): Promise<EmployeeRow | null> {
  const rows: EmployeeRow[] = await manager.query(
    `SELECT ${EMPLOYEE_COLUMNS} FROM accounts_invitations.employees e WHERE e.id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}
