import {
  AccountMessages,
  CURRENT_TERMS_VERSION,
  safeRedirect,
  TERMS_DEFAULT_REDIRECT,
  type AcceptTermsResponse,
  type termsAcceptRequestSchema,
} from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { UserDirectory } from '../common/user-directory.js';

/**
 * Terms-and-conditions acceptance (spec: shop §2). The page body is catalog-cart's article
 * `terms-and-conditions`; this service records which version the user accepted and when
 * (on the user for quick reads, and in terms_acceptances as history).
 */
@Injectable()
export class TermsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserDirectory,
  ) {}

  async accept(ctx: RequestContext, request: z.output<typeof termsAcceptRequestSchema>): Promise<AcceptTermsResponse> {
    const actor = await this.users.requireActor(ctx, 'profile.manage_own');
    const version = request.version ?? CURRENT_TERMS_VERSION;
    const acceptedAt = await this.dataSource.transaction(async (manager) => {
      const [row]: { accepted_at: Date }[] = await manager.query(
        `INSERT INTO accounts_invitations.terms_acceptances (user_id, version) VALUES ($1, $2) RETURNING accepted_at`,
        [actor.id, version],
      );
      await manager.query(
        `UPDATE accounts_invitations.users SET terms_version = $2, terms_accepted_at = $3, updated_at = now() WHERE id = $1`,
        [actor.id, version, row.accepted_at],
      );
      return row.accepted_at;
    });
    return {
      message: AccountMessages.termsAccepted,
      redirect: safeRedirect(request.redirect, TERMS_DEFAULT_REDIRECT),
      terms_version: version,
      terms_accepted_at: acceptedAt.toISOString(),
    };
  }
}
