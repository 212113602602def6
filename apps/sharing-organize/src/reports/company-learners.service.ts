import { REPORT_LIMITS, type CompanyLearnerSharesResponse } from '@aero/contracts';
import { reportScope } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { companyKey } from '../common/seat-holder.js';

/**
 * The company's learners (docs/decisions.md #30): the shares of its seats a learner accepted
 * (by e-mail, ticket or organized course), whatever happened to them since. The course progress
 * report of exams reads its enrolments by these share ids. Only for someone who may read the
 * company's reports; every accepted share for administrators.
 */
@Injectable()
export class CompanyLearners {
  constructor(private readonly dataSource: DataSource) {}

  /** `after`: the last share id of the page before (null: the first page). */
  async shares(ctx: RequestContext, after: string | null): Promise<CompanyLearnerSharesResponse> {
    const scope = reportScope(ctx);
    const owner = scope.kind === 'company' ? companyKey(scope.companyId) : null;
    const limit = REPORT_LIMITS.learnerSharesPage;
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT i.id FROM sharing_organize.share_items i
        WHERE ($1::text IS NULL OR i.owner_key = $1) AND i.learner_user_id IS NOT NULL AND ($2::uuid IS NULL OR i.id > $2)
        ORDER BY i.id LIMIT $3`,
      [owner, after, limit + 1],
    );
    const page = rows.slice(0, limit).map((row) => row.id);
    return { shareIds: page, next: rows.length > limit ? page[page.length - 1] : null };
  }
}
