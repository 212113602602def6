import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { SharingPages, useReceivedCoursesQuery } from '@aero/web-sharing-data-access';
import { PageLoading, PageTitle } from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';
import './sharing-feature.css';

/**
 * /my-courses (learning §2): the courses the learner holds, bought or received, with their state
 * and until when they are open. The syllabus and exams of each course are the learning side's.
 */
export function MyCoursesPage() {
  const { t } = useTranslation();
  const { data, isLoading, error } = useReceivedCoursesQuery();
  if (isSignInRequired(error)) return <Navigate to={signInPath(SharingPages.myCourses)} replace />;
  return (
    <section className="page my-courses" aria-labelledby="my-courses-title">
      <PageTitle title={t('my-courses.title')} />
      <h1 id="my-courses-title">{t('my-courses.title')}</h1>
      {isLoading && <PageLoading />}
      {error && !data && (
        <p className="notice notice--error" role="alert">
          {failureMessage(error) ?? t('errors.generic')}
        </p>
      )}
      {data && data.length === 0 && <p>{t('my-courses.empty')}</p>}
      {data && data.length > 0 && (
        <ul className="my-courses__list" aria-label={t('my-courses.title')}>
          {data.map((course) => (
            <li key={course.program_id} className="my-courses__item">
              <h2>{course.course_name}</h2>
              <p>
                {t(`my-courses.status.${course.status}`)} · {t(`my-courses.source.${course.source}`)}
                {course.available_till ? ` · ${t('my-courses.until', { date: course.available_till })}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
