import {
  ACCOUNT_ROLES,
  AccountMessages,
  AVATAR_PATH,
  can,
  CURRENT_TERMS_VERSION,
  type AccountRestrictionDto,
  type AccountRole,
  type AccountStatus,
  type AccountType,
  type AccountUserDto,
  type Capability,
  type Gender,
  type KycStatus,
} from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountErrors } from './account-errors.js';
import { isUuid } from './form-errors.js';

/** A user row with its company, roles and avatar stamp, as the service reads it. */
export interface UserRecord {
  id: string;
  email: string;
  nick: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  type: AccountType;
  company_id: string | null;
  status: AccountStatus;
  review_until: Date | null;
  email_verified_at: Date | null;
  terms_version: string | null;
  terms_accepted_at: Date | null;
  newsletter_opt_in: boolean;
  kyc_status: KycStatus | null;
  kyc_reason: string | null;
  kyc_decided_at: Date | null;
  birth_date: string | null;
  gender: Gender | null;
  birth_place: string | null;
  personal_info_filled_at: Date | null;
  created_at: Date;
  company_name: string | null;
  company_status: AccountStatus | null;
  company_review_until: Date | null;
  company_kyc_status: KycStatus | null;
  roles: AccountRole[];
  avatar_updated_at: Date | null;
  session_version: number;
}

const SELECT_USER = `
  SELECT u.id, u.email, u.nick, u.first_name, u.last_name, u.password_hash, u.type, u.company_id, u.status,
         u.review_until, u.email_verified_at, u.terms_version, u.terms_accepted_at, u.newsletter_opt_in,
         u.kyc_status, u.kyc_reason, u.kyc_decided_at, u.birth_date::text AS birth_date, u.gender, u.birth_place,
         u.personal_info_filled_at, u.created_at, u.session_version,
         c.name AS company_name, c.status AS company_status, c.review_until AS company_review_until,
         c.kyc_status AS company_kyc_status,
         COALESCE((SELECT array_agg(r.role) FROM accounts_invitations.user_roles r WHERE r.user_id = u.id), '{}') AS roles,
         (SELECT a.updated_at FROM accounts_invitations.avatars a WHERE a.user_id = u.id) AS avatar_updated_at
    FROM accounts_invitations.users u
    LEFT JOIN accounts_invitations.companies c ON c.id = u.company_id`;

/** A compliance review ends by itself when its time is up. */
function statusNow(status: AccountStatus | null, reviewUntil: Date | null, now: Date): AccountStatus {
  if (status === 'compliance_review' && (!reviewUntil || reviewUntil.getTime() <= now.getTime())) return 'active';
  return status ?? 'active';
}

/** The restriction in force: the user's own, else the company's; a ban outweighs a review. */
export function restrictionOf(user: UserRecord, now: Date = new Date()): AccountRestrictionDto | null {
  const own = statusNow(user.status, user.review_until, now);
  const company = user.company_id ? statusNow(user.company_status, user.company_review_until, now) : 'active';
  const pick = (status: AccountStatus, scope: 'user' | 'company'): AccountRestrictionDto | null => {
    if (status === 'banned') {
      return { status, scope, review_until: null, message: scope === 'user' ? AccountMessages.banned : AccountMessages.companyBanned };
    }
    if (status === 'compliance_review') {
      const until = scope === 'user' ? user.review_until : user.company_review_until;
      return {
        status,
        scope,
        review_until: until?.toISOString() ?? null,
        message: scope === 'user' ? AccountMessages.complianceReview : AccountMessages.companyComplianceReview,
      };
    }
    return null;
  };
  if (own === 'banned') return pick(own, 'user');
  if (company === 'banned') return pick(company, 'company');
  return pick(own, 'user') ?? pick(company, 'company');
}

export function effectiveStatus(user: UserRecord, now: Date = new Date()): AccountStatus {
  return restrictionOf(user, now)?.status ?? 'active';
}

export function sortRoles(roles: readonly string[]): AccountRole[] {
  return ACCOUNT_ROLES.filter((role) => roles.includes(role));
}

export function fullName(user: { first_name: string; last_name: string }): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

export function toUserDto(user: UserRecord, now: Date = new Date()): AccountUserDto {
  const restriction = restrictionOf(user, now);
  return {
    id: user.id,
    email: user.email,
    nick: user.nick,
    first_name: user.first_name,
    last_name: user.last_name,
    name: fullName(user),
    roles: sortRoles(user.roles),
    type: user.type,
    company_id: user.company_id,
    company_name: user.company_name,
    email_verified: user.email_verified_at !== null,
    status: restriction?.status ?? 'active',
    review_until: restriction?.review_until ?? null,
    restriction,
    terms_accepted_version: user.terms_version,
    terms_accepted_at: user.terms_accepted_at?.toISOString() ?? null,
    // Versions are dates (YYYY-MM-DD): a later acceptance covers an earlier version.
    terms_up_to_date: user.terms_version !== null && user.terms_version >= CURRENT_TERMS_VERSION,
    kyc_status: user.company_id ? user.company_kyc_status : user.kyc_status,
    newsletter_opt_in: user.newsletter_opt_in,
    avatar_url: user.avatar_updated_at ? `${AVATAR_PATH}?v=${user.avatar_updated_at.getTime()}` : null,
    created_at: user.created_at.toISOString(),
    session_version: user.session_version,
  };
}

/**
 * Reads users, and answers "who is acting and may they?" for every RPC: the actor id comes from
 * the gateway session, and the capability check is `can()` of the shared permission matrix.
 */
@Injectable()
export class UserDirectory {
  constructor(private readonly dataSource: DataSource) {}

  async findById(id: unknown, manager: EntityManager | DataSource = this.dataSource, lock = false): Promise<UserRecord | null> {
    if (!isUuid(id)) return null;
    const rows: UserRecord[] = await manager.query(`${SELECT_USER} WHERE u.id = $1${lock ? ' FOR UPDATE OF u' : ''}`, [id]);
    return rows[0] ? { ...rows[0], roles: sortRoles(rows[0].roles) } : null;
  }

  async findByEmail(email: string, manager: EntityManager | DataSource = this.dataSource): Promise<UserRecord | null> {
    const rows: UserRecord[] = await manager.query(`${SELECT_USER} WHERE lower(u.email) = lower($1)`, [email.trim()]);
    return rows[0] ? { ...rows[0], roles: sortRoles(rows[0].roles) } : null;
  }

  /**
   * The acting user of the request context, as stored now. 401 for a visitor, or when the
   * actor's id names no account; 403 when a capability is asked and the actor's roles (and
   * restriction) do not grant it.
   */
  async requireActor(ctx: RequestContext, capability?: Capability, manager?: EntityManager): Promise<UserRecord> {
    const actor = ctx.actor ? await this.findById(ctx.actor.userId, manager) : null;
    if (!actor) throw AccountErrors.unauthenticated();
    if (capability && !can(actor.roles, capability, { status: effectiveStatus(actor) })) throw AccountErrors.forbidden();
    return actor;
  }

  /** The user as answered to the gateway, read again (after a change). */
  async dto(id: string, manager?: EntityManager): Promise<AccountUserDto> {
    const user = await this.findById(id, manager);
    if (!user) throw AccountErrors.userNotFound();
    return toUserDto(user);
  }
}
