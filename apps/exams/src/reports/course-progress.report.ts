import {
  REPORT_LIMITS,
  reportPagination,
  ReportsRpc,
  type CompanyLearnerSharesResponse,
  type CourseProgressByCourse,
  type CourseProgressRow,
  type CourseProgressSort,
  type ReportPage,
  type ReportQuery,
  type ReportScope,
} from '@aero/contracts';
import { reportScope, RpcClient } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isoTime } from '../common/iso-time.js';

/**
 * The enrolments a report covers (`$1`: the share ids of the company's learners, null for every
 * one), each with its overall percent as the progress modal counts it: chapters done of the
 * course's chapters (sections aside), 100 only when all are, 100 for a completed course. A
 * withdrawn enrolment (a recalled share) is not reported.
 */
const SCOPED = `scoped AS (
  SELECT e.id, e.user_id, e.email, e.course_id, COALESCE(c.name, e.course_name) AS course_name, e.status, e.started_at, e.completed_at,
         CASE WHEN e.status = 'completed' THEN 100
              WHEN COALESCE(t.total, 0) = 0 THEN 0
              WHEN d.done >= t.total THEN 100
              ELSE (d.done * 100) / t.total END AS overall
    FROM exams.enrolments e
    LEFT JOIN exams.courses c ON c.id = e.course_id
    LEFT JOIN (SELECT course_id, count(*)::int AS total FROM exams.chapters WHERE kind <> 'section' GROUP BY course_id) t ON t.course_id = e.course_id
    CROSS JOIN LATERAL (SELECT count(*)::int AS done FROM exams.chapter_progress p JOIN exams.chapters ch ON ch.id = p.chapter_id AND ch.kind <> 'section'
                         WHERE p.enrolment_id = e.id) d
   WHERE e.withdrawn_at IS NULL AND ($1::uuid[] IS NULL OR e.share_id = ANY($1::uuid[]))
)`;

/** The SQL of each sortable column (the whitelist: a sort reaches SQL only through this map). */
const SORT_COLUMNS: Record<CourseProgressSort, string> = {
  learner_name: 'n.name',
  learner_email: 's.email',
  course_name: 's.course_name',
  status: 's.status',
  overall: 's.overall',
  started_at: 's.started_at',
  completed_at: 's.completed_at',
};

interface ProgressRow {
  user_id: string;
  email: string;
  course_name: string;
  status: string;
  overall: number;
  started_at: Date | null;
  completed_at: Date | null;
  total: number;
}

/**
 * The course progress report (spec: learning §1 "view reports (course progress …)"): one row per
 * learner and course, and the chart by course. A company's learners are those who accepted a
 * share of its seats (docs/decisions.md #30: sharing-organize names those shares); administrators
 * see every enrolment. The learners' names come from accounts-invitations.
 */
@Injectable()
export class CourseProgressReport {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  async page(ctx: RequestContext, query: ReportQuery<'course-progress'>): Promise<ReportPage<CourseProgressRow>> {
    const shareIds = await this.sharesOf(reportScope(ctx));
    if (shareIds && shareIds.length === 0) return { data: [], meta: { pagination: reportPagination(0, 0, query) } };
    // Sorting by name needs every learner's name in the query; any other sort only the page's.
    const sortNames = query.sort === 'learner_name' ? await this.namesOf(await this.learnersOf(shareIds)) : new Map<string, string>();
    const direction = query.direction === 'asc' ? 'ASC' : 'DESC';
    const rows: ProgressRow[] = await this.dataSource.query(
      `WITH ${SCOPED}
       SELECT s.user_id, s.email, s.course_name, s.status, s.overall, s.started_at, s.completed_at, COUNT(*) OVER ()::int AS total
         FROM scoped s LEFT JOIN unnest($2::text[], $3::text[]) AS n(user_id, name) ON n.user_id = s.user_id
        ORDER BY ${SORT_COLUMNS[query.sort]} ${direction} NULLS LAST, s.id ${direction}
        LIMIT $4 OFFSET $5`,
      [shareIds, [...sortNames.keys()], [...sortNames.values()], query.per_page, (query.page - 1) * query.per_page],
    );
    const names = query.sort === 'learner_name' ? sortNames : await this.namesOf(rows.map((row) => row.user_id));
    const total = rows[0]?.total ?? (await this.count(shareIds));
    return {
      data: rows.map((row) => ({
        learner_name: names.get(row.user_id) ?? '',
        learner_email: row.email,
        course_name: row.course_name,
        status: row.status,
        overall: row.overall,
        started_at: isoTime(row.started_at),
        completed_at: isoTime(row.completed_at),
      })),
      meta: { pagination: reportPagination(total, rows.length, query) },
    };
  }

  /** The chart: per course, its learners, how many completed it, their average overall percent. */
  async byCourse(ctx: RequestContext): Promise<{ data: CourseProgressByCourse[] }> {
    const shareIds = await this.sharesOf(reportScope(ctx));
    if (shareIds && shareIds.length === 0) return { data: [] };
    const rows: CourseProgressByCourse[] = await this.dataSource.query(
      `WITH ${SCOPED}
       SELECT min(s.course_name) AS course_name, count(*)::int AS learners, (count(*) FILTER (WHERE s.status = 'completed'))::int AS completed,
              round(avg(s.overall))::int AS average_overall
         FROM scoped s GROUP BY s.course_id ORDER BY min(s.course_name), s.course_id`,
      [shareIds],
    );
    return { data: rows };
  }

  /** The share ids of the company's learners (null: every enrolment), page by page from sharing-organize. */
  private async sharesOf(scope: ReportScope): Promise<string[] | null> {
    if (scope.kind === 'all') return null;
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const page: CompanyLearnerSharesResponse = await this.rpc.call(ReportsRpc.CompanyLearnerShares, { after });
      ids.push(...page.shareIds);
      after = page.next;
    } while (after !== null);
    return ids;
  }

  private async learnersOf(shareIds: string[] | null): Promise<string[]> {
    const rows: { user_id: string }[] = await this.dataSource.query(`WITH ${SCOPED} SELECT DISTINCT s.user_id FROM scoped s`, [shareIds]);
    return rows.map((row) => row.user_id);
  }

  /** The learners' names by user id, asked of accounts-invitations in batches. */
  private async namesOf(userIds: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const unique = [...new Set(userIds)];
    for (let start = 0; start < unique.length; start += REPORT_LIMITS.maxLearnerNames) {
      const { data } = await this.rpc.call(ReportsRpc.LearnerNames, { userIds: unique.slice(start, start + REPORT_LIMITS.maxLearnerNames) });
      for (const { id, name } of data) names.set(id, name);
    }
    return names;
  }

  private async count(shareIds: string[] | null): Promise<number> {
    const [row]: { total: number }[] = await this.dataSource.query(
      'SELECT count(*)::int AS total FROM exams.enrolments e WHERE e.withdrawn_at IS NULL AND ($1::uuid[] IS NULL OR e.share_id = ANY($1::uuid[]))',
      [shareIds],
    );
    return row.total;
  }
}
