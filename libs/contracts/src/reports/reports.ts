import type { PaginationMeta } from '../common/pagination.js';
import { can, type ActingContext } from '../accounts/permissions.js';

/*
 * Reports for company admins and report viewers (spec: learning §1 "view reports (course
 * progress, received courses, wallet)", §2 reports, §3 Shared course; agreed API "Reports").
 * Every report is a sortable, paginated table with a CSV export of every row; course progress
 * has a chart by course. A report covers the caller's company; administrators see every row.
 */

/** Page sizes of a report table (10 to 50 by 10) and the size of the pages a CSV export is read in. */
export const REPORT_LIMITS = {
  perPageOptions: [10, 20, 30, 40, 50],
  defaultPerPage: 10,
  /** The gateway reads the rows of a CSV export in pages of this size (each one RPC answer well under the NATS limit). */
  exportPageSize: 500,
  /** The largest page a service answers (the export's). */
  maxPerPage: 500,
  maxPage: 100_000,
  /** Share ids in one answer of `CompanyLearnerShares`. */
  learnerSharesPage: 5_000,
  /** User ids in one `LearnerNames` call. */
  maxLearnerNames: 1_000,
} as const;

export type SortDirection = 'asc' | 'desc';

/** The reports, by the name of their route (`/api/reports/{name}` and `/api/reports/{name}.csv`). */
export const REPORT_NAMES = ['course-progress', 'received-courses', 'wallet-movements'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** A learner's course status (learning §4 Course status), as the course progress report shows it. */
export const REPORT_COURSE_STATUSES = ['created', 'shared', 'in-progress', 'completed', 'failed'] as const;

/** `GET /api/reports/course-progress`: one learner's progress in one course. Dates are ISO 8601. */
export interface CourseProgressRow {
  learner_name: string;
  learner_email: string;
  course_name: string;
  status: string;
  /** 0 to 100, whole percent. */
  overall: number;
  started_at: string | null;
  completed_at: string | null;
}

/** `GET /api/reports/course-progress/by-course`: the chart, one bar per course. */
export interface CourseProgressByCourse {
  course_name: string;
  learners: number;
  completed: number;
  /** The learners' mean overall percent, whole (0 to 100). */
  average_overall: number;
}

/** `GET /api/reports/received-courses`: a course the company shared (spec: learning §3 Shared course). */
export interface ReceivedCourseRow {
  /** The recipient's address; for a printed ticket, the address of whoever activated it (null until then). */
  recipient_email: string | null;
  course_name: string;
  /** When it was sent (ISO 8601); null for a seat set aside and not sent. */
  shared_at: string | null;
  /** The last day it may be used (`YYYY-MM-DD`). */
  expires: string;
  /** The share item status (created, shared, accepted, started, completed, recalled, cancelled). */
  status: string;
}

/** `GET /api/reports/wallet-movements`: one line of the wallet ledger. */
export interface WalletMovementRow {
  /** ISO 8601. */
  date: string;
  description: string;
  /** Credits positive, payments negative. */
  amount_cents: number;
  /** The balance of the wallet the movement belongs to, right after it. */
  balance_after_cents: number;
}

/** The sortable columns of each report (every column), with the default sort. */
export const REPORT_SORTS = {
  'course-progress': ['learner_name', 'learner_email', 'course_name', 'status', 'overall', 'started_at', 'completed_at'],
  'received-courses': ['recipient_email', 'course_name', 'shared_at', 'expires', 'status'],
  'wallet-movements': ['date', 'description', 'amount_cents', 'balance_after_cents'],
} as const satisfies Record<ReportName, readonly string[]>;

export type CourseProgressSort = (typeof REPORT_SORTS)['course-progress'][number];
export type ReceivedCoursesSort = (typeof REPORT_SORTS)['received-courses'][number];
export type WalletMovementsSort = (typeof REPORT_SORTS)['wallet-movements'][number];
export type ReportSort<R extends ReportName> = (typeof REPORT_SORTS)[R][number];

/** What a report is sorted by when the request names nothing: the newest first. */
export const REPORT_DEFAULT_SORT: { [R in ReportName]: { sort: ReportSort<R>; direction: SortDirection } } = {
  'course-progress': { sort: 'started_at', direction: 'desc' },
  'received-courses': { sort: 'shared_at', direction: 'desc' },
  'wallet-movements': { sort: 'date', direction: 'desc' },
};

/** The direction a column sorts in when first chosen: dates and figures newest/largest first, text A to Z. */
export function firstDirectionOf(sort: string): SortDirection {
  return /(_at|date|expires|overall|_cents)$/.test(sort) ? 'desc' : 'asc';
}

/**
 * The roles whose purchases are their company's (docs/decisions.md #22): the wallets of the
 * company's people holding one of them are the company's wallet in the wallet report.
 */
export const COMPANY_BUYING_ROLES = ['company', 'training_manager', 'coordinator', 'commercial_manager'] as const;

/** The rows of a report, by report. */
export interface ReportRows {
  'course-progress': CourseProgressRow;
  'received-courses': ReceivedCourseRow;
  'wallet-movements': WalletMovementRow;
}

/** A page of a report: `{ data, meta: { pagination } }`. */
export interface ReportPage<Row> {
  data: Row[];
  meta: { pagination: PaginationMeta };
}

/** The CSV columns of each report: the row's fields, in the order of the table. */
export const REPORT_COLUMNS: { [R in ReportName]: readonly (keyof ReportRows[R] & string)[] } = {
  'course-progress': ['learner_name', 'learner_email', 'course_name', 'status', 'overall', 'started_at', 'completed_at'],
  'received-courses': ['recipient_email', 'course_name', 'shared_at', 'expires', 'status'],
  'wallet-movements': ['date', 'description', 'amount_cents', 'balance_after_cents'],
};

/**
 * Whose rows a report shows: every row (administrators: `reports.view_all`) or one company's
 * (`reports.view` in the actor's own company). Null when the actor may not read reports (no
 * `reports.view`, or no company to be scoped to).
 */
export type ReportScope = { kind: 'all' } | { kind: 'company'; companyId: string };

export function reportScopeOf(ctx: ActingContext): ReportScope | null {
  const actor = ctx.actor ?? null;
  if (!actor || !can(ctx, 'reports.view')) return null;
  if (can(ctx, 'reports.view_all')) return { kind: 'all' };
  if (!actor.companyId || !can(ctx, 'reports.view', { companyId: actor.companyId })) return null;
  return { kind: 'company', companyId: actor.companyId };
}
