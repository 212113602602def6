import {
  AccountErrorCode,
  AccountMessages,
  KycDecidedEvent,
  type kycDecisionRequestSchema,
  type kycListRequestSchema,
  type KycSubjectDto,
  type KycSubjectType,
  type PaginationMeta,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { OutboxWriter } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { AccountErrors } from '../common/account-errors.js';
import { isUuid } from '../common/form-errors.js';
import { UserDirectory } from '../common/user-directory.js';

type SubjectRow = Omit<KycSubjectDto, 'decided_at' | 'created_at'> & {
  decided_at: Date | null;
  created_at: Date;
  owner_id: string | null;
  company_id: string | null;
};

const SUBJECTS = `
  SELECT 'company'::text AS subject_type, c.id AS subject_id, c.name, COALESCE(o.email, '') AS email, trim(c.country) AS country,
         c.code AS company_code, c.vat_number, c.kyc_status AS status, c.kyc_reason AS reason, c.kyc_decided_at AS decided_at,
         c.created_at, c.owner_user_id AS owner_id, c.id AS company_id
    FROM accounts_invitations.companies c LEFT JOIN accounts_invitations.users o ON o.id = c.owner_user_id
  UNION ALL
  SELECT 'user'::text, u.id, u.first_name || ' ' || u.last_name, u.email, NULL, NULL, NULL, u.kyc_status, u.kyc_reason,
         u.kyc_decided_at, u.created_at, u.id, NULL
    FROM accounts_invitations.users u WHERE u.kyc_status IS NOT NULL`;


function toDto({ owner_id: _owner, company_id: _company, ...row }: SubjectRow): KycSubjectDto {
  return { ...row, decided_at: row.decided_at?.toISOString() ?? null, created_at: row.created_at.toISOString() };
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * KYC review (spec: learning §4 "KYC users have approve and decline actions"). Subjects are
 * companies (corporate accounts) and individual buyers; company members are covered by their
 * company's check, staff accounts are not subject to KYC.
 */
@Injectable()
export class KycService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly users: UserDirectory,
  ) {}

  async listPending(ctx: RequestContext, request: z.output<typeof kycListRequestSchema>): Promise<{ data: KycSubjectDto[]; meta: { pagination: PaginationMeta } }> {
    await this.users.requireActor(ctx, 'kyc.review');
    const { subject_type: type, page, per_page: perPage } = request;
    const search = request.search ? likePattern(request.search) : null;
    const where = `status = 'not_confirmed' AND ($1::text IS NULL OR subject_type = $1)
                   AND ($2::text IS NULL OR name ILIKE $2 OR email ILIKE $2)`;
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM (${SUBJECTS}) s WHERE ${where}`,
      [type, search],
    );
    const rows: SubjectRow[] = await this.dataSource.query(
      `SELECT * FROM (${SUBJECTS}) s WHERE ${where} ORDER BY created_at, subject_id LIMIT $3 OFFSET $4`,
      [type, search, perPage, (page - 1) * perPage],
    );
    return {
      data: rows.map(toDto),
      meta: {
        pagination: { total, count: rows.length, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(total / perPage)) },
      },
    };
  }

  /** Approve, or decline with a reason; only a pending check; never one's own. Publishes `kyc.decided`. */
  async decide(ctx: RequestContext, request: z.output<typeof kycDecisionRequestSchema>): Promise<{ message: string; data: KycSubjectDto }> {
    const actor = await this.users.requireActor(ctx, 'kyc.review');
    const { reason } = request;

    const subject = await this.find(this.dataSource, request.subject_type, request.subject_id);
    if (!subject) throw DomainError.notFound(AccountMessages.kycNotFound);
    if (subject.owner_id === actor.id || (subject.company_id !== null && subject.company_id === actor.company_id)) {
      throw AccountErrors.forbidden(AccountMessages.kycOwn);
    }
    const status = request.decision === 'approve' ? 'approved' : 'declined';
    const decided = await this.dataSource.transaction(async (manager) => {
      const table = request.subject_type === 'company' ? 'companies' : 'users';
      const [, count]: [unknown, number] = await manager.query(
        `UPDATE accounts_invitations.${table}
            SET kyc_status = $2, kyc_reason = $3, kyc_decided_by = $4, kyc_decided_at = now(), updated_at = now()
          WHERE id = $1 AND kyc_status = 'not_confirmed'`,
        [subject.subject_id, status, reason || null, actor.id],
      );
      // Two KYC users deciding at once: the second finds it decided.
      if (count !== 1) throw new DomainError(AccountErrorCode.KycAlreadyDecided, AccountMessages.kycAlreadyDecided, 409);
      await manager.query(
        `INSERT INTO accounts_invitations.kyc_decisions (subject_type, subject_id, decision, reason, decided_by) VALUES ($1, $2, $3, $4, $5)`,
        [request.subject_type, subject.subject_id, status, reason || null, actor.id],
      );
      const after = (await this.find(manager, request.subject_type, subject.subject_id))!;
      const notify = after.owner_id ? await this.users.findById(after.owner_id, manager) : null;
      if (notify) {
        await this.outbox.add(manager, KycDecidedEvent, {
          subjectType: request.subject_type,
          subjectId: after.subject_id,
          companyId: after.company_id,
          userId: notify.id,
          email: notify.email,
          name: after.subject_type === 'company' ? after.name : `${notify.first_name} ${notify.last_name}`.trim(),
          status,
          reason: reason || null,
          decidedBy: actor.id,
          decidedAt: (after.decided_at ?? new Date()).toISOString(),
        });
      }
      return after;
    });
    return { message: status === 'approved' ? AccountMessages.kycApproved : AccountMessages.kycDeclined, data: toDto(decided) };
  }

  private async find(manager: EntityManager | DataSource, type: KycSubjectType, id: string): Promise<SubjectRow | null> {
    if (!isUuid(id)) return null;
    const rows: SubjectRow[] = await manager.query(`SELECT * FROM (${SUBJECTS}) s WHERE subject_type = $1 AND subject_id = $2`, [type, id]);
    return rows[0] ?? null;
  }
}
