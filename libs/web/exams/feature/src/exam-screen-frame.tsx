import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { ExamPages } from '@aero/web-exams-data-access';
import { FailureNotice, PageLoading, PageTitle } from '@aero/web-shared-ui';

export interface ExamScreenFrame {
  /** The screen's section class and heading (title and h1). */
  className: string;
  title: string;
  /** The address ids, null when they are not numbers. */
  courseId: number | null;
  examId: number | null;
  /** Where a visitor comes back to after signing in. */
  returnTo: string;
  error: unknown;
  /** Whether the screen's answer is there to show. */
  loaded: boolean;
}

/**
 * What the exam screens show before their answer can be shown: the sign-in page for a visitor,
 * the server's refusal (or "no such exam" for an address that is not one) with the way back to
 * the course, or the loading state. Null once the screen's own content can be shown; `heading`
 * is the screen's title and h1, for the screen to reuse.
 */
export function useExamScreenFrame({ className, title, courseId, examId, returnTo, error, loaded }: ExamScreenFrame): {
  heading: ReactNode;
  pending: ReactElement | null;
} {
  const { t } = useTranslation();
  const titleId = `${className}-title`;
  const heading = (
    <>
      <PageTitle title={title} />
      <h1 id={titleId}>{title}</h1>
    </>
  );
  const valid = courseId !== null && examId !== null;
  const section = (content: ReactNode) => (
    <section className={`page ${className}`} aria-labelledby={titleId}>
      {heading}
      {content}
    </section>
  );
  if (valid && isSignInRequired(error)) return { heading, pending: <Navigate to={signInPath(returnTo)} replace /> };
  if (!valid || (error && !loaded)) {
    return {
      heading,
      pending: section(
        <>
          {valid ? (
            <FailureNotice failure={error} />
          ) : (
            <p className="notice notice--error" role="alert">
              {t('exam.not-found')}
            </p>
          )}
          {courseId !== null && <Link to={ExamPages.course(courseId)}>{t('exam.back-to-course')}</Link>}
        </>,
      ),
    };
  }
  if (!loaded) return { heading, pending: section(<PageLoading />) };
  return { heading, pending: null };
}
