import { certificatePdfPath, LEARNING_LIMITS, type Enrolment } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { LearningPages, useCourseHistoryQuery } from '@aero/web-learning-data-access';
import { DataTable, FailureNotice, PageLoading, PageTitle, Pagination, PerPageSelect, useListParams } from '@aero/web-shared-ui';
import { formatDate, formatDay } from './format.js';
import './learning-feature.css';

/**
 * /my-courses/history (spec: learning §2 course history): every course the learner has held,
 * ended and failed ones too, newest first, 10 to 50 a page.
 */
export function CourseHistoryPage() {
  const { t, i18n } = useTranslation();
  const { page, perPage, go } = useListParams(LEARNING_LIMITS.defaultPerPage);
  const { data, isLoading, isFetching, error } = useCourseHistoryQuery({ page, perPage });
  if (isSignInRequired(error)) return <Navigate to={signInPath(LearningPages.history)} replace />;
  return (
    <section className="page course-history" aria-labelledby="course-history-title">
      <PageTitle title={t('course-history.title')} />
      <header className="learning__header">
        <h1 id="course-history-title">{t('course-history.title')}</h1>
        <Link to={LearningPages.myCourses}>{t('course-history.back')}</Link>
      </header>
      {isLoading && <PageLoading />}
      {!data && <FailureNotice failure={error} />}
      {data && data.data.length === 0 && <p>{t('course-history.empty')}</p>}
      {data && data.data.length > 0 && (
        <>
          <div className="learning__list-tools">
            <PerPageSelect value={perPage} options={LEARNING_LIMITS.perPageOptions} onChange={(size) => go({ perPage: size })} />
          </div>
          <DataTable<Enrolment>
            label={t('course-history.label')}
            rows={data.data}
            rowKey={(enrolment) => enrolment.id}
            busy={isFetching}
            rowClassName={(enrolment) => (enrolment.content_ended ? 'course-history__row--ended' : undefined)}
            columns={[
              { key: 'course', header: t('course-history.columns.course'), cell: (enrolment) => <Link to={enrolment.course_url}>{enrolment.name}</Link> },
              {
                key: 'status',
                header: t('course-history.columns.status'),
                cell: (enrolment) => (
                  <>
                    {t(`course-history.status.${enrolment.status}`)}
                    {enrolment.content_ended && <span className="course-history__ended"> · {t('course-history.ended')}</span>}
                  </>
                ),
              },
              { key: 'source', header: t('course-history.columns.source'), cell: (enrolment) => t(`my-courses.source.${enrolment.source}`) },
              { key: 'overall', header: t('course-history.columns.overall'), cell: (enrolment) => `${enrolment.overall}%` },
              { key: 'enrolled', header: t('course-history.columns.enrolled'), cell: (enrolment) => formatDate(enrolment.enrolled_at, i18n.language) },
              { key: 'completed', header: t('course-history.columns.completed'), cell: (enrolment) => (enrolment.completed_at ? formatDate(enrolment.completed_at, i18n.language) : '—') },
              { key: 'available_till', header: t('course-history.columns.available-till'), cell: (enrolment) => formatDay(enrolment.available_till, i18n.language) },
              {
                key: 'certificate',
                header: t('course-history.columns.certificate'),
                cell: (enrolment) =>
                  enrolment.certificate_number ? (
                    <a href={certificatePdfPath(enrolment.certificate_number)} download aria-label={`${t('my-courses.download-certificate')}: ${enrolment.name}`}>
                      {t('course-history.download')}
                    </a>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
          <Pagination page={page} totalPages={data.meta.pagination.total_pages} onPage={(next) => go({ page: next })} label={t('course-history.title')} />
        </>
      )}
    </section>
  );
}
