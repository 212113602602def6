import {
  REPORT_NAMES,
  type CourseProgressRow,
  type CourseProgressSort,
  type ReceivedCourseRow,
  type ReceivedCoursesSort,
  type ReportName,
  type WalletMovementRow,
  type WalletMovementsSort,
} from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '@aero/web-learning-ui';
import {
  useCourseProgressByCourseQuery,
  useCourseProgressReportQuery,
  useReceivedCoursesReportQuery,
  useWalletMovementsReportQuery,
} from '@aero/web-reports-data-access';
import { PageTitle, type TableColumn } from '@aero/web-shared-ui';
import { BarChart } from './bar-chart.js';
import { formatCents, formatDate, formatDateTime, formatDay } from './format.js';
import { ReportPanel } from './report-panel.js';
import './reports-feature.css';

const isReport = (value: string | null): value is ReportName => (REPORT_NAMES as readonly string[]).includes(value ?? '');

/**
 * /reports (learning §1 "view reports (course progress, received courses, wallet)", §2 reports):
 * tabs Course progress (with the chart of progress by course), Received courses and Wallet, each
 * a sortable, paged table with its CSV download. The tab is in the address (`?tab=wallet-movements`).
 * The rows are the company's (the server decides: its learners, its shares, its wallets).
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = isReport(params.get('tab')) ? (params.get('tab') as ReportName) : 'course-progress';
  const tabs = REPORT_NAMES.map((key) => ({ key, label: t(`reports.tabs.${key}`) }));

  return (
    <section className="page reports" aria-labelledby="reports-title">
      <PageTitle title={t('screens.reports')} />
      <h1 id="reports-title">{t('screens.reports')}</h1>
      <Tabs label={t('reports.tabs-label')} tabs={tabs} selected={tab} onSelect={(key) => setParams(key === 'course-progress' ? {} : { tab: key }, { replace: true })}>
        {tab === 'course-progress' && <CourseProgressReport />}
        {tab === 'received-courses' && <ReceivedCoursesReport />}
        {tab === 'wallet-movements' && <WalletMovementsReport />}
      </Tabs>
    </section>
  );
}

function CourseProgressReport() {
  const { t, i18n } = useTranslation();
  const columns: TableColumn<CourseProgressRow, CourseProgressSort>[] = [
    { key: 'learner_name', header: t('reports.columns.learner'), sortBy: 'learner_name', cell: (row) => row.learner_name },
    { key: 'learner_email', header: t('reports.columns.email'), sortBy: 'learner_email', cell: (row) => row.learner_email },
    { key: 'course_name', header: t('reports.columns.course'), sortBy: 'course_name', cell: (row) => row.course_name },
    { key: 'status', header: t('reports.columns.status'), sortBy: 'status', cell: (row) => t(`reports.course-status.${row.status}`, { defaultValue: row.status }) },
    {
      key: 'overall',
      header: t('reports.columns.progress'),
      sortBy: 'overall',
      cell: (row) => (
        <span className="report__progress">
          <meter min={0} max={100} value={row.overall} aria-hidden="true" /> {t('reports.percent', { value: row.overall })}
        </span>
      ),
    },
    { key: 'started_at', header: t('reports.columns.started'), sortBy: 'started_at', cell: (row) => formatDate(row.started_at, i18n.language) },
    { key: 'completed_at', header: t('reports.columns.completed'), sortBy: 'completed_at', cell: (row) => formatDate(row.completed_at, i18n.language) },
  ];
  return (
    <ReportPanel
      report="course-progress"
      label={t('reports.tabs.course-progress')}
      columns={columns}
      useReport={useCourseProgressReportQuery}
      rowKey={(row, index) => `${row.learner_email}|${row.course_name}|${index}`}
      empty={t('reports.empty.course-progress')}
    >
      <ProgressByCourse />
    </ReportPanel>
  );
}

/** The chart: the average progress of the company's learners in each course. */
function ProgressByCourse() {
  const { t } = useTranslation();
  const { data, error } = useCourseProgressByCourseQuery();
  if (error || !data || data.length === 0) return null;
  return (
    <BarChart
      title={t('reports.chart.title')}
      data={data.map((course) => ({
        key: course.course_name,
        label: course.course_name,
        value: course.average_overall,
        note: t('reports.chart.note', { count: course.learners, completed: course.completed }),
      }))}
      format={(value) => t('reports.percent', { value })}
    />
  );
}

function ReceivedCoursesReport() {
  const { t, i18n } = useTranslation();
  const columns: TableColumn<ReceivedCourseRow, ReceivedCoursesSort>[] = [
    { key: 'recipient_email', header: t('reports.columns.recipient'), sortBy: 'recipient_email', cell: (row) => row.recipient_email ?? t('reports.not-activated') },
    { key: 'course_name', header: t('reports.columns.course'), sortBy: 'course_name', cell: (row) => row.course_name },
    { key: 'shared_at', header: t('reports.columns.shared-at'), sortBy: 'shared_at', cell: (row) => formatDate(row.shared_at, i18n.language) },
    { key: 'expires', header: t('reports.columns.expires'), sortBy: 'expires', cell: (row) => formatDay(row.expires, i18n.language) },
    { key: 'status', header: t('reports.columns.status'), sortBy: 'status', cell: (row) => t(`reports.share-status.${row.status}`, { defaultValue: row.status }) },
  ];
  return (
    <ReportPanel
      report="received-courses"
      label={t('reports.tabs.received-courses')}
      columns={columns}
      useReport={useReceivedCoursesReportQuery}
      rowKey={(row, index) => `${row.recipient_email ?? ''}|${row.course_name}|${row.shared_at ?? ''}|${index}`}
      empty={t('reports.empty.received-courses')}
    />
  );
}

function WalletMovementsReport() {
  const { t, i18n } = useTranslation();
  const columns: TableColumn<WalletMovementRow, WalletMovementsSort>[] = [
    { key: 'date', header: t('reports.columns.date'), sortBy: 'date', cell: (row) => formatDateTime(row.date, i18n.language) },
    { key: 'description', header: t('reports.columns.description'), sortBy: 'description', cell: (row) => row.description },
    {
      key: 'amount_cents',
      header: t('reports.columns.amount'),
      sortBy: 'amount_cents',
      cell: (row) => <span className={row.amount_cents < 0 ? 'report__debit' : 'report__credit'}>{formatCents(row.amount_cents)}</span>,
    },
    { key: 'balance_after_cents', header: t('reports.columns.balance-after'), sortBy: 'balance_after_cents', cell: (row) => formatCents(row.balance_after_cents) },
  ];
  return (
    <ReportPanel
      report="wallet-movements"
      label={t('reports.tabs.wallet-movements')}
      columns={columns}
      useReport={useWalletMovementsReportQuery}
      rowKey={(row, index) => `${row.date}|${index}`}
      empty={t('reports.empty.wallet-movements')}
    />
  );
}
