import {
  AccountErrorCode,
  AccountLimits,
  AccountMessages,
  type CreateInvitationRequest,
  type InvitationDto,
  type InvitationLookup,
  type InvitationStatus,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountErrors, isUniqueViolation } from '../common/account-errors.js';
import { FormErrors, readEmail, readText } from '../common/form-errors.js';
import { UserDirectory } from '../common/user-directory.js';

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
}

/** Only the hash of an invitation token is stored: a database leak does not leak usable links. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toDto(row: InvitationRow): InvitationDto {
  return { ...row, created_at: row.created_at.toISOString() };
}

const SELECT_INVITATION = `
  SELECT i.id, i.email, i.company_id, c.name AS company_name, i.division, i.department, i.position, i.status, i.created_at
    FROM accounts_invitations.invitations i JOIN accounts_invitations.companies c ON c.id = i.company_id`;

/**
 * The minimal invitation model the registration needs: a company admin invites an e-mail; the
 * invitation link's token lets that person register as the company's employee with the
 * e-mail read-only. Resend, edit, list and the join popup come with the invitations feature.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserDirectory,
  ) {}

  async create(request: CreateInvitationRequest): Promise<{ message: string; data: InvitationDto; token: string }> {
    const actor = await this.users.requireActor(request.actorId, 'invitations.manage');
    if (!actor.company_id) {
      throw new DomainError('accounts.no_company', 'Your account does not belong to a company.', 422);
    }
    const errors = new FormErrors();
    const email = readEmail(errors, 'email', request.email);
    const division = readText(errors, 'division', request.division, { label: 'division', max: AccountLimits.divisionMax });
    const department = readText(errors, 'department', request.department, { label: 'department', max: AccountLimits.divisionMax });
    const position = readText(errors, 'position', request.position, { label: 'position', max: AccountLimits.divisionMax });
    errors.throwIfAny();

    const token = randomBytes(32).toString('base64url');
    try {
      const [{ id }]: { id: string }[] = await this.dataSource.query(
        `INSERT INTO accounts_invitations.invitations (token_hash, email, company_id, invited_by, division, department, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [hashInvitationToken(token), email, actor.company_id, actor.id, division || null, department || null, position || null],
      );
      const [row]: InvitationRow[] = await this.dataSource.query(`${SELECT_INVITATION} WHERE i.id = $1`, [id]);
      return { message: AccountMessages.invitationCreated, data: toDto(row), token };
    } catch (error) {
      if (isUniqueViolation(error, 'invitations_pending_email_uq')) throw AccountErrors.field('email', AccountMessages.invitationDuplicate);
      throw error;
    }
  }

  async lookup(token: unknown): Promise<{ data: InvitationLookup }> {
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

  /** Marks the invitation accepted by the new user; false when someone else used it first. */
  async accept(manager: EntityManager, invitationId: string, userId: string): Promise<boolean> {
    const [, count]: [unknown, number] = await manager.query(
      `UPDATE accounts_invitations.invitations SET status = 'accepted', accepted_user_id = $2, accepted_at = now(), updated_at = now()
        WHERE id = $1 AND status = 'pending'`,
      [invitationId, userId],
    );
    return count === 1;
  }
}
