import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { LearningPages, useCoursePageQuery } from '@aero/web-learning-data-access';
import { activeChapter, isWatchingView, SandboxedPlayer, SyllabusTree, Tabs } from '@aero/web-learning-ui';
import { FailureNotice, Modal, PageLoading, PageTitle } from '@aero/web-shared-ui';
import { CourseProgressModal } from './course-progress-modal.js';
import { QuestionsTab } from './questions-tab.js';
import './learning-feature.css';

type CourseTab = 'syllabus' | 'questions';

/** The course id of the address, or null when it is not one. */
export function courseIdParam(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

/**
 * /course/{course_id} (spec: learning §2): the course's header with the demo video (a modal with
 * the external player in a sandboxed iframe), the learner's progress and the course progress
 * modal, and the tabs Syllabus (the chapter tree: a watching view when enrolled) and Questions and
 * answers (`?tab=questions`).
 */
export function CoursePage() {
  const { t } = useTranslation();
  const courseId = courseIdParam(useParams().courseId);
  const [search, setSearch] = useSearchParams();
  const tab: CourseTab = search.get('tab') === 'questions' ? 'questions' : 'syllabus';
  const { data, isLoading, error } = useCoursePageQuery(courseId ?? 0, { skip: courseId === null });
  const [demoOpen, setDemoOpen] = useState(false);
  const [progressOpen, setProgressOpen] = useState(false);

  if (courseId !== null && isSignInRequired(error)) return <Navigate to={signInPath(LearningPages.course(courseId))} replace />;
  if (courseId === null || (error && !data)) {
    return (
      <section className="page course" aria-labelledby="course-title">
        <PageTitle title={t('screens.course')} />
        <h1 id="course-title">{t('screens.course')}</h1>
        {courseId === null ? (
          <p className="notice notice--error" role="alert">
            {t('course.not-found')}
          </p>
        ) : (
          <FailureNotice failure={error} />
        )}
        <Link to={LearningPages.myCourses}>{t('my-courses.title')}</Link>
      </section>
    );
  }
  if (isLoading || !data) {
    return (
      <section className="page course" aria-labelledby="course-title">
        <h1 id="course-title">{t('screens.course')}</h1>
        <PageLoading />
      </section>
    );
  }

  const { course, enrolment, syllabus } = data;
  const watching = isWatchingView(enrolment);
  const active = enrolment ? activeChapter(syllabus) : null;
  const selectTab = (next: CourseTab) =>
    setSearch(
      (params) => {
        if (next === 'questions') params.set('tab', 'questions');
        else params.delete('tab');
        return params;
      },
      { replace: true },
    );

  return (
    <section className="page course" aria-labelledby="course-title">
      <PageTitle title={course.name} />
      <header className="course__header">
        {course.image && <img className="course__image" src={course.image} alt="" width={640} height={360} />}
        <div className="course__intro">
          <h1 id="course-title">{course.name}</h1>
          {course.subtitle && <p className="course__subtitle">{course.subtitle}</p>}
          {course.description && <p className="course__description">{course.description}</p>}
          {enrolment && (
            <p className="course__overall">
              <progress max={100} value={enrolment.overall} aria-label={t('course.overall', { percent: enrolment.overall })} />
              <span>{t('course.overall', { percent: enrolment.overall })}</span>
            </p>
          )}
          {enrolment?.content_ended && (
            <p className="notice notice--warning" role="status">
              {t('my-courses.content-ended')}
            </p>
          )}
          {!enrolment && (
            <p className="notice notice--info">
              {t('course.not-enrolled')} <Link to="/e-shop">{t('course.e-shop')}</Link>
            </p>
          )}
          <div className="course__actions">
            {active && watching && (
              <Link className="btn btn--primary" to={active.chapter_url}>
                {enrolment?.status === 'in-progress' ? t('course.continue', { name: active.name }) : t('course.start')}
              </Link>
            )}
            {data.exam_id != null && enrolment && (
              <Link className="btn btn--secondary" to={`/course/${course.id}/exam/${data.exam_id}`}>
                {t('course.take-exam')}
              </Link>
            )}
            {course.demo_video_url && (
              <button type="button" className="btn btn--secondary" onClick={() => setDemoOpen(true)}>
                {t('course.demo-video')}
              </button>
            )}
            {enrolment && (
              <button type="button" className="btn btn--secondary" onClick={() => setProgressOpen(true)}>
                {t('course.progress')}
              </button>
            )}
          </div>
        </div>
      </header>

      <Tabs<CourseTab>
        label={t('course.tabs')}
        tabs={[
          { key: 'syllabus', label: t('course.syllabus-tab') },
          { key: 'questions', label: t('course.questions-tab') },
        ]}
        selected={tab}
        onSelect={selectTab}
      >
        {tab === 'syllabus' ? (
          syllabus.length === 0 ? (
            <p>{t('course.empty-syllabus')}</p>
          ) : (
            <SyllabusTree chapters={syllabus} watching={watching} label={t('syllabus.label')} />
          )
        ) : (
          <QuestionsTab courseId={course.id} enrolment={enrolment} />
        )}
      </Tabs>

      {course.demo_video_url && (
        <Modal open={demoOpen} onClose={() => setDemoOpen(false)} title={t('course.demo-title', { name: course.name })} size="lg">
          <SandboxedPlayer url={course.demo_video_url} title={t('course.demo-title', { name: course.name })} />
        </Modal>
      )}
      {enrolment && (
        <CourseProgressModal open={progressOpen} onClose={() => setProgressOpen(false)} enrolmentId={enrolment.id} courseName={course.name} />
      )}
    </section>
  );
}
