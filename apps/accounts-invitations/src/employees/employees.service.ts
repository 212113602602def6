import {
  AccountErrorCode,
  AccountMessages,
  EmployeeCreatedEvent,
  EmployeeErrorCode,
  EmployeeMessages,
  EmployeeRemovedEvent,
  EmployeeUpdatedEvent,
  employeeCreateRequestSchema,
  employeeListQuerySchema,
  employeeSearchQuerySchema,
  employeeUpdateRequestSchema,
  isRecordId,
  type EmployeeDto,
  type EmployeeField,
  type PagedList,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { OutboxWriter } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { inTransaction, type TxContext } from '@aero/backend-persistence';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../common/account-errors.js';
import { actingCompany, containsPattern, inScope, paginationOf, requireCapability } from '../common/company-scope.js';
import { CountriesCatalog } from '../countries/countries-catalog.js';
import {
  EMPLOYEE_COLUMNS,
  EMPLOYEE_ORDER,
  employeeMatches,
  findEmployee,
  toEmployeeDto,
  toEmployeeSnapshot,
  type EmployeeRow,
} from './employee-records.js';

/** An employee's fields as stored: text trimmed, '' as null, the country upper-case. */
export type EmployeeValues = Record<EmployeeField, string | null>;

/** Where a new employee came from (`employee.created` source). */
export type EmployeeSource = 'form' | 'invitation' | 'import';

const DETAIL_FIELDS = ['first_name', 'last_name', 'surname', 'birth_date', 'country', 'department', 'division', 'position'] as const;

/** The event field of each column, for `employee.updated` `changed`. */
const EVENT_FIELD: Record<EmployeeField | 'user_id', string> = {
  name: 'name',
  first_name: 'firstName',
  last_name: 'lastName',
  surname: 'surname',
  email: 'email',
  birth_date: 'birthDate',
  country: 'country',
  department: 'department',
  division: 'division',
  position: 'position',
  user_id: 'userId',
};

function stored(field: EmployeeField, value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  return field === 'country' ? text.toUpperCase() : text;
}

function duplicateEmail(): DomainError {
  return new DomainError(EmployeeErrorCode.DuplicateEmail, AccountMessages.formInvalid, 422, { email: [EmployeeMessages.duplicateEmail] });
}

function notFound(): DomainError {
  return DomainError.notFound(EmployeeMessages.notFound);
}

/**
 * The employees of a company (learning §2 employee list and forms, §5, §7): create, read, edit,
 * remove, the list page and the pickers' search. Every change writes its event
 * (`employee.created`, `employee.updated`, `employee.removed`) in the same transaction.
 */
@Injectable()
export class EmployeesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly countries: CountriesCatalog,
  ) {}

  async create(ctx: RequestContext, form: z.output<typeof employeeCreateRequestSchema>): Promise<{ message: string; data: EmployeeDto }> {
    const { companyId, userId } = actingCompany(ctx, 'employees.manage');
    this.checkCountry(form.country);
    const values = Object.fromEntries(
      (['name', 'email', ...DETAIL_FIELDS] as const).map((field) => [field, stored(field, form[field])]),
    ) as EmployeeValues;
    try {
      const row = await inTransaction(this.dataSource, ctx, (tx) => this.insert(tx, companyId, values, { source: 'form', createdBy: userId }));
      return { message: EmployeeMessages.created, data: toEmployeeDto(row) };
    } catch (error) {
      if (isUniqueViolation(error, 'employees_company_email_uq')) throw duplicateEmail();
      throw error;
    }
  }

  /**
   * Adds an employee inside the caller's transaction and records `employee.created`. The
   * company's unique e-mail index refuses a duplicate (the caller turns it into its message).
   */
  async insert(
    ctx: TxContext,
    companyId: string,
    values: EmployeeValues,
    origin: { source: EmployeeSource; createdBy: string | null; userId?: string | null },
  ): Promise<EmployeeRow> {
    const [{ id }]: { id: string }[] = await ctx.tx.query(
      `INSERT INTO accounts_invitations.employees
         (company_id, user_id, name, first_name, last_name, surname, email, birth_date, country, department, division, position, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        companyId,
        origin.userId ?? null,
        values.name,
        values.first_name,
        values.last_name,
        values.surname,
        values.email,
        values.birth_date,
        values.country,
        values.department,
        values.division,
        values.position,
        origin.createdBy,
      ],
    );
    const row = (await findEmployee(ctx.tx, id))!;
    await this.outbox.add(ctx.tx, EmployeeCreatedEvent, {
      ...toEmployeeSnapshot(row),
      source: origin.source,
      createdBy: origin.createdBy,
      createdAt: row.created_at.toISOString(),
    });
    return row;
  }

  async get(ctx: RequestContext, id: string): Promise<{ data: EmployeeDto }> {
    requireCapability(ctx, 'employees.view');
    const row = isRecordId(id) ? await findEmployee(this.dataSource, id) : null;
    if (!row || !inScope(ctx, 'employees.view', row.company_id)) throw notFound();
    return { data: toEmployeeDto(row) };
  }

  /** Changes the fields sent (an empty one is cleared; the name stays required). */
  async update(ctx: RequestContext, id: string, form: z.output<typeof employeeUpdateRequestSchema>): Promise<{ message: string; data: EmployeeDto }> {
    const userId = requireCapability(ctx, 'employees.manage');
    this.checkCountry(form.country);
    if (!isRecordId(id)) throw notFound();
    try {
      const row = await inTransaction(this.dataSource, ctx, async (tx) => {
        const before = await findEmployee(tx.tx, id, true);
        if (!before || !inScope(ctx, 'employees.manage', before.company_id)) throw notFound();
        const changes: Partial<EmployeeValues> = {};
        for (const field of ['name', 'email', ...DETAIL_FIELDS] as const) {
          if (form[field] === undefined) continue;
          const value = stored(field, form[field]);
          if (value !== before[field]) changes[field] = value;
        }
        return this.apply(tx, before, changes, userId);
      });
      return { message: EmployeeMessages.updated, data: toEmployeeDto(row) };
    } catch (error) {
      if (isUniqueViolation(error, 'employees_company_email_uq')) throw duplicateEmail();
      throw error;
    }
  }

  /**
   * Writes `changes` (columns to new values; `user_id` links an account) and records
   * `employee.updated` with what changed; nothing when nothing did.
   */
  async apply(
    ctx: TxContext,
    before: EmployeeRow,
    changes: Partial<EmployeeValues> & { user_id?: string | null },
    updatedBy: string | null,
  ): Promise<EmployeeRow> {
    const fields = Object.keys(changes) as (EmployeeField | 'user_id')[];
    if (fields.length === 0) return before;
    const assignments = fields.map((field, i) => `${field} = $${i + 2}`);
    await ctx.tx.query(
      `UPDATE accounts_invitations.employees SET ${assignments.join(', ')}, updated_at = now() WHERE id = $1`,
      [before.id, ...fields.map((field) => changes[field])],
    );
    const after = (await findEmployee(ctx.tx, before.id))!;
    await this.outbox.add(ctx.tx, EmployeeUpdatedEvent, {
      ...toEmployeeSnapshot(after),
      changed: fields.map((field) => EVENT_FIELD[field]),
      updatedBy,
      updatedAt: after.updated_at.toISOString(),
    });
    return after;
  }

  /** Removes the employee and their group memberships. */
  async remove(ctx: RequestContext, id: string): Promise<{ message: string }> {
    const userId = requireCapability(ctx, 'employees.manage');
    if (!isRecordId(id)) throw notFound();
    await inTransaction(this.dataSource, ctx, async (tx) => {
      const row = await findEmployee(tx.tx, id, true);
      if (!row || !inScope(ctx, 'employees.manage', row.company_id)) throw notFound();
      const groups: { group_id: string }[] = await tx.tx.query(
        `SELECT group_id FROM accounts_invitations.employee_group_members WHERE employee_id = $1 ORDER BY group_id`,
        [id],
      );
      await tx.tx.query(`DELETE FROM accounts_invitations.employees WHERE id = $1`, [id]);
      await this.outbox.add(tx.tx, EmployeeRemovedEvent, {
        employeeId: row.id,
        companyId: row.company_id,
        userId: row.user_id,
        name: row.name,
        email: row.email,
        groupIds: groups.map((g) => g.group_id),
        removedBy: userId,
        removedAt: new Date().toISOString(),
      });
    });
    return { message: EmployeeMessages.removed };
  }

  /** The employee list page: the company's employees by name, with search, 10 to 50 per page. */
  async list(ctx: RequestContext, query: z.output<typeof employeeListQuerySchema>): Promise<PagedList<EmployeeDto>> {
    const { companyId } = actingCompany(ctx, 'employees.view');
    return this.page(companyId, query.search.trim(), [], query.page, query.per_page);
  }

  /**
   * `GET /employees-search` (learning §7, §9): `limit` per page (at most 100), `query` contained
   * in a name, e-mail, department, division or position, `not` the ids already chosen,
   * `show_all=1` lists everyone when the query is empty (without it an empty query finds nobody).
   */
  async search(ctx: RequestContext, query: z.output<typeof employeeSearchQuerySchema>): Promise<PagedList<EmployeeDto>> {
    const { companyId } = actingCompany(ctx, 'employees.view');
    const text = query.query.trim();
    if (!text && !query.show_all) {
      return { data: [], meta: { pagination: paginationOf(0, 0, query.limit, query.page) } };
    }
    return this.page(companyId, text, query.not.filter(isRecordId), query.page, query.limit);
  }

  private async page(companyId: string, text: string, excluded: string[], page: number, perPage: number): Promise<PagedList<EmployeeDto>> {
    const where = `e.company_id = $1 AND ($2::text IS NULL OR ${employeeMatches('$2')}) AND NOT (e.id = ANY($3::uuid[]))`;
    const params = [companyId, text ? containsPattern(text) : null, excluded];
    // One round trip: the page (in name order, from the index) and the number of matches, counted
    // once apart from it; a page past the end asks again for the count.
    const rows: (EmployeeRow & { total: number })[] = await this.dataSource.query(
      `SELECT ${EMPLOYEE_COLUMNS}, (SELECT count(*) FROM accounts_invitations.employees e WHERE ${where})::int AS total
         FROM accounts_invitations.employees e
        WHERE ${where} ORDER BY ${EMPLOYEE_ORDER} LIMIT $4 OFFSET $5`,
      [...params, perPage, (page - 1) * perPage],
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page > 1) {
      const [count]: { total: number }[] = await this.dataSource.query(
        `SELECT count(*)::int AS total FROM accounts_invitations.employees e WHERE ${where}`,
        params,
      );
      total = count.total;
    }
    return { data: rows.map(toEmployeeDto), meta: { pagination: paginationOf(total, rows.length, perPage, page) } };
  }

  private checkCountry(country: string | undefined): void {
    const id = country?.trim();
    if (id && /^[A-Za-z]{2}$/.test(id) && !this.countries.isCountry(id.toUpperCase())) {
      throw new DomainError(AccountErrorCode.Validation, AccountMessages.formInvalid, 422, { country: [AccountMessages.invalidChoice('country')] });
    }
  }
}
