import {
  AccountErrorCode,
  AccountMessages,
  can,
  EmployeeErrorCode,
  EmployeeLimits,
  EmployeeMessages,
  INVITATION_RESEND_INTERVAL_SECONDS,
  InvitationAcceptedEvent,
  invitationCreateRequestSchema,
  invitationListQuerySchema,
  InvitationSentEvent,
  invitationUpdateRequestSchema,
  isRecordId,
  type InvitationAnswer,
  type InvitationDto,
  type InvitationLookup,
  type InvitationSent,
  type InvitationStatus,
  type InvitingCompany,
  type PaginationMeta,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { OutboxWriter } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { inTransaction, type TxContext } from '@aero/backend-persistence';
import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountErrors, isUniqueViolation } from '../common/account-errors.js';
import { AccountsConfig } from '../common/accounts-config.js';
import { actingCompany, containsPattern, inScope, paginationOf, requireCapability } from '../common/company-scope.js';
import { fullName, UserDirectory, type UserRecord } from '../common/user-directory.js';
import { EMPLOYEE_COLUMNS, type EmployeeRow } from '../employees/employee-records.js';
import { EmployeesService } from '../employees/employees.service.js';

interface InvitationRow {
  id: string;
  email: string;
  company_id: string;
  company_name: string;
  division: string | null;
  department: string | null;
  position: string | null;
  status: InvitationStatus;
  created_at: Date;
  last_sent_at: Date;
}

/** Only the hash of an invitation token is stored: a database leak does not leak usable links. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The link of the invitation e-mail: the registration form with the e-mail read-only (or sign-in and the popup). */
export function invitationUrl(publicBaseUrl: string, token: string, email: string): string {
  return `${publicBaseUrl}/register?invitation=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

function toDto(row: InvitationRow): InvitationDto {
  return { ...row, created_at: row.created_at.toISOString(), last_sent_at: row.last_sent_at.toISOString() };
}

const SELECT_INVITATION = `
  SELECT i.id, i.email, i.company_id, c.name AS company_name, i.division, i.department, i.position, i.status,
         i.created_at, i.last_sent_at
    FROM accounts_invitations.invitations i JOIN accounts_invitations.companies c ON c.id = i.company_id`;

function notFound(): DomainError {
  return DomainError.notFound(EmployeeMessages.invitationNotFound);
}

function duplicate(): DomainError {
  return AccountErrors.field('email', AccountMessages.invitationDuplicate);
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A person the invitation is accepted for. */
export type Invitee = Pick<UserRecord, 'id' | 'email' | 'first_name' | 'last_name' | 'company_id'>;

/**
 * Invitations to a company's Student List (learning §2 'My pending invitations' and the
 * pending-invitation popup, §4, §7, §8). A company admin invites an e-mail; the person gets a link
 * (`invitation.sent` → notifications, one e-mail per event) to register with that e-mail, or,
 * having an account, sees the popup after signing in and joins. Joining makes them an employee
 * of the company (`invitation.accepted`, `employee.created` or `employee.updated`).
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserDirectory,
    private readonly outbox: OutboxWriter,
    private readonly config: AccountsConfig,
    private readonly employees: EmployeesService,
  ) {}

  async create(ctx: RequestContext, form: z.output<typeof invitationCreateRequestSchema>): Promise<InvitationAnswer> {
    const { companyId, userId } = actingCompany(ctx, 'invitations.manage');
    const email = form.email.trim();
    if (await this.alreadyJoined(this.dataSource, companyId, email)) {
      throw AccountErrors.field('email', EmployeeMessages.invitationAlreadyEmployee);
    }
    try {
      const row = await inTransaction(this.dataSource, ctx, async (tx) => {
        const token = newToken();
        const [{ id }]: { id: string }[] = await tx.tx.query(
          `INSERT INTO accounts_invitations.invitations (token_hash, email, company_id, invited_by, division, department, position)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [hashInvitationToken(token), email, companyId, userId, form.division.trim() || null, form.department.trim() || null, form.position.trim() || null],
        );
        const row = (await this.find(tx.tx, id))!;
        await this.announce(tx, row, token, 'invited');
        return row;
      });
      return { success: true, message: AccountMessages.invitationCreated, data: toDto(row) };
    } catch (error) {
      if (isUniqueViolation(error, 'invitations_pending_email_uq')) throw duplicate();
      throw error;
    }
  }

  /** 'My pending invitations': the company's pending invitations, oldest first, 10 per page, searchable. */
  async list(ctx: RequestContext, query: z.output<typeof invitationListQuerySchema>): Promise<{ success: true; data: InvitationDto[]; meta: { pagination: PaginationMeta } }> {
    const { companyId } = actingCompany(ctx, 'invitations.manage');
    const text = query.search_query.trim();
    const perPage = EmployeeLimits.invitationsPageSize;
    const where = `i.company_id = $1 AND i.status = 'pending'
      AND ($2::text IS NULL OR i.email ILIKE $2 OR i.division ILIKE $2 OR i.department ILIKE $2 OR i.position ILIKE $2)`;
    const params = [companyId, text ? containsPattern(text) : null];
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM accounts_invitations.invitations i WHERE ${where}`,
      params,
    );
    const rows: InvitationRow[] = await this.dataSource.query(
      `${SELECT_INVITATION} WHERE ${where} ORDER BY i.created_at, i.id LIMIT $3 OFFSET $4`,
      [...params, perPage, (query.page - 1) * perPage],
    );
    return { success: true, data: rows.map(toDto), meta: { pagination: paginationOf(total, rows.length, perPage, query.page) } };
  }

  async get(ctx: RequestContext, id: string): Promise<{ success: true; data: InvitationDto }> {
    requireCapability(ctx, 'invitations.manage');
    const row = await this.find(this.dataSource, id);
    if (!row || row.status !== 'pending' || !inScope(ctx, 'invitations.manage', row.company_id)) throw notFound();
    return { success: true, data: toDto(row) };
  }

  /** Edits a pending invitation; a new e-mail gets a new link, and the old one stops working. */
  async update(ctx: RequestContext, id: string, form: z.output<typeof invitationUpdateRequestSchema>): Promise<InvitationAnswer> {
    requireCapability(ctx, 'invitations.manage');
    try {
      const row = await inTransaction(this.dataSource, ctx, async (tx) => {
        const before = await this.find(tx.tx, id, true);
        if (!before || before.status !== 'pending' || !inScope(ctx, 'invitations.manage', before.company_id)) throw notFound();
        const email = form.email?.trim();
        const emailChanged = email !== undefined && email.toLowerCase() !== before.email.toLowerCase();
        if (emailChanged && (await this.alreadyJoined(tx.tx, before.company_id, email))) {
          throw AccountErrors.field('email', EmployeeMessages.invitationAlreadyEmployee);
        }
        const token = emailChanged ? newToken() : null;
        await tx.tx.query(
          `UPDATE accounts_invitations.invitations
              SET email = COALESCE($2, email), division = CASE WHEN $3 THEN $4 ELSE division END,
                  department = CASE WHEN $5 THEN $6 ELSE department END, position = CASE WHEN $7 THEN $8 ELSE position END,
                  token_hash = COALESCE($9, token_hash), last_sent_at = CASE WHEN $9::text IS NULL THEN last_sent_at ELSE now() END,
                  updated_at = now()
            WHERE id = $1`,
          [
            before.id,
            email ?? null,
            form.division !== undefined,
            form.division?.trim() || null,
            form.department !== undefined,
            form.department?.trim() || null,
            form.position !== undefined,
            form.position?.trim() || null,
            token ? hashInvitationToken(token) : null,
          ],
        );
        const after = (await this.find(tx.tx, before.id))!;
        if (token) await this.announce(tx, after, token, 'email_changed');
        return after;
      });
      return { success: true, message: EmployeeMessages.invitationUpdated, data: toDto(row) };
    } catch (error) {
      if (isUniqueViolation(error, 'invitations_pending_email_uq')) throw duplicate();
      throw error;
    }
  }

  /**
   * E-mails a new link (the previous one stops working), at most once per
   * INVITATION_RESEND_INTERVAL_SECONDS; sooner is a 429 saying when it may be tried again.
   */
  async resend(ctx: RequestContext, id: string): Promise<{ success: true; message: string }> {
    requireCapability(ctx, 'invitations.manage');
    await inTransaction(this.dataSource, ctx, async (tx) => {
      const before = await this.find(tx.tx, id, true);
      if (!before || before.status !== 'pending' || !inScope(ctx, 'invitations.manage', before.company_id)) throw notFound();
      const token = newToken();
      // The row lock makes the check and the stamp one step: two resends at once send one e-mail.
      const rows: { wait: number }[] = await tx.tx.query(
        `SELECT GREATEST(0, EXTRACT(EPOCH FROM (last_sent_at + make_interval(secs => $2) - now())))::float AS wait
           FROM accounts_invitations.invitations WHERE id = $1`,
        [before.id, INVITATION_RESEND_INTERVAL_SECONDS],
      );
      const wait = rows[0].wait;
      if (wait > 0) {
        throw new DomainError(EmployeeErrorCode.ResendTooSoon, EmployeeMessages.invitationResendTooSoon(wait), 429);
      }
      await tx.tx.query(
        `UPDATE accounts_invitations.invitations SET token_hash = $2, last_sent_at = now(), updated_at = now() WHERE id = $1`,
        [before.id, hashInvitationToken(token)],
      );
      await this.announce(tx, (await this.find(tx.tx, before.id))!, token, 'resent');
    });
    return { success: true, message: EmployeeMessages.invitationResent };
  }

  /** Removes a pending invitation (kept as cancelled): its link stops working. */
  async remove(ctx: RequestContext, id: string): Promise<{ success: true; message: string }> {
    requireCapability(ctx, 'invitations.manage');
    await inTransaction(this.dataSource, ctx, async (tx) => {
      const row = await this.find(tx.tx, id, true);
      if (!row || row.status !== 'pending' || !inScope(ctx, 'invitations.manage', row.company_id)) throw notFound();
      await tx.tx.query(`UPDATE accounts_invitations.invitations SET status = 'cancelled', updated_at = now() WHERE id = $1`, [row.id]);
    });
    return { success: true, message: EmployeeMessages.invitationRemoved };
  }

  /**
   * The pending-invitation check of the popup: the company of the oldest pending invitation to
   * the actor's verified e-mail. Null for visitors, for accounts that cannot join a list, for an
   * unverified address (anyone may register with any address) and for an actor of another company.
   */
  async pending(ctx: RequestContext): Promise<{ inviting_company: InvitingCompany | null }> {
    if (!ctx.actor || !can(ctx, 'invitations.respond')) return { inviting_company: null };
    const user = await this.users.findById(ctx.actor.userId);
    if (!user || !user.email_verified_at) return { inviting_company: null };
    const invitation = await this.pendingFor(this.dataSource, user);
    return { inviting_company: invitation ? { id: invitation.company_id, company_name: invitation.company_name } : null };
  }

  /** 'Join': the actor becomes an employee of the company of their pending invitation. */
  async acceptPending(ctx: RequestContext): Promise<{ success: true; message: string; data: { company_id: string; company_name: string; employee_id: string } }> {
    requireCapability(ctx, 'invitations.respond');
    const user = await this.users.findById(ctx.actor!.userId);
    if (!user) throw AccountErrors.unauthenticated();
    if (!user.email_verified_at) throw AccountErrors.forbidden(EmployeeMessages.invitationEmailUnverified);
    const accepted = await inTransaction(this.dataSource, ctx, async (tx) => {
      const invitation = await this.pendingFor(tx.tx, user, true);
      if (!invitation) {
        if (user.company_id && (await this.pendingFor(tx.tx, { ...user, company_id: null }))) {
          throw new DomainError(EmployeeErrorCode.OtherCompany, EmployeeMessages.invitationOtherCompany, 409);
        }
        throw new DomainError(EmployeeErrorCode.NonePending, EmployeeMessages.invitationNonePending, 404);
      }
      const employeeId = await this.accept(tx, invitation, user, 'popup');
      return { invitation, employeeId };
    });
    return {
      success: true,
      message: EmployeeMessages.invitationAccepted(accepted.invitation.company_name),
      data: { company_id: accepted.invitation.company_id, company_name: accepted.invitation.company_name, employee_id: accepted.employeeId! },
    };
  }

  async lookup(token: string): Promise<{ data: InvitationLookup }> {
    const invitation = await this.findPending(token);
    if (!invitation) throw AccountErrors.field('invitation_token', AccountMessages.invitationInvalid, AccountErrorCode.InvitationInvalid);
    return { data: { email: invitation.email, company_name: invitation.company_name, status: invitation.status } };
  }

  async findPending(token: unknown, manager: EntityManager | DataSource = this.dataSource): Promise<InvitationRow | null> {
    if (typeof token !== 'string' || !token.trim() || token.length > 200) return null;
    const rows: InvitationRow[] = await manager.query(`${SELECT_INVITATION} WHERE i.token_hash = $1 AND i.status = 'pending'`, [
      hashInvitationToken(token.trim()),
    ]);
    return rows[0] ?? null;
  }

  /**
   * Accepts the invitation for `user` inside the caller's transaction: the invitation is marked
   * accepted, the user joins the company with the employee role, and the company's employee with
   * that e-mail is linked to the account (or created). Null when someone else used it first.
   */
  async accept(
    tx: TxContext,
    invitation: Pick<InvitationRow, 'id' | 'company_id' | 'company_name' | 'email' | 'division' | 'department' | 'position'>,
    user: Invitee,
    via: 'registration' | 'popup',
  ): Promise<string | null> {
    const [, count]: [unknown, number] = await tx.tx.query(
      `UPDATE accounts_invitations.invitations SET status = 'accepted', accepted_user_id = $2, accepted_at = now(), updated_at = now()
        WHERE id = $1 AND status = 'pending'`,
      [invitation.id, user.id],
    );
    if (count !== 1) return null;
    await tx.tx.query(`UPDATE accounts_invitations.users SET company_id = $2, updated_at = now() WHERE id = $1 AND company_id IS NULL`, [
      user.id,
      invitation.company_id,
    ]);
    await tx.tx.query(`INSERT INTO accounts_invitations.user_roles (user_id, role) VALUES ($1, 'employee') ON CONFLICT DO NOTHING`, [user.id]);

    const existing: EmployeeRow[] = await tx.tx.query(
      `SELECT ${EMPLOYEE_COLUMNS} FROM accounts_invitations.employees e
        WHERE e.company_id = $1 AND (lower(e.email) = lower($2) OR e.user_id = $3) ORDER BY e.user_id IS NULL, e.created_at LIMIT 1 FOR UPDATE`,
      [invitation.company_id, user.email, user.id],
    );
    const details = { division: invitation.division, department: invitation.department, position: invitation.position };
    let employeeId: string;
    if (existing[0]) {
      const before = existing[0];
      const changes: Record<string, string | null> = {};
      if (before.user_id !== user.id) changes.user_id = user.id;
      // What the company wrote on the invitation fills what the employee record leaves empty.
      for (const [field, value] of Object.entries(details)) {
        if (value && !before[field as keyof typeof details]) changes[field] = value;
      }
      employeeId = (await this.employees.apply(tx, before, changes, null)).id;
    } else {
      const name = fullName(user) || user.email;
      const row = await this.employees.insert(
        tx,
        invitation.company_id,
        {
          name,
          first_name: user.first_name || null,
          last_name: user.last_name || null,
          surname: user.last_name || null,
          email: user.email,
          birth_date: null,
          country: null,
          ...details,
        },
        { source: 'invitation', createdBy: null, userId: user.id },
      );
      employeeId = row.id;
    }
    await tx.tx.query(`UPDATE accounts_invitations.invitations SET employee_id = $2 WHERE id = $1`, [invitation.id, employeeId]);
    await this.outbox.add(tx.tx, InvitationAcceptedEvent, {
      invitationId: invitation.id,
      companyId: invitation.company_id,
      companyName: invitation.company_name,
      userId: user.id,
      email: user.email,
      employeeId,
      via,
      acceptedAt: new Date().toISOString(),
    });
    return employeeId;
  }

  /** Records the e-mail of a link (`invitation.sent`): notifications sends it once. */
  private async announce(ctx: TxContext, row: InvitationRow, token: string, reason: InvitationSent['reason']): Promise<void> {
    const inviter = ctx.actor ? await this.users.findById(ctx.actor.userId, ctx.tx) : null;
    await this.outbox.add(ctx.tx, InvitationSentEvent, {
      invitationId: row.id,
      companyId: row.company_id,
      companyName: row.company_name,
      email: row.email,
      inviteUrl: invitationUrl(this.config.publicBaseUrl, token, row.email),
      reason,
      invitedByName: inviter ? fullName(inviter) : row.company_name,
      sentAt: row.last_sent_at.toISOString(),
    });
  }

  /** Is this e-mail already an employee of the company who joined with an account? */
  private async alreadyJoined(manager: EntityManager | DataSource, companyId: string, email: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM accounts_invitations.employees WHERE company_id = $1 AND lower(email) = lower($2) AND user_id IS NOT NULL`,
      [companyId, email],
    );
    return rows.length > 0;
  }

  /** The oldest pending invitation to the user's e-mail from a company they may join (none, or their own). */
  private async pendingFor(manager: EntityManager | DataSource, user: Pick<UserRecord, 'email' | 'company_id'>, lock = false): Promise<InvitationRow | null> {
    const rows: InvitationRow[] = await manager.query(
      `${SELECT_INVITATION} WHERE lower(i.email) = lower($1) AND i.status = 'pending' AND ($2::uuid IS NULL OR i.company_id = $2)
        ORDER BY i.created_at, i.id LIMIT 1${lock ? ' FOR UPDATE OF i' : ''}`,
      [user.email, user.company_id],
    );
    return rows[0] ?? null;
  }

  private async find(manager: EntityManager | DataSource, id: unknown, lock = false): Promise<InvitationRow | null> {
    if (!isRecordId(id)) return null;
    const rows: InvitationRow[] = await manager.query(`${SELECT_INVITATION} WHERE i.id = $1${lock ? ' FOR UPDATE OF i' : ''}`, [id]);
    return rows[0] ?? null;
  }
}
