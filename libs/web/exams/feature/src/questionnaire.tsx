import type { Exam, ExamQuestion, QuizChoice } from '@aero/contracts';
import { QUIZ_CHOICES } from '@aero/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  completionChoices,
  isNetworkFailure,
  pendingStorageKey,
  readPendingAnswers,
  savedAnswers,
  unansweredCount,
  useAnswerExamMutation,
  useCompleteExamMutation,
  useOnline,
  writePendingAnswers,
  type ExamAnswers,
  type LocalDeadline,
} from '@aero/web-exams-data-access';
import { ConfirmDialog } from '@aero/web-shared-ui';
import { failureMessage, useTimeout } from '@aero/web-shared-util';
import { Countdown, useSecondsLeft } from './countdown.js';

/** How long "Answer accepted" shows (ms). */
export const ACCEPTED_FLASH_MS = 2000;
/** How long to wait before sending an answer again after the connection failed (ms). */
export const ANSWER_RETRY_MS = 3000;

export interface QuestionnaireProps {
  exam: Exam;
  /** The attempt's deadline on the browser's monotonic clock (from the server's end_time and current_time). */
  deadline: LocalDeadline | null;
  /** The time reached zero (the page then says so above whatever it shows next). */
  onTimeEnded: () => void;
  /** Read the exam again from the server (an answer was refused, or the time is up). */
  onRefresh: () => void;
}

function without(answers: ExamAnswers, id: string, choice: QuizChoice): ExamAnswers {
  if (answers[id] !== choice) return answers;
  const rest = { ...answers };
  delete rest[id];
  return rest;
}

/**
 * The questionnaire of the attempt in progress (learning §4 Exam): the countdown from the server's
 * deadline, the first question selected, the question navigator marking the answered ones, each
 * answer sent as it is chosen with an accepted flash. Offline, answers wait on the page (and in
 * local storage, for a reload) and are sent when the connection is back, before the deadline.
 * Completing warns about unanswered questions and asks for confirmation; at zero the time-ended
 * message shows and the exam completes by itself.
 */
export function Questionnaire({ exam, deadline, onTimeEnded, onRefresh }: QuestionnaireProps) {
  const { t } = useTranslation();
  const courseId = exam.course_id;
  const examId = exam.id;
  const questions = exam.questions;
  const storageKey = pendingStorageKey(courseId, examId, exam.current_attempt_no);
  const online = useOnline();
  const left = useSecondsLeft(deadline);
  const timeUp = left === 0;

  // The answers on the page: the server's, then any still waiting to be sent (a reload while offline).
  const [pending, setPending] = useState<ExamAnswers>(() => {
    const saved = savedAnswers(questions);
    const stored = readPendingAnswers(storageKey);
    return Object.fromEntries(Object.entries(stored).filter(([id, choice]) => questions.some((q) => q.id === id) && saved[id] !== choice));
  });
  const [answers, setAnswers] = useState<ExamAnswers>(() => ({ ...savedAnswers(questions), ...pending }));
  // The answer of each question on its way to the server (one request per question at a time), and a
  // count of requests settled, which lets the next answer of a question go.
  const sending = useRef<ExamAnswers>({});
  const [settled, setSettled] = useState(0);
  const [waitingRetry, setWaitingRetry] = useState(false);
  const [selected, setSelected] = useState(0);
  const [accepted, setAccepted] = useState<{ number: number; n: number } | null>(null);
  const [answerError, setAnswerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sendAnswer] = useAnswerExamMutation();
  const [complete, { isLoading: completing, error: completeError, reset: resetComplete }] = useCompleteExamMutation();
  const autoCompleted = useRef(false);

  useTimeout(accepted, ACCEPTED_FLASH_MS, () => setAccepted(null));
  useTimeout(waitingRetry, ANSWER_RETRY_MS, () => setWaitingRetry(false));
  useEffect(() => writePendingAnswers(storageKey, pending), [storageKey, pending]);
  // Back online: send at once.
  useEffect(() => {
    if (online) setWaitingRetry(false);
  }, [online]);

  // Send each answer not yet accepted, one request per question at a time, while online and before the deadline.
  useEffect(() => {
    if (!online || waitingRetry || timeUp || completing) return;
    for (const [questionId, choice] of Object.entries(pending)) {
      if (sending.current[questionId]) continue;
      sending.current = { ...sending.current, [questionId]: choice };
      const number = questions.find((q) => q.id === questionId)?.index ?? 0;
      sendAnswer({ courseId, examId, questionId, choice })
        .unwrap()
        .then(() => {
          setPending((all) => without(all, questionId, choice));
          setAccepted((last) => ({ number, n: (last?.n ?? 0) + 1 }));
          setAnswerError(null);
        })
        .catch((failure: unknown) => {
          if (isNetworkFailure(failure)) {
            setWaitingRetry(true);
            return;
          }
          // The server refused it (its message is shown): the attempt may have ended.
          setPending((all) => without(all, questionId, choice));
          setAnswerError(failureMessage(failure) ?? t('errors.generic'));
          onRefresh();
        })
        .finally(() => {
          sending.current = without(sending.current, questionId, choice);
          setSettled((n) => n + 1);
        });
    }
  }, [online, waitingRetry, timeUp, completing, pending, settled, questions, courseId, examId, sendAnswer, onRefresh, t]);

  // Zero: the time-ended message, and the exam completes with the answers on the page.
  useEffect(() => {
    if (!timeUp || autoCompleted.current) return;
    setConfirming(false);
    onTimeEnded();
    if (!online) return;
    autoCompleted.current = true;
    complete({ courseId, examId, choices: completionChoices(questions, answers) })
      .unwrap()
      // Either way the attempt is over: answers still waiting can no longer be saved.
      .finally(() => writePendingAnswers(storageKey, {}))
      // The server completed it at its deadline already: read what it says.
      .catch(() => onRefresh());
  }, [timeUp, online, complete, courseId, examId, questions, answers, storageKey, onTimeEnded, onRefresh]);

  const choose = (question: ExamQuestion, choice: QuizChoice) => {
    if (timeUp) return;
    setAnswers((all) => ({ ...all, [question.id]: choice }));
    setPending((all) => ({ ...all, [question.id]: choice }));
  };

  const submit = () => {
    complete({ courseId, examId, choices: completionChoices(questions, answers) })
      .unwrap()
      .then(() => writePendingAnswers(storageKey, {}))
      .catch(() => undefined);
  };

  const question = questions[Math.min(selected, questions.length - 1)];
  const unanswered = unansweredCount(questions, answers);
  const waiting = Object.keys(pending).length;

  return (
    <section className="exam-questionnaire" aria-labelledby="exam-questionnaire-title">
      <div className="exam-questionnaire__bar">
        <h2 id="exam-questionnaire-title">{t('exam.questionnaire-title', { attempt: exam.current_attempt_no, max: exam.max_attempts })}</h2>
        {left !== null && <Countdown left={left} label={t('exam.time-left')} className="exam-countdown" />}
      </div>

      {timeUp && (
        <p className="notice notice--warning" role="alert">
          {t('exam.time-ended')}
        </p>
      )}
      {!online && (
        <p className="notice notice--warning exam__offline" role="alert">
          {t('exam.offline')}
        </p>
      )}
      {online && waiting > 0 && !timeUp && (
        <p className="notice notice--info" role="status">
          {t('exam.sending', { count: waiting })}
        </p>
      )}
      {answerError && (
        <p className="notice notice--error" role="alert">
          {answerError}
        </p>
      )}

      <div className="exam-questionnaire__body">
        <nav className="exam-nav" aria-label={t('exam.navigator')}>
          <ol className="exam-nav__list">
            {questions.map((q, i) => {
              const state = pending[q.id] ? 'waiting' : answers[q.id] ? 'answered' : 'open';
              return (
                <li key={q.id}>
                  <button
                    type="button"
                    className={`exam-nav__item exam-nav__item--${state}`}
                    aria-current={i === selected ? 'step' : undefined}
                    aria-label={t(`exam.nav-${state}`, { number: q.index })}
                    onClick={() => setSelected(i)}
                  >
                    {q.index}
                  </button>
                </li>
              );
            })}
          </ol>
          <p className="exam-nav__summary">{t('exam.answered-count', { answered: questions.length - unanswered, total: questions.length })}</p>
        </nav>

        {question && (
          <div className="exam-questionnaire__current">
            <fieldset className="exam-question" key={question.id} disabled={timeUp}>
              <legend className="exam-question__legend">
                <span className="exam-question__number">{t('exam.question-of', { number: question.index, total: questions.length })}</span>{' '}
                <span className="exam-question__text">{question.question}</span>
              </legend>
              <div className="exam-question__choices">
                {QUIZ_CHOICES.map((choice) => (
                  <label key={choice} className={`exam-question__choice${answers[question.id] === choice ? ' exam-question__choice--chosen' : ''}`}>
                    <input
                      type="radio"
                      name={`exam-question-${question.id}`}
                      value={choice}
                      checked={answers[question.id] === choice}
                      onChange={() => choose(question, choice)}
                    />
                    <span className="exam-question__letter">{choice}</span> <span>{question[choice]}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <p className="exam__accepted" role="status">
              {accepted ? t('exam.accepted', { number: accepted.number }) : ''}
            </p>
            <div className="exam-questionnaire__moves">
              <button type="button" className="btn btn--secondary" disabled={selected === 0} onClick={() => setSelected((i) => Math.max(0, i - 1))}>
                {t('exam.previous')}
              </button>
              <button
                type="button"
                className="btn btn--secondary"
                disabled={selected >= questions.length - 1}
                onClick={() => setSelected((i) => Math.min(questions.length - 1, i + 1))}
              >
                {t('exam.next')}
              </button>
              <button
                type="button"
                className="btn btn--primary exam-questionnaire__complete"
                disabled={timeUp || completing}
                onClick={() => {
                  resetComplete();
                  setConfirming(true);
                }}
              >
                {t('exam.complete')}
              </button>
            </div>
          </div>
        )}
      </div>

      <ConfirmDialog
        open={confirming && !timeUp}
        title={t('exam.complete-title')}
        text={
          <>
            {unanswered > 0 && <span className="exam__unanswered">{t('exam.unanswered-warning', { count: unanswered, total: questions.length })} </span>}
            {!online && <span className="exam__unanswered">{t('exam.offline-complete')} </span>}
            <span>{t('exam.complete-confirm')}</span>
          </>
        }
        confirmLabel={t('exam.complete')}
        busy={completing}
        error={completeError ? (isNetworkFailure(completeError) ? t('exam.complete-offline') : (failureMessage(completeError) ?? t('errors.generic'))) : null}
        onConfirm={submit}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
