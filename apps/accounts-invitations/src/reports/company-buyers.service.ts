import { can, COMPANY_BUYING_ROLES } from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountErrors } from '../common/account-errors.js';
import { isUuid } from '../common/form-errors.js';

/**
 * Who buys for a company (docs/decisions.md #22): its people holding a buying role. The wallet
 * report of payments reads their wallets as the company's. Only for someone who may read the
 * company's reports (`reports.view` in that company, or an administrator).
 */
@Injectable()
export class CompanyBuyers {
  constructor(private readonly dataSource: DataSource) {}

  async of(ctx: RequestContext, companyId: string): Promise<{ userIds: string[] }> {
    if (!ctx.actor) throw AccountErrors.unauthenticated();
    if (!can(ctx, 'reports.view', { companyId })) throw AccountErrors.forbidden();
    if (!isUuid(companyId)) return { userIds: [] };
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT u.id FROM accounts_invitations.users u
        WHERE u.company_id = $1 AND EXISTS (SELECT 1 FROM accounts_invitations.user_roles r WHERE r.user_id = u.id AND r.role = ANY($2::text[]))
        ORDER BY u.id`,
      [companyId, COMPANY_BUYING_ROLES],
    );
    return { userIds: rows.map((row) => row.id) };
  }
}
