import { reportScopeOf, type LearnerNamesResponse } from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountErrors } from '../common/account-errors.js';
import { isUuid } from '../common/form-errors.js';

/**
 * The names of the learners a course progress report lists (exams knows their e-mail only), for
 * someone who may read reports. The ids come from the report's own rows (the company's
 * learners), never from a client.
 */
@Injectable()
export class LearnerNames {
  constructor(private readonly dataSource: DataSource) {}

  /** `ids`: at most `REPORT_LIMITS.maxLearnerNames` (the payload's schema); what is no user id is not answered. */
  async of(ctx: RequestContext, ids: readonly unknown[]): Promise<LearnerNamesResponse> {
    if (!ctx.actor) throw AccountErrors.unauthenticated();
    if (!reportScopeOf(ctx)) throw AccountErrors.forbidden();
    const known = [...new Set(ids.filter(isUuid))];
    if (known.length === 0) return { data: [] };
    const rows: { id: string; name: string }[] = await this.dataSource.query(
      `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name FROM accounts_invitations.users u WHERE u.id = ANY($1::uuid[])`,
      [known],
    );
    return { data: rows };
  }
}
