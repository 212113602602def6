import type {
  CourseProgressByCourse,
  CourseProgressRow,
  ReceivedCourseRow,
  ReportPage,
  WalletMovementRow,
} from '../reports/reports.js';
import type { ReportPageRequest } from '../reports/reports.schema.js';
import { defineRpc } from './rpc-definition.js';

/*
 * The reports' calls. Whose rows a report holds comes from the request context (the actor's
 * company, or every row for administrators: `reportScopeOf`), never from the payload.
 */

/** The company's people whose purchases are the company's (docs/decisions.md #22), for its wallet report. */
export interface CompanyBuyersRequest {
  companyId: string;
}

export const ReportsRpc = {
  /** The courses the company shared: recipient, course, shared at, expires, status (sharing-organize owns the shares). */
  ReceivedCourses: defineRpc<ReportPageRequest<'received-courses'>, ReportPage<ReceivedCourseRow>>('sharing-organize.reports.received-courses'),
  /** The movements of the company's wallets (payments owns the wallet ledger). */
  WalletMovements: defineRpc<ReportPageRequest<'wallet-movements'>, ReportPage<WalletMovementRow>>('payments.reports.wallet-movements'),
  /** The progress of the company's learners, one row per learner and course (exams owns enrolments and progress). */
  CourseProgress: defineRpc<ReportPageRequest<'course-progress'>, ReportPage<CourseProgressRow>>('exams.reports.course-progress'),
  /** The chart: learners, completed and average progress per course. */
  CourseProgressByCourse: defineRpc<Record<string, never>, { data: CourseProgressByCourse[] }>('exams.reports.course-progress-by-course'),
  /** accounts-invitations: the ids of the company's buying people (company, training manager, coordinator, commercial manager). */
  CompanyBuyers: defineRpc<CompanyBuyersRequest, { userIds: string[] }>('accounts-invitations.reports.company-buyers'),
} as const;
