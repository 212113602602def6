import {
  REPORT_DEFAULT_SORT,
  REPORT_LIMITS,
  type CourseProgressByCourse,
  type CourseProgressRow,
  type ReceivedCourseRow,
  type ReportName,
  type ReportPage,
  type ReportSort,
  type SortDirection,
  type WalletMovementRow,
} from '@aero/contracts';
import { baseApi } from '@aero/web-shared-api';

/** The report calls (agreed API "Reports"): a page of a table, its CSV file, the chart. */
export const ReportsPaths = {
  page: (report: ReportName) => `/api/reports/${report}`,
  csv: (report: ReportName) => `/api/reports/${report}.csv`,
  byCourse: '/api/reports/course-progress/by-course',
} as const;

/** The page route of the reports. */
export const ReportsPages = {
  reports: '/reports',
} as const;

/** A page of a report: its sort and direction, the page and its size. */
export interface ReportArgs<R extends ReportName> {
  sort: ReportSort<R>;
  direction: SortDirection;
  page: number;
  perPage: number;
}

/** `?sort=&direction=&page=&per_page=`: sort and direction always, page and size when not the defaults. */
export function reportQuery<R extends ReportName>({ sort, direction, page, perPage }: ReportArgs<R>): string {
  const params = new URLSearchParams({ sort, direction });
  if (page > 1) params.set('page', String(page));
  if (perPage !== REPORT_LIMITS.defaultPerPage) params.set('per_page', String(perPage));
  return `?${params.toString()}`;
}

/** The address of a report's CSV file, sorted as the table is (every row: no page). */
export function reportCsvHref<R extends ReportName>(report: R, { sort, direction }: Pick<ReportArgs<R>, 'sort' | 'direction'>): string {
  return `${ReportsPaths.csv(report)}?${new URLSearchParams({ sort, direction }).toString()}`;
}

/** The first page of a report as it opens: its default sort, 10 rows. */
export function firstPageOf<R extends ReportName>(report: R): ReportArgs<R> {
  const { sort, direction } = REPORT_DEFAULT_SORT[report];
  return { sort, direction, page: 1, perPage: REPORT_LIMITS.defaultPerPage };
}

/** The reports of the caller's company (read only: nothing here changes them). */
export const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    courseProgressReport: build.query<ReportPage<CourseProgressRow>, ReportArgs<'course-progress'>>({
      query: (args) => `${ReportsPaths.page('course-progress')}${reportQuery(args)}`,
    }),
    courseProgressByCourse: build.query<CourseProgressByCourse[], void>({
      query: () => ReportsPaths.byCourse,
      transformResponse: (answer: { data: CourseProgressByCourse[] }) => answer.data,
    }),
    receivedCoursesReport: build.query<ReportPage<ReceivedCourseRow>, ReportArgs<'received-courses'>>({
      query: (args) => `${ReportsPaths.page('received-courses')}${reportQuery(args)}`,
    }),
    walletMovementsReport: build.query<ReportPage<WalletMovementRow>, ReportArgs<'wallet-movements'>>({
      query: (args) => `${ReportsPaths.page('wallet-movements')}${reportQuery(args)}`,
    }),
  }),
});

export const { useCourseProgressReportQuery, useCourseProgressByCourseQuery, useReceivedCoursesReportQuery, useWalletMovementsReportQuery } = reportsApi;
