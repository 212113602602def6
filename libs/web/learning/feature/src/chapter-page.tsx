import { LearningErrorCode, type ChapterCompletionReason, type ChapterContent } from '@aero/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { LearningPages, useChapterQuery, useCompleteChapterMutation, useCoursePageQuery } from '@aero/web-learning-data-access';
import { ChapterText, isWatchingView, SandboxedPlayer, SyllabusTree } from '@aero/web-learning-ui';
import { PageLoading, PageTitle } from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';
import { courseIdParam } from './course-page.js';
import { Quiz } from './quiz.js';
import './learning-feature.css';

/** The `code` of a refused call (`{ code, message }`), if it has one. */
export function failureCode(failure: unknown): string | undefined {
  const data = typeof failure === 'object' && failure !== null && 'data' in failure ? failure.data : undefined;
  const code = typeof data === 'object' && data !== null && 'code' in data ? data.code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * /course/{course_id}/chapter/{slug} (spec: learning §2 syllabus, quiz screen): the chapter's text,
 * its video in a sandboxed iframe, or its quiz; it completes when the video ends or with 'Mark as
 * done', as the chapter allows; then the next chapter. The syllabus beside it is the watching
 * view. After the course's last day it says 'The content of this course has ended.'.
 */
export function ChapterPage() {
  const { t } = useTranslation();
  const params = useParams();
  const courseId = courseIdParam(params.courseId);
  const slug = params.slug ?? '';
  const chapter = useChapterQuery({ courseId: courseId ?? 0, slug }, { skip: courseId === null || slug === '' });
  const course = useCoursePageQuery(courseId ?? 0, { skip: courseId === null });

  if (courseId !== null && isSignInRequired(chapter.error)) return <Navigate to={signInPath(LearningPages.chapter(courseId, slug))} replace />;
  const courseName = course.data?.course.name;
  const backToCourse = courseId !== null && (
    <Link to={LearningPages.course(courseId)} className="chapter__back">
      {courseName ?? t('chapter.back')}
    </Link>
  );

  if (courseId === null || (chapter.error && !chapter.data)) {
    const ended = failureCode(chapter.error) === LearningErrorCode.ContentEnded;
    return (
      <section className="page chapter" aria-labelledby="chapter-title">
        <PageTitle title={courseName ?? t('screens.course')} />
        {backToCourse}
        <h1 id="chapter-title">{courseName ?? t('screens.course')}</h1>
        <p className={`notice ${ended ? 'notice--warning chapter__ended' : 'notice--error'}`} role="alert">
          {ended ? t('my-courses.content-ended') : ((chapter.error && failureMessage(chapter.error)) ?? t('errors.generic'))}
        </p>
        {courseId !== null && <Link to={LearningPages.course(courseId)}>{t('chapter.back')}</Link>}
      </section>
    );
  }
  if (chapter.isLoading || !chapter.data) {
    return (
      <section className="page chapter">
        {backToCourse}
        <PageLoading />
      </section>
    );
  }

  const content = chapter.data;
  return (
    <section className="page chapter" aria-labelledby="chapter-title">
      <PageTitle title={content.name} />
      {backToCourse}
      <div className="chapter__layout">
        <article className="chapter__content">
          <h1 id="chapter-title">{content.name}</h1>
          {content.subtitle && <p className="chapter__subtitle">{content.subtitle}</p>}
          {content.is_completed && <p className="chapter__badge">{t('chapter.completed')}</p>}
          {/* A new chapter starts afresh (its video not ended, its quiz not answered). */}
          <ChapterBody key={content.slug} courseId={courseId} content={content} />
          <nav className="chapter__next" aria-label={t('chapter.next')}>
            {content.next_chapter_url ? (
              <Link className="btn btn--primary" to={content.next_chapter_url}>
                {t('chapter.next')}
              </Link>
            ) : (
              <p>
                {t('chapter.course-done')} <Link to={LearningPages.course(courseId)}>{t('chapter.back')}</Link>
              </p>
            )}
          </nav>
        </article>
        {course.data && course.data.syllabus.length > 0 && (
          <aside className="chapter__syllabus" aria-label={t('syllabus.label')}>
            <SyllabusTree
              chapters={course.data.syllabus}
              watching={isWatchingView(course.data.enrolment)}
              durationFormat="clock"
              label={t('syllabus.label')}
              currentSlug={content.slug}
            />
          </aside>
        )}
      </div>
    </section>
  );
}

/** The chapter itself and how it completes. */
function ChapterBody({ courseId, content }: { courseId: number; content: ChapterContent }) {
  const { t } = useTranslation();
  const [complete, { isLoading }] = useCompleteChapterMutation();
  const [videoEnded, setVideoEnded] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const markCompleted = async (reason: ChapterCompletionReason) => {
    setFailed(null);
    try {
      await complete({ courseId, slug: content.slug, reason }).unwrap();
    } catch (error) {
      setFailed(failureMessage(error) ?? t('chapter.complete-error'));
    }
  };
  const onVideoEnded = () => {
    setVideoEnded(true);
    if (!content.is_completed) void markCompleted('video_ended');
  };

  // A video completes when it ends, or by 'Mark as done' when it may be skipped; a text by 'Mark as done'.
  const canMarkDone = !content.is_completed && (content.kind === 'text' || (content.kind === 'video' && content.is_skippable));
  return (
    <>
      {content.video_url && <SandboxedPlayer url={content.video_url} title={content.name} onEnded={onVideoEnded} />}
      {content.text && <ChapterText text={content.text} />}
      {content.kind === 'section' && !content.text && <p>{t('chapter.section')}</p>}
      {content.quiz && <Quiz courseId={courseId} slug={content.slug} questions={content.quiz.questions} completed={content.is_completed} />}
      <div className="chapter__completion">
        {videoEnded && (
          <p className="chapter__video-ended" role="status">
            {t('chapter.video-ended')}
          </p>
        )}
        {content.kind === 'video' && !content.is_completed && !content.is_skippable && !videoEnded && <p className="chapter__hint">{t('chapter.watch-to-end')}</p>}
        {canMarkDone && (
          <button type="button" className="btn btn--secondary" disabled={isLoading} aria-busy={isLoading || undefined} onClick={() => void markCompleted('marked_done')}>
            {t('chapter.mark-done')}
          </button>
        )}
        {failed && (
          <p className="notice notice--error" role="alert">
            {failed}
          </p>
        )}
      </div>
    </>
  );
}
