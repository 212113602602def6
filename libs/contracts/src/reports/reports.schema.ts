import { z } from 'zod';
import type { ActingContext } from '../accounts/permissions.js';
import { formErrors, formField, ifSent } from '../common/form-schema.js';
import { paginationSchema, type PaginationMeta } from '../common/pagination.js';
import { isMissing, isOneOf } from '../common/request-field.js';
import { SHARE_STATUSES } from '../sharing/sharing.js';
import {
  firstDirectionOf,
  REPORT_COURSE_STATUSES,
  REPORT_DEFAULT_SORT,
  REPORT_LIMITS,
  REPORT_SORTS,
  reportScopeOf,
  type CourseProgressByCourse,
  type CourseProgressRow,
  type ReceivedCourseRow,
  type ReportName,
  type ReportPage,
  type ReportScope,
  type ReportSort,
  type SortDirection,
  type WalletMovementRow,
} from './reports.js';

/** Codes of the reports' error answers (401, 403, 422). */
export const ReportsErrorCode = {
  Validation: 'validation_failed',
  Unauthenticated: 'reports.unauthenticated',
  Forbidden: 'reports.forbidden',
} as const;
export type ReportsErrorCode = (typeof ReportsErrorCode)[keyof typeof ReportsErrorCode];

/** The words of the reports' refusals. */
export const ReportsMessages = {
  signInRequired: 'Please sign in to continue.',
  forbidden: 'You are not allowed to do this.',
  sortInvalid: (report: ReportName) => `The sort must be one of ${REPORT_SORTS[report].join(', ')}.`,
  directionInvalid: 'The direction must be asc or desc.',
  pageInvalid: 'The page must be a whole number of at least 1.',
  perPageInvalid: `The page size must be one of ${REPORT_LIMITS.perPageOptions.join(', ')}.`,
  perPageTooLarge: `The page size must be a whole number from 1 to ${REPORT_LIMITS.maxPerPage}.`,
} as const;

const pageSizes: readonly string[] = REPORT_LIMITS.perPageOptions.map(String);
const PAGE_TEXT = /^[1-9]\d{0,5}$/;

/** What a report page request holds once read: every field filled with its default. */
export interface ReportQuery<R extends ReportName = ReportName> {
  sort: ReportSort<R>;
  direction: SortDirection;
  page: number;
  per_page: number;
}

/**
 * The query string of a report route (`?sort=&direction=&page=&per_page=`): the sort one of the
 * report's columns (a whitelist: nothing else reaches SQL), the page size 10 to 50 by 10. A
 * broken field is a 422 with its message. What is not sent stays undefined and the service fills
 * the default (`reportRequestSchema`): the report's own sort, descending for dates and figures and
 * ascending for text, page 1 of 10. The `.csv` variant reads sort and direction only.
 */
export function reportQuerySchema<R extends ReportName>(report: R) {
  const sorts = REPORT_SORTS[report] as readonly string[];
  const defaults = REPORT_DEFAULT_SORT[report];
  return z.object({
    sort: formField<ReportSort<R> | undefined, string | undefined>(
      ifSent([{ message: ReportsMessages.sortInvalid(report), breaks: (value) => !isOneOf(value, sorts) }]),
      (value) => (isMissing(value) ? undefined : (value as ReportSort<R>)),
      { type: 'string', enum: sorts, default: defaults.sort },
    ),
    direction: formField<SortDirection | undefined, string | undefined>(
      ifSent([{ message: ReportsMessages.directionInvalid, breaks: (value) => value !== 'asc' && value !== 'desc' }]),
      (value) => (isMissing(value) ? undefined : (value as SortDirection)),
      { type: 'string', enum: ['asc', 'desc'], description: 'Default: descending for dates and figures, ascending for text' },
    ),
    page: formField<number | undefined, string | undefined>(
      ifSent([{ message: ReportsMessages.pageInvalid, breaks: (value) => typeof value !== 'string' || !PAGE_TEXT.test(value) }]),
      (value) => (isMissing(value) ? undefined : Number(value)),
      { type: 'integer', default: 1 },
    ),
    per_page: formField<number | undefined, string | undefined>(
      ifSent([{ message: ReportsMessages.perPageInvalid, breaks: (value) => !isOneOf(value, pageSizes) }]),
      (value) => (isMissing(value) ? undefined : Number(value)),
      { type: 'integer', enum: REPORT_LIMITS.perPageOptions, default: REPORT_LIMITS.defaultPerPage },
    ),
  });
}
/** A report route's query as read: only what was sent (the service fills the defaults). */
export type ReportHttpQuery<R extends ReportName> = z.output<ReturnType<typeof reportQuerySchema<R>>>;

/**
 * A report page as a service receives it over RPC (the gateway read the query already): the same
 * rules with numbers, and pages up to `REPORT_LIMITS.maxPerPage` rows (a CSV export reads every row
 * in pages of `exportPageSize`). Whose rows comes from the request context, never from here.
 */
export function reportRequestSchema<R extends ReportName>(report: R) {
  const sorts = REPORT_SORTS[report] as unknown as [ReportSort<R>, ...ReportSort<R>[]];
  const defaults = REPORT_DEFAULT_SORT[report];
  return z
    .object({
      sort: z.enum(sorts, { error: ReportsMessages.sortInvalid(report) }).optional(),
      direction: z.enum(['asc', 'desc'], { error: ReportsMessages.directionInvalid }).optional(),
      page: z.number({ error: ReportsMessages.pageInvalid }).int(ReportsMessages.pageInvalid).min(1, ReportsMessages.pageInvalid).max(REPORT_LIMITS.maxPage, ReportsMessages.pageInvalid).optional(),
      per_page: z
        .number({ error: ReportsMessages.perPageTooLarge })
        .int(ReportsMessages.perPageTooLarge)
        .min(1, ReportsMessages.perPageTooLarge)
        .max(REPORT_LIMITS.maxPerPage, ReportsMessages.perPageTooLarge)
        .optional(),
    })
    .transform(
      (request): ReportQuery<R> => ({
        sort: request.sort ?? defaults.sort,
        direction: request.direction ?? (request.sort === undefined ? defaults.direction : firstDirectionOf(request.sort)),
        page: request.page ?? 1,
        per_page: request.per_page ?? REPORT_LIMITS.defaultPerPage,
      }),
    );
}

/** A report page request over RPC (numbers; every field optional). */
export interface ReportPageRequest<R extends ReportName = ReportName> {
  sort?: ReportSort<R>;
  direction?: SortDirection;
  page?: number;
  per_page?: number;
}

const isoDate = () => z.string().meta({ format: 'date-time', example: '2026-03-02T09:30:00.000Z' });
const pageMeta = z.object({ pagination: paginationSchema });

export const courseProgressRowSchema = z.object({
  learner_name: z.string(),
  learner_email: z.string(),
  course_name: z.string(),
  status: z.string().meta({ enum: REPORT_COURSE_STATUSES }),
  overall: z.number().int().meta({ minimum: 0, maximum: 100 }),
  started_at: isoDate().nullable(),
  completed_at: isoDate().nullable(),
}) satisfies z.ZodType<CourseProgressRow>;

export const courseProgressByCourseSchema = z.object({
  course_name: z.string(),
  learners: z.number().int(),
  completed: z.number().int(),
  average_overall: z.number().int().meta({ minimum: 0, maximum: 100 }),
}) satisfies z.ZodType<CourseProgressByCourse>;

export const receivedCourseRowSchema = z.object({
  recipient_email: z.string().nullable(),
  course_name: z.string(),
  shared_at: isoDate().nullable(),
  expires: z.string().meta({ format: 'date', example: '2027-06-30' }),
  status: z.string().meta({ enum: SHARE_STATUSES }),
}) satisfies z.ZodType<ReceivedCourseRow>;

export const walletMovementRowSchema = z.object({
  date: isoDate(),
  description: z.string(),
  amount_cents: z.number().int(),
  balance_after_cents: z.number().int(),
}) satisfies z.ZodType<WalletMovementRow>;

export const courseProgressPageSchema = z.object({ data: z.array(courseProgressRowSchema), meta: pageMeta }) satisfies z.ZodType<ReportPage<CourseProgressRow>>;
export const courseProgressByCourseAnswerSchema = z.object({ data: z.array(courseProgressByCourseSchema) });
export const receivedCoursesPageSchema = z.object({ data: z.array(receivedCourseRowSchema), meta: pageMeta }) satisfies z.ZodType<ReportPage<ReceivedCourseRow>>;
export const walletMovementsPageSchema = z.object({ data: z.array(walletMovementRowSchema), meta: pageMeta }) satisfies z.ZodType<ReportPage<WalletMovementRow>>;

/** A report request as a service reads it: whose rows and which page, or why it is refused. */
export type ReportRequestReading<R extends ReportName> =
  | { ok: true; scope: ReportScope; query: ReportQuery<R> }
  | { ok: false; status: 401 | 403 | 422; code: ReportsErrorCode; message: string; errors?: Record<string, string[]> };

/**
 * The first step of every report handler: 401 without an actor, 403 when the actor may not read
 * reports (`reportScopeOf`), 422 with the field messages when the page request breaks its schema.
 */
export function readReportRequest<R extends ReportName>(ctx: ActingContext, report: R, request: unknown): ReportRequestReading<R> {
  if (!ctx.actor) return { ok: false, status: 401, code: ReportsErrorCode.Unauthenticated, message: ReportsMessages.signInRequired };
  const scope = reportScopeOf(ctx);
  if (!scope) return { ok: false, status: 403, code: ReportsErrorCode.Forbidden, message: ReportsMessages.forbidden };
  const schema = reportRequestSchema(report);
  const errors = formErrors(schema, request ?? {});
  if (errors) return { ok: false, status: 422, code: ReportsErrorCode.Validation, message: 'The given data was invalid.', errors };
  return { ok: true, scope, query: schema.parse(request ?? {}) };
}

/** The `meta.pagination` of a report page. */
export function reportPagination(total: number, count: number, query: { page: number; per_page: number }): PaginationMeta {
  return { total, count, per_page: query.per_page, current_page: query.page, total_pages: Math.max(1, Math.ceil(total / query.per_page)) };
}
