import { z } from 'zod';
import {
  REPORT_LIMITS,
  type CourseProgressByCourse,
  type CourseProgressRow,
  type ReceivedCourseRow,
  type ReportPage,
  type WalletMovementRow,
} from '../reports/reports.js';
import type { ReportPageRequest } from '../reports/reports.schema.js';
import { defineRpc } from './rpc-definition.js';

const REPORTS_PAGE_INVALID = 'The page is invalid.';
const LEARNER_NAMES_LIMIT = `Ask for at most ${REPORT_LIMITS.maxLearnerNames} learners at once.`;

/*
 * The reports' calls. Whose rows a report holds comes from the request context (the actor's
 * company, or every row for administrators: `reportScopeOf`), never from the payload.
 */

/** The company's people whose purchases are the company's (docs/decisions.md #22), for its wallet report. */
export const companyBuyersRequestSchema = z.object({ companyId: z.string() });
export type CompanyBuyersRequest = z.input<typeof companyBuyersRequestSchema>;

/** A page of the ids of the shares a company's learners accepted (after the last id of the page before). */
export const companyLearnerSharesRequestSchema = z.object({
  after: z
    .string({ error: REPORTS_PAGE_INVALID })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, REPORTS_PAGE_INVALID)
    .nullish()
    .transform((after) => after ?? null),
});
export type CompanyLearnerSharesRequest = z.input<typeof companyLearnerSharesRequestSchema>;
export interface CompanyLearnerSharesResponse {
  shareIds: string[];
  /** The `after` of the next page; null on the last one. */
  next: string | null;
}

/** The names of learners, by user id (at most `REPORT_LIMITS.maxLearnerNames` a call). */
export const learnerNamesRequestSchema = z.object({
  /** Ids that are no user's (or no id) are simply not answered. */
  userIds: z.array(z.unknown(), { error: LEARNER_NAMES_LIMIT }).max(REPORT_LIMITS.maxLearnerNames, LEARNER_NAMES_LIMIT),
});
export type LearnerNamesRequest = z.input<typeof learnerNamesRequestSchema>;
export interface LearnerNamesResponse {
  data: { id: string; name: string }[];
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
  /**
   * sharing-organize: the shares of the company's seats that a learner accepted (the company's
   * learners, docs/decisions.md #30), for the course progress report; pages of 5,000 ids.
   */
  CompanyLearnerShares: defineRpc<CompanyLearnerSharesRequest, CompanyLearnerSharesResponse>('sharing-organize.reports.company-learner-shares'),
  /** accounts-invitations: the learners' names for the course progress report (for a caller who may read reports). */
  LearnerNames: defineRpc<LearnerNamesRequest, LearnerNamesResponse>('accounts-invitations.reports.learner-names'),
  /** accounts-invitations: the ids of the company's buying people (company, training manager, coordinator, commercial manager). */
  CompanyBuyers: defineRpc<CompanyBuyersRequest, { userIds: string[] }>('accounts-invitations.reports.company-buyers'),
} as const;
