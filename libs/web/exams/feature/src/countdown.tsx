import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownAnnouncement, formatCountdown, monotonicNow, secondsLeft, type LocalDeadline } from '@aero/web-exams-data-access';

/**
 * Whole seconds left until `deadline` (on the browser's monotonic clock), updated as each second
 * passes; null without a deadline.
 */
export function useSecondsLeft(deadline: LocalDeadline | null): number | null {
  const [now, setNow] = useState(() => monotonicNow());
  useEffect(() => {
    if (deadline === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const current = monotonicNow();
      setNow(current);
      const left = deadline - current;
      // Wake when the shown second changes next.
      if (left > 0) timer = setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [deadline]);
  return deadline === null ? null : secondsLeft(deadline, now);
}

export interface CountdownProps {
  /** Seconds left. */
  left: number;
  /** What the time is counted down to ('Time left', 'Next attempt in'). */
  label: string;
  className?: string;
  /** Whether the live region tells the minutes left (the exam's countdown); off for long waits. */
  announce?: boolean;
}

/**
 * The time left, as `mm:ss` (a timer: not read out each second), with a polite live region that
 * tells screen readers the minutes left as each minute passes, then 30 and 10 seconds.
 */
export function Countdown({ left, label, className, announce = true }: CountdownProps) {
  const { t } = useTranslation();
  const announcement = announce ? countdownAnnouncement(left) : null;
  const text =
    announcement === null ? '' : 'minutes' in announcement ? t('exam.minutes-left', { count: announcement.minutes }) : t('exam.seconds-left', { count: announcement.seconds });
  return (
    <div className={['countdown', left <= 60 ? 'countdown--ending' : null, className].filter(Boolean).join(' ')}>
      <span className="countdown__label" id={`${className ?? 'countdown'}-label`}>
        {label}
      </span>{' '}
      <span role="timer" aria-labelledby={`${className ?? 'countdown'}-label`} aria-live="off" className="countdown__time">
        {formatCountdown(left)}
      </span>
      {announce && (
        <span className="visually-hidden" aria-live="polite" aria-atomic="true">
          {text}
        </span>
      )}
    </div>
  );
}
