import {
  AccountErrorCode,
  AccountMessages,
  EmployeeErrorCode,
  EmployeeMessages,
  employeeGroupCreateRequestSchema,
  employeeGroupUpdateRequestSchema,
  isRecordId,
  type EmployeeGroupDto,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { RequestContext } from '@aero/backend-observability';
import { inTransaction, type TxContext } from '@aero/backend-persistence';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { DataSource, type EntityManager } from 'typeorm';
import { isUniqueViolation } from '../common/account-errors.js';
import { actingCompany, inScope, requireCapability } from '../common/company-scope.js';
import { EMPLOYEE_COLUMNS, EMPLOYEE_ORDER, toEmployeeDto, type EmployeeRow } from './employee-records.js';

interface GroupRow {
  id: string;
  company_id: string;
  name: string;
  employees_count: number;
}

const SELECT_GROUP = `
  SELECT g.id, g.company_id, g.name,
         (SELECT count(*)::int FROM accounts_invitations.employee_group_members m WHERE m.group_id = g.id) AS employees_count
    FROM accounts_invitations.employee_groups g`;

function notFound(): DomainError {
  return DomainError.notFound(EmployeeMessages.groupNotFound);
}

function nameTaken(): DomainError {
  return new DomainError(EmployeeErrorCode.GroupNameTaken, AccountMessages.formInvalid, 422, { name: [EmployeeMessages.groupNameTaken] });
}

/**
 * Employee groups (learning §2 employee group edit page, §7 `/employee-group`): a company's named
 * sets of its employees, for organizing a course for many people at once. A member is always an
 * employee of the group's company (the schema's composite keys hold it too).
 */
@Injectable()
export class EmployeeGroupsService {
  constructor(private readonly dataSource: DataSource) {}

  /** `GET /employee-group`: the company's groups by name, with their members unless `without_employees`. */
  async list(ctx: RequestContext, request: { without_employees: boolean }): Promise<{ data: EmployeeGroupDto[] }> {
    const { companyId } = actingCompany(ctx, 'employees.view');
    const groups: GroupRow[] = await this.dataSource.query(`${SELECT_GROUP} WHERE g.company_id = $1 ORDER BY lower(g.name), g.id`, [companyId]);
    if (request.without_employees) return { data: groups.map((g) => this.toDto(g)) };
    const members = await this.members(this.dataSource, groups.map((g) => g.id));
    return { data: groups.map((g) => this.toDto(g, members.get(g.id) ?? [])) };
  }

  async get(ctx: RequestContext, id: string): Promise<{ data: EmployeeGroupDto }> {
    requireCapability(ctx, 'employees.view');
    const group = await this.find(this.dataSource, id);
    if (!group || !inScope(ctx, 'employees.view', group.company_id)) throw notFound();
    return { data: await this.withMembers(this.dataSource, group) };
  }

  async create(ctx: RequestContext, form: z.output<typeof employeeGroupCreateRequestSchema>): Promise<{ message: string; group: { data: EmployeeGroupDto } }> {
    const { companyId } = actingCompany(ctx, 'employee_groups.manage');
    try {
      const data = await inTransaction(this.dataSource, ctx, async (tx) => {
        const [{ id }]: { id: string }[] = await tx.tx.query(
          `INSERT INTO accounts_invitations.employee_groups (company_id, name) VALUES ($1, $2) RETURNING id`,
          [companyId, form.name.trim()],
        );
        if (form.employee_ids?.length) await this.setMembers(tx, id, companyId, form.employee_ids);
        return this.withMembers(tx.tx, (await this.find(tx.tx, id))!);
      });
      return { message: EmployeeMessages.groupCreated, group: { data } };
    } catch (error) {
      if (isUniqueViolation(error, 'employee_groups_company_name_uq')) throw nameTaken();
      throw error;
    }
  }

  /** `PATCH /employee-group/{id}`: `name` renames, `employee_ids` sets the members (both at once is fine). */
  async update(ctx: RequestContext, id: string, form: z.output<typeof employeeGroupUpdateRequestSchema>): Promise<{ message: string; group: { data: EmployeeGroupDto } }> {
    requireCapability(ctx, 'employee_groups.manage');
    try {
      const data = await inTransaction(this.dataSource, ctx, async (tx) => {
        const group = await this.find(tx.tx, id, true);
        if (!group || !inScope(ctx, 'employee_groups.manage', group.company_id)) throw notFound();
        if (form.name !== undefined) {
          await tx.tx.query(`UPDATE accounts_invitations.employee_groups SET name = $2, updated_at = now() WHERE id = $1`, [group.id, form.name.trim()]);
        }
        if (form.employee_ids !== undefined) await this.setMembers(tx, group.id, group.company_id, form.employee_ids);
        return this.withMembers(tx.tx, (await this.find(tx.tx, group.id))!);
      });
      const message = form.employee_ids !== undefined ? EmployeeMessages.groupMembersSaved : EmployeeMessages.groupRenamed;
      return { message, group: { data } };
    } catch (error) {
      if (isUniqueViolation(error, 'employee_groups_company_name_uq')) throw nameTaken();
      throw error;
    }
  }

  async remove(ctx: RequestContext, id: string): Promise<{ message: string }> {
    requireCapability(ctx, 'employee_groups.manage');
    await inTransaction(this.dataSource, ctx, async (tx) => {
      const group = await this.find(tx.tx, id, true);
      if (!group || !inScope(ctx, 'employee_groups.manage', group.company_id)) throw notFound();
      await tx.tx.query(`DELETE FROM accounts_invitations.employee_groups WHERE id = $1`, [group.id]);
    });
    return { message: EmployeeMessages.groupRemoved };
  }

  /** Makes `employeeIds` the members: each must be an employee of the company (else 422 and nothing changes). */
  private async setMembers(ctx: TxContext, groupId: string, companyId: string, employeeIds: string[]): Promise<void> {
    const [{ known }]: { known: number }[] = await ctx.tx.query(
      `SELECT count(*)::int AS known FROM accounts_invitations.employees WHERE company_id = $1 AND id = ANY($2::uuid[])`,
      [companyId, employeeIds],
    );
    if (known !== employeeIds.length) {
      throw new DomainError(AccountErrorCode.Validation, AccountMessages.formInvalid, 422, { employee_ids: [EmployeeMessages.employeesInvalid] });
    }
    await ctx.tx.query(
      `DELETE FROM accounts_invitations.employee_group_members WHERE group_id = $1 AND NOT (employee_id = ANY($2::uuid[]))`,
      [groupId, employeeIds],
    );
    await ctx.tx.query(
      `INSERT INTO accounts_invitations.employee_group_members (group_id, employee_id, company_id)
       SELECT $1, unnest($2::uuid[]), $3 ON CONFLICT DO NOTHING`,
      [groupId, employeeIds, companyId],
    );
    await ctx.tx.query(`UPDATE accounts_invitations.employee_groups SET updated_at = now() WHERE id = $1`, [groupId]);
  }

  private async find(manager: EntityManager | DataSource, id: unknown, lock = false): Promise<GroupRow | null> {
    if (!isRecordId(id)) return null;
    const rows: GroupRow[] = await manager.query(`${SELECT_GROUP} WHERE g.id = $1${lock ? ' FOR UPDATE OF g' : ''}`, [id]);
    return rows[0] ?? null;
  }

  private async withMembers(manager: EntityManager | DataSource, group: GroupRow): Promise<EmployeeGroupDto> {
    const members = await this.members(manager, [group.id]);
    return this.toDto(group, members.get(group.id) ?? []);
  }

  /** The members of these groups by name, per group. */
  private async members(manager: EntityManager | DataSource, groupIds: string[]): Promise<Map<string, EmployeeRow[]>> {
    const byGroup = new Map<string, EmployeeRow[]>();
    if (groupIds.length === 0) return byGroup;
    const rows: (EmployeeRow & { group_id: string })[] = await manager.query(
      `SELECT m.group_id, ${EMPLOYEE_COLUMNS}
         FROM accounts_invitations.employee_group_members m JOIN accounts_invitations.employees e ON e.id = m.employee_id
        WHERE m.group_id = ANY($1::uuid[]) ORDER BY ${EMPLOYEE_ORDER}`,
      [groupIds],
    );
    for (const row of rows) {
      const list = byGroup.get(row.group_id) ?? [];
      list.push(row);
      byGroup.set(row.group_id, list);
    }
    return byGroup;
  }

  private toDto(group: GroupRow, members?: EmployeeRow[]): EmployeeGroupDto {
    const dto: EmployeeGroupDto = { id: group.id, name: group.name, employees_count: group.employees_count };
    if (members) dto.employees = { data: members.map(toEmployeeDto) };
    return dto;
  }
}
