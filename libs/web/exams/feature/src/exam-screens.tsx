import type { Exam } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetProductsQuery } from '@aero/web-catalog-data-access';
import { splitDuration, useBeginExamMutation, type LocalDeadline } from '@aero/web-exams-data-access';
import { StatusBadge } from '@aero/web-shared-ui';
import { failureMessage, useTimeout } from '@aero/web-shared-util';
import { Countdown, useSecondsLeft } from './countdown.js';

/** How often the grace period screen asks again once its wait is over, until the next attempt opens (ms). */
export const GRACE_RECHECK_MS = 1000;

/** A duration in words: "1 h 30 min", "30 min", "45 s". */
export function useDurationText(): (seconds: number) => string {
  const { t } = useTranslation();
  return (total) => {
    const { hours, minutes, seconds } = splitDuration(total);
    const parts = [hours ? t('exam.unit-h', { n: hours }) : null, minutes ? t('exam.unit-min', { n: minutes }) : null, seconds ? t('exam.unit-s', { n: seconds }) : null];
    return parts.filter(Boolean).join(' ') || t('exam.unit-s', { n: 0 });
  };
}

/** Links under an outcome: the results (when the exam shows them) and Proceed (next_url). */
function OutcomeLinks({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  return (
    <div className="exam__actions">
      {exam.exam_results_url && (
        <Link className="btn btn--secondary" to={exam.exam_results_url}>
          {t('exam.see-results')}
        </Link>
      )}
      <Link className="btn btn--primary" to={exam.next_url}>
        {t('exam.proceed')}
      </Link>
    </div>
  );
}

/** The exam is not open to this learner (is_allowed false): the server's reason. */
export function NotAllowedScreen({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  return (
    <section className="exam-screen" aria-labelledby="exam-screen-title">
      <h2 id="exam-screen-title">{t('exam.not-allowed-title')}</h2>
      <p className="notice notice--warning" role="status">
        {exam.message ?? t('exam.not-allowed')}
      </p>
      <Link to={exam.next_url}>{t('exam.back-to-course')}</Link>
    </section>
  );
}

/** Queued: the rules of the exam and Begin (learning §2 "Intro rules, with a Begin action"). */
export function IntroScreen({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  const durationText = useDurationText();
  const [begin, { isLoading, error }] = useBeginExamMutation();
  const previous = exam.previousAttempt;
  return (
    <section className="exam-screen exam-intro" aria-labelledby="exam-screen-title">
      <h2 id="exam-screen-title">{t('exam.rules-title')}</h2>
      {previous && exam.current_attempt_no > 0 && (
        <p className="notice notice--info">{t('exam.previous-result', { attempt: exam.current_attempt_no, percent: previous.result, pass: exam.pass_rate })}</p>
      )}
      <dl className="exam-rules">
        <div>
          <dt>{t('exam.rules.questions')}</dt>
          <dd>{exam.questions_count}</dd>
        </div>
        <div>
          <dt>{t('exam.rules.duration')}</dt>
          <dd>{durationText(exam.duration)}</dd>
        </div>
        <div>
          <dt>{t('exam.rules.pass-rate')}</dt>
          <dd>{t('exam.percent', { percent: exam.pass_rate })}</dd>
        </div>
        <div>
          <dt>{t('exam.rules.attempts-left')}</dt>
          <dd>{t('exam.attempts-of', { left: exam.attempts_left, max: exam.max_attempts })}</dd>
        </div>
        <div>
          <dt>{t('exam.rules.grace-period')}</dt>
          <dd>{durationText(exam.grace_period_between_attempts * 3600)}</dd>
        </div>
      </dl>
      <ul className="exam-intro__notes">
        <li>{t('exam.rules.choices')}</li>
        <li>{t('exam.rules.clock')}</li>
        <li>{t('exam.rules.saved')}</li>
      </ul>
      {error && (
        <p className="notice notice--error" role="alert">
          {failureMessage(error) ?? t('errors.generic')}
        </p>
      )}
      <div className="exam__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={isLoading}
          aria-busy={isLoading || undefined}
          onClick={() => {
            begin({ courseId: exam.course_id, examId: exam.id })
              .unwrap()
              .catch(() => undefined);
          }}
        >
          {t('exam.begin')}
        </button>
        <Link to={exam.next_url}>{t('exam.back-to-course')}</Link>
      </div>
    </section>
  );
}

export interface GracePeriodScreenProps {
  exam: Exam;
  /** When the next attempt may begin, on the browser's monotonic clock (from time_till_next_attempt). */
  deadline: LocalDeadline;
  /** Read the exam again (the wait is over). */
  onRefresh: () => void;
}

/** A failed attempt with attempts left: its result and the time until the next attempt. */
export function GracePeriodScreen({ exam, deadline, onRefresh }: GracePeriodScreenProps) {
  const { t } = useTranslation();
  const left = useSecondsLeft(deadline) ?? 0;
  const result = exam.previousAttempt?.result ?? exam.result_percents;
  // Once the wait is over, ask until the server opens the next attempt.
  useTimeout(left === 0 ? `${deadline}` : null, GRACE_RECHECK_MS, onRefresh);
  return (
    <section className="exam-screen exam-grace" aria-labelledby="exam-screen-title">
      <h2 id="exam-screen-title">{t('exam.grace-title')}</h2>
      <p>
        <StatusBadge tone="danger">{t('exam.not-passed')}</StatusBadge>{' '}
        {result !== null && t('exam.attempt-result', { attempt: exam.current_attempt_no, percent: result, pass: exam.pass_rate })}
      </p>
      {left > 0 ? (
        <Countdown left={left} label={t('exam.next-attempt-in')} className="exam-grace__countdown" announce={false} />
      ) : (
        <p role="status">{t('exam.next-attempt-soon')}</p>
      )}
      <p>{t('exam.attempts-left', { count: exam.attempts_left, max: exam.max_attempts })}</p>
      <OutcomeLinks exam={exam} />
    </section>
  );
}

/** Passed. */
export function SucceededScreen({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  return (
    <section className="exam-screen exam-succeeded" aria-labelledby="exam-screen-title">
      <h2 id="exam-screen-title">{t('exam.succeeded-title')}</h2>
      <p>
        <StatusBadge tone="success">{t('exam.passed')}</StatusBadge>{' '}
        {exam.result_percents !== null && t('exam.your-result', { percent: exam.result_percents, pass: exam.pass_rate })}
      </p>
      <p>{t('exam.succeeded-text')}</p>
      <OutcomeLinks exam={exam} />
    </section>
  );
}

/** Every attempt failed: the course must be bought again, with a link to its product. */
export function FailedScreen({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  const { data: products } = useGetProductsQuery();
  const ofCourse = products?.filter((p) => p.program_id === exam.course_id) ?? [];
  const product = ofCourse.find((p) => p.type === 'course') ?? ofCourse[0];
  return (
    <section className="exam-screen exam-failed" aria-labelledby="exam-screen-title">
      <h2 id="exam-screen-title">{t('exam.failed-title')}</h2>
      <p>
        <StatusBadge tone="danger">{t('exam.not-passed')}</StatusBadge>{' '}
        {exam.result_percents !== null && t('exam.your-result', { percent: exam.result_percents, pass: exam.pass_rate })}
      </p>
      <p className="notice notice--warning" role="status">
        {exam.message ?? t('exam.buy-again')}
      </p>
      <div className="exam__actions">
        <Link className="btn btn--primary" to={product?.url ?? '/e-shop'}>
          {t('exam.buy-again-link')}
        </Link>
        {exam.exam_results_url && (
          <Link className="btn btn--secondary" to={exam.exam_results_url}>
            {t('exam.see-results')}
          </Link>
        )}
        <Link to={exam.next_url}>{t('exam.back-to-course')}</Link>
      </div>
    </section>
  );
}
