import { reportPagination, type ReceivedCourseRow, type ReceivedCoursesSort, type ReportPage, type ReportQuery } from '@aero/contracts';
import { reportScope } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { companyKey } from '../common/seat-holder.js';

/** The SQL of each sortable column (the whitelist: a sort reaches SQL only through this map). */
const SORT_COLUMNS: Record<ReceivedCoursesSort, string> = {
  recipient_email: 'COALESCE(i.recipient_email, l.email)',
  course_name: 'i.course_name',
  shared_at: 'i.send_at',
  expires: 'i.available_till',
  status: 'i.status',
};

/**
 * The received-courses report (spec: learning §3 Shared course: recipient e-mail, shared at,
 * expires, status): every item shared from the company's seats, whatever became of it. A
 * printed ticket names its recipient once someone activated it. Administrators see every pool.
 */
@Injectable()
export class ReceivedCoursesReport {
  constructor(private readonly dataSource: DataSource) {}

  async page(ctx: RequestContext, query: ReportQuery<'received-courses'>): Promise<ReportPage<ReceivedCourseRow>> {
    const scope = reportScope(ctx);
    const owner = scope.kind === 'company' ? companyKey(scope.companyId) : null;
    const order = `${SORT_COLUMNS[query.sort]} ${query.direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, i.created_at DESC, i.id`;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query<(Omit<ReceivedCourseRow, 'shared_at'> & { shared_at: Date | null })[]>(
        `SELECT COALESCE(i.recipient_email, l.email) AS recipient_email, i.course_name, i.send_at AS shared_at,
                to_char(i.available_till, 'YYYY-MM-DD') AS expires, i.status
           FROM sharing_organize.share_items i LEFT JOIN sharing_organize.learners l ON l.user_id = i.learner_user_id
          WHERE ($1::text IS NULL OR i.owner_key = $1)
          ORDER BY ${order} LIMIT $2 OFFSET $3`,
        [owner, query.per_page, (query.page - 1) * query.per_page],
      ),
      this.dataSource.query<{ total: number }[]>(
        'SELECT count(*)::int AS total FROM sharing_organize.share_items i WHERE ($1::text IS NULL OR i.owner_key = $1)',
        [owner],
      ),
    ]);
    return {
      data: rows.map((row) => ({ ...row, shared_at: row.shared_at ? new Date(row.shared_at).toISOString() : null })),
      meta: { pagination: reportPagination(total, rows.length, query) },
    };
  }
}
