import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ExamPages, localDeadline, localDeadlineIn, useExamQuery, useOnline } from '@aero/web-exams-data-access';
import { FailedScreen, GracePeriodScreen, IntroScreen, NotAllowedScreen, SucceededScreen } from './exam-screens.js';
import { useExamScreenFrame } from './exam-screen-frame.js';
import { Questionnaire } from './questionnaire.js';
import './exams-feature.css';

/** While an attempt runs, the page reads the exam again this often, so its clock stays the server's (ms). */
export const EXAM_RESYNC_MS = 60_000;

/** A course or exam id of the address, or null when it is not one. */
export function idParam(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

/**
 * /course/{course_id}/exam/{exam_id} (learning §2 exam screens, §4 Exam): the screen of where the
 * learner stands, gated by is_allowed: the rules and Begin (queued), the questionnaire (in
 * progress), the grace period, succeeded, or failed. Every time comes from the server's answer.
 */
export function ExamPage() {
  const { t } = useTranslation();
  const params = useParams();
  const courseId = idParam(params.courseId);
  const examId = idParam(params.examId);
  const valid = courseId !== null && examId !== null;
  const { data: exam, error, isLoading, refetch } = useExamQuery({ courseId: courseId ?? 0, examId: examId ?? 0 }, { skip: !valid });
  const online = useOnline();
  // The attempt whose time ran out on this page (the next screen says so).
  const [timeEndedAttempt, setTimeEndedAttempt] = useState<number | null>(null);

  // The countdowns start from the moment the answer arrived, on the browser's monotonic clock.
  const receivedAt = exam?.receivedAt ?? 0;
  const deadline = useMemo(() => (exam?.state === 'in_progress' ? localDeadline(exam.end_time, exam.current_time, receivedAt) : null), [exam, receivedAt]);
  const nextAttempt = useMemo(
    () => (exam?.state === 'grace_period' ? localDeadlineIn(exam.previousAttempt?.time_till_next_attempt ?? 0, receivedAt) : null),
    [exam, receivedAt],
  );

  const refresh = useCallback(() => {
    if (valid) void refetch();
  }, [valid, refetch]);
  const attemptNo = exam?.current_attempt_no ?? null;
  const endTime = useCallback(() => setTimeEndedAttempt(attemptNo), [attemptNo]);

  // Back on the page (a sleeping laptop, another tab) or back online: the server's clock and state again.
  const running = exam?.state === 'in_progress' || exam?.state === 'grace_period';
  useEffect(() => {
    if (!running) return;
    const again = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', again);
    const timer = setInterval(refresh, EXAM_RESYNC_MS);
    return () => {
      document.removeEventListener('visibilitychange', again);
      clearInterval(timer);
    };
  }, [running, refresh]);
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current && running) refresh();
    wasOnline.current = online;
  }, [online, running, refresh]);

  const { heading, pending } = useExamScreenFrame({
    className: 'exam',
    title: t('screens.exam'),
    courseId,
    examId,
    returnTo: valid ? ExamPages.exam(courseId, examId) : '',
    error,
    loaded: !isLoading && exam !== undefined,
  });
  if (pending || !exam) return pending;

  let screen;
  if (!exam.is_allowed || exam.state === 'not_allowed') screen = <NotAllowedScreen exam={exam} />;
  else if (exam.state === 'in_progress')
    screen = <Questionnaire key={`${exam.id}-${exam.current_attempt_no}`} exam={exam} deadline={deadline} onTimeEnded={endTime} onRefresh={refresh} />;
  else if (exam.state === 'grace_period' && nextAttempt !== null) screen = <GracePeriodScreen exam={exam} deadline={nextAttempt} onRefresh={refresh} />;
  else if (exam.state === 'succeeded') screen = <SucceededScreen exam={exam} />;
  else if (exam.state === 'failed') screen = <FailedScreen exam={exam} />;
  else screen = <IntroScreen exam={exam} />;

  return (
    <section className="page exam" aria-labelledby="exam-title">
      {heading}
      {timeEndedAttempt !== null && timeEndedAttempt === exam.current_attempt_no && exam.state !== 'in_progress' && (
        <p className="notice notice--warning" role="status">
          {t('exam.time-ended-done')}
        </p>
      )}
      {screen}
    </section>
  );
}
