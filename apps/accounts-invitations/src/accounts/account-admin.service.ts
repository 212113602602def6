import {
  AccountErrorCode,
  AccountMessages,
  type AccountStatusView,
  type AccountUserDto,
  type setAccountStatusRequestSchema,
  type setRolesRequestSchema,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { AccountErrors } from '../common/account-errors.js';
import { isUuid } from '../common/form-errors.js';
import { UserDirectory } from '../common/user-directory.js';

/** Account administration: roles, bans and compliance reviews (capability `users.manage`). */
@Injectable()
export class AccountAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserDirectory,
  ) {}

  async setRoles(ctx: RequestContext, request: z.output<typeof setRolesRequestSchema>): Promise<{ message: string; data: AccountUserDto }> {
    const actor = await this.users.requireActor(ctx, 'users.manage');
    const target = await this.users.findById(request.userId);
    if (!target) throw AccountErrors.userNotFound();
    const { roles } = request;
    // Nobody locks themselves out of administration by mistake.
    if (target.id === actor.id && actor.roles.includes('administrator') && !roles.includes('administrator')) {
      const message = 'You cannot remove your own administrator role.';
      throw new DomainError(AccountErrorCode.Validation, AccountMessages.formInvalid, 422, { roles: [message] });
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM accounts_invitations.user_roles WHERE user_id = $1 AND role <> ALL($2::text[])`, [target.id, roles]);
      await manager.query(
        `INSERT INTO accounts_invitations.user_roles (user_id, role) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
        [target.id, roles],
      );
    });
    return { message: AccountMessages.rolesUpdated, data: await this.users.dto(target.id) };
  }

  /** Compliance review lasts `review_days` (1–3, default 3) from now; active and banned clear the end date. */
  async setStatus(ctx: RequestContext, request: z.output<typeof setAccountStatusRequestSchema>): Promise<{ message: string; data: AccountStatusView }> {
    await this.users.requireActor(ctx, 'users.manage');
    const days = request.review_days;
    if (!isUuid(request.subject_id)) throw request.subject_type === 'user' ? AccountErrors.userNotFound() : AccountErrors.companyNotFound();
    const table = request.subject_type === 'user' ? 'users' : 'companies';
    const [rows]: [{ review_until: Date | null }[], number] = await this.dataSource.query(
      `UPDATE accounts_invitations.${table}
          SET status = $2, review_until = CASE WHEN $3::int IS NULL THEN NULL ELSE now() + make_interval(days => $3::int) END,
              updated_at = now()
        WHERE id = $1 RETURNING review_until`,
      [request.subject_id, request.status, days],
    );
    if (!rows.length) throw request.subject_type === 'user' ? AccountErrors.userNotFound() : AccountErrors.companyNotFound();
    return {
      message: AccountMessages.statusUpdated,
      data: {
        subject_type: request.subject_type,
        subject_id: request.subject_id,
        status: request.status,
        review_until: rows[0].review_until?.toISOString() ?? null,
      },
    };
  }
}
