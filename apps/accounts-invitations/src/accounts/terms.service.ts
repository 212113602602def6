import {
  AccountMessages,
  CURRENT_TERMS_VERSION,
  safeRedirect,
  TERMS_DEFAULT_REDIRECT,
  type AcceptTermsRequest,
  type AcceptTermsResponse,
} from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FormErrors, parseFlag, readText } from '../common/form-errors.js';
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

  async accept(request: AcceptTermsRequest): Promise<AcceptTermsResponse> {
    const actor = await this.users.requireActor(request.actorId, 'profile.manage_own');
    const errors = new FormErrors();
    if (!parseFlag(request.terms_and_conditions)) errors.add('terms_and_conditions', AccountMessages.termsRequired);
    const version =
      request.version === undefined ? CURRENT_TERMS_VERSION : readText(errors, 'version', request.version, { label: 'terms version', required: true, max: 50 });
    errors.throwIfAny();
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
