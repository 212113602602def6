import { firstDirectionOf, REPORT_LIMITS, type ReportName, type ReportPage, type ReportSort } from '@aero/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { firstPageOf, reportCsvHref, ReportsPages, type ReportArgs } from '@aero/web-reports-data-access';
import { DataTable, PageLoading, Pagination, PerPageSelect, useListParams, useTableSort, type TableColumn } from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';

/** What a report query hook answers (RTK Query). */
export interface ReportQueryResult<Row> {
  data?: ReportPage<Row>;
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
}

export interface ReportPanelProps<R extends ReportName, Row> {
  report: R;
  /** Names the table. */
  label: string;
  columns: readonly TableColumn<Row, ReportSort<R>>[];
  useReport: (args: ReportArgs<R>) => ReportQueryResult<Row>;
  rowKey: (row: Row, index: number) => string;
  /** Said when the report has no row. */
  empty: string;
  /** Shown above the table (the chart of course progress). */
  children?: ReactNode;
}

/**
 * One report: its table sorted by any column (a click on the sorted column turns it round; dates
 * and figures first newest or largest), pages of 10 to 50, and "Download CSV" of every row sorted
 * as the table is. A new sort or page size starts again at the first page.
 */
export function ReportPanel<R extends ReportName, Row>({ report, label, columns, useReport, rowKey, empty, children }: ReportPanelProps<R, Row>) {
  const { t } = useTranslation();
  const first = firstPageOf(report);
  const sort = useTableSort<ReportSort<R>>({ column: first.sort, direction: first.direction }, (column) => firstDirectionOf(column));
  const { page, perPage, go } = useListParams(REPORT_LIMITS.defaultPerPage);
  const { data, isLoading, isFetching, error } = useReport({ sort: sort.column, direction: sort.direction, page, perPage });

  if (isSignInRequired(error)) return <Navigate to={signInPath(ReportsPages.reports)} replace />;

  const tableSort = {
    ...sort,
    onSort: (column: ReportSort<R>) => {
      sort.onSort(column);
      go({});
    },
  };

  return (
    <div className="report">
      {children}
      <div className="report__tools">
        <PerPageSelect value={perPage} options={REPORT_LIMITS.perPageOptions} onChange={(size) => go({ perPage: size })} />
        <a className="btn btn--secondary report__download" href={reportCsvHref(report, { sort: sort.column, direction: sort.direction })} download>
          {t('reports.download-csv')}
        </a>
      </div>
      {isLoading && <PageLoading />}
      {error !== undefined && !data && (
        <p className="notice notice--error" role="alert">
          {failureMessage(error) ?? t('errors.generic')}
        </p>
      )}
      {data && data.data.length === 0 && <p className="report__empty">{empty}</p>}
      {data && data.data.length > 0 && (
        <>
          <p className="report__total">{t('reports.total', { count: data.meta.pagination.total })}</p>
          <div className="report__scroll">
            <DataTable label={label} rows={data.data} columns={columns} rowKey={rowKey} busy={isFetching} sort={tableSort} />
          </div>
          <Pagination page={page} totalPages={data.meta.pagination.total_pages} onPage={(next) => go({ page: next })} label={t('reports.pages', { report: label })} />
        </>
      )}
    </div>
  );
}
