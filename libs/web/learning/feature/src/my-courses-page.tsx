import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { certificatePdfPath, type MyCoursesAnswer } from '@aero/contracts';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import {
  awaitsEnrolment,
  COURSE_SECTIONS,
  LearningPages,
  myCourseSections,
  todayUtc,
  useMyCoursesQuery,
  type CourseSection,
  type MyCourseCard,
} from '@aero/web-learning-data-access';
import { useReceivedCoursesQuery } from '@aero/web-sharing-data-access';
import { FailureNotice, PageLoading, PageTitle } from '@aero/web-shared-ui';
import { useTimeout } from '@aero/web-shared-util';
import { CourseProgressModal } from './course-progress-modal.js';
import { formatDay } from './format.js';
import './learning-feature.css';

/** My courses before the learning side answered. */
const NO_COURSES: MyCoursesAnswer = { data: [], meta: { held_course_ids: [] } };

/** While a course held is not listed by the learning side yet, My courses asks again this often… */
export const ENROLMENT_POLL_MS = 2000;
/** …this many times at most. */
export const ENROLMENT_POLL_TRIES = 15;

/**
 * /my-courses (spec: learning §2): the learner's courses in the sections watchlist, shared, in
 * progress and completed, each with its progress, until when it is open or that its content has
 * ended, the course progress modal, and a link to the course history. The pending-shares prompt
 * brings the learner here after receiving courses; a course just received is shown at once, from
 * the seat side, until the learning side lists it.
 */
export function MyCoursesPage() {
  const { t } = useTranslation();
  const courses = useMyCoursesQuery();
  // The seat side's list of courses held (bought or received); a learner who may not receive shares has none.
  const received = useReceivedCoursesQuery();
  const sections = useMemo(() => myCourseSections(courses.data ?? NO_COURSES, received.data ?? [], todayUtc()), [courses.data, received.data]);
  const waiting = courses.data !== undefined && awaitsEnrolment(sections);
  const [tries, setTries] = useState(0);
  // Each try starts the wait for the next one (the key changes).
  useTimeout(waiting && tries < ENROLMENT_POLL_TRIES ? tries + 1 : null, ENROLMENT_POLL_MS, () => {
    setTries((n) => n + 1);
    void courses.refetch();
  });
  const [progressOf, setProgressOf] = useState<MyCourseCard | null>(null);

  if (isSignInRequired(courses.error)) return <Navigate to={signInPath(LearningPages.myCourses)} replace />;
  const total = COURSE_SECTIONS.reduce((sum, section) => sum + sections[section].length, 0);
  return (
    <section className="page my-courses" aria-labelledby="my-courses-title">
      <PageTitle title={t('my-courses.title')} />
      <header className="learning__header">
        <h1 id="my-courses-title">{t('my-courses.title')}</h1>
        <Link to={LearningPages.history}>{t('my-courses.history-link')}</Link>
      </header>
      {courses.isLoading && <PageLoading />}
      {!courses.data && <FailureNotice failure={courses.error} />}
      {courses.data && total === 0 && <p>{t('my-courses.empty')}</p>}
      {courses.data &&
        total > 0 &&
        COURSE_SECTIONS.map((section) => <CourseSectionList key={section} section={section} cards={sections[section]} onProgress={setProgressOf} />)}
      {progressOf?.enrolment && (
        <CourseProgressModal open onClose={() => setProgressOf(null)} enrolmentId={progressOf.enrolment.id} courseName={progressOf.name} />
      )}
    </section>
  );
}

function CourseSectionList({ section, cards, onProgress }: { section: CourseSection; cards: MyCourseCard[]; onProgress: (card: MyCourseCard) => void }) {
  const { t } = useTranslation();
  const titleId = `my-courses-${section}`;
  return (
    <section className="my-courses__section" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {t(`my-courses.sections.${section}`)} <span className="my-courses__count">({cards.length})</span>
      </h2>
      {cards.length === 0 ? (
        <p className="my-courses__none">{t('my-courses.section-empty')}</p>
      ) : (
        <ul className="my-courses__list">
          {cards.map((card) => (
            <li key={card.courseId}>
              <CourseCard card={card} onProgress={() => onProgress(card)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CourseCard({ card, onProgress }: { card: MyCourseCard; onProgress: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <article className={`course-card${card.contentEnded ? ' course-card--ended' : ''}`}>
      {card.image && <img className="course-card__image" src={card.image} alt="" width={640} height={360} loading="lazy" />}
      <div className="course-card__body">
        <h3 className="course-card__name">
          <Link to={card.courseUrl}>{card.name}</Link>
        </h3>
        <p className="course-card__facts">
          {t(`my-courses.source.${card.source}`)}
          {card.availableTill && !card.contentEnded && ` · ${t('my-courses.until', { date: formatDay(card.availableTill, i18n.language) })}`}
          {card.availableTill && card.contentEnded && ` · ${t('my-courses.ended-on', { date: formatDay(card.availableTill, i18n.language) })}`}
        </p>
        {card.contentEnded && <p className="course-card__ended">{t('my-courses.content-ended')}</p>}
        {card.overall !== null && (
          <p className="course-card__progress">
            <progress max={100} value={card.overall} aria-label={t('my-courses.overall', { percent: card.overall })} />
            <span>{t('my-courses.overall', { percent: card.overall })}</span>
          </p>
        )}
        {card.enrolment?.certificate_number && (
          <a
            className="btn btn--primary course-card__certificate"
            href={certificatePdfPath(card.enrolment.certificate_number)}
            download
            aria-label={`${t('my-courses.download-certificate')}: ${card.name}`}
          >
            {t('my-courses.download-certificate')}
          </a>
        )}
        {card.enrolment ? (
          <button type="button" className="btn btn--secondary course-card__action" onClick={onProgress} aria-label={`${t('my-courses.progress')}: ${card.name}`}>
            {t('my-courses.progress')}
          </button>
        ) : (
          !card.contentEnded && <p className="course-card__preparing">{t('my-courses.preparing')}</p>
        )}
      </div>
    </article>
  );
}
