import type { ExamQuestion } from '@aero/contracts';
import { QUIZ_CHOICES } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ExamPages, useExamResultsQuery } from '@aero/web-exams-data-access';
import { StatusBadge } from '@aero/web-shared-ui';
import { idParam } from './exam-page.js';
import { useExamScreenFrame } from './exam-screen-frame.js';
import './exams-feature.css';

/**
 * /course/{course_id}/exam/{exam_id}/results (learning §2 results screen): the score, the
 * percentage, each question with its choices marked (the correct answer, and the learner's answer
 * when it is not the correct one), and Proceed (next_url).
 */
export function ExamResultsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const courseId = idParam(params.courseId);
  const examId = idParam(params.examId);
  const valid = courseId !== null && examId !== null;
  const { data, error, isLoading } = useExamResultsQuery({ courseId: courseId ?? 0, examId: examId ?? 0 }, { skip: !valid });

  const { heading, pending } = useExamScreenFrame({
    className: 'exam-results',
    title: t('exam.results-title'),
    courseId,
    examId,
    returnTo: valid ? ExamPages.results(courseId, examId) : '',
    error,
    loaded: !isLoading && data !== undefined,
  });
  if (pending || !data) return pending;

  const { exam_attempt_data: attempt, questions, next_url } = data;
  const total = attempt.correct_answers + attempt.incorrect_answers;
  return (
    <section className="page exam-results" aria-labelledby="exam-results-title">
      {heading}
      <dl className="exam-rules exam-results__summary">
        <div>
          <dt>{t('exam.results.score')}</dt>
          <dd>{t('exam.results.score-value', { correct: attempt.correct_answers, total })}</dd>
        </div>
        <div>
          <dt>{t('exam.results.percentage')}</dt>
          <dd>{t('exam.percent', { percent: attempt.result_percents })}</dd>
        </div>
        <div>
          <dt>{t('exam.results.attempt')}</dt>
          <dd>{attempt.attempt_no}</dd>
        </div>
        <div>
          <dt>{t('exam.results.outcome')}</dt>
          <dd>
            <StatusBadge tone={attempt.passed ? 'success' : 'danger'}>{attempt.passed ? t('exam.passed') : t('exam.not-passed')}</StatusBadge>
          </dd>
        </div>
      </dl>

      <h2>{t('exam.results.review')}</h2>
      <ol className="exam-review">
        {questions.map((question) => (
          <li key={question.id}>
            <ReviewedQuestion question={question} total={questions.length} />
          </li>
        ))}
      </ol>

      <div className="exam__actions">
        <Link className="btn btn--primary" to={next_url}>
          {t('exam.proceed')}
        </Link>
      </div>
    </section>
  );
}

/** One question of the review: its choices, the correct one marked, the learner's wrong one marked too. */
function ReviewedQuestion({ question, total }: { question: ExamQuestion; total: number }) {
  const { t } = useTranslation();
  const titleId = `exam-review-${question.id}`;
  const outcome = question.student_answer === null ? 'unanswered' : question.correct ? 'correct' : 'incorrect';
  return (
    <article className={`exam-review__question exam-review__question--${outcome}`} aria-labelledby={titleId}>
      <h3 id={titleId} className="exam-review__title">
        <span className="exam-question__number">{t('exam.question-of', { number: question.index, total })}</span> {question.question}
      </h3>
      <ul className="exam-review__choices">
        {QUIZ_CHOICES.map((choice) => {
          const isCorrect = question.correct_answer === choice;
          const chosen = question.student_answer === choice;
          const mark = isCorrect ? 'correct' : chosen ? 'incorrect' : null;
          return (
            <li key={choice} className={`exam-review__choice${mark ? ` exam-review__choice--${mark}` : ''}${chosen ? ' exam-review__choice--chosen' : ''}`}>
              <span className="exam-review__mark" aria-hidden="true">
                {mark === 'correct' ? '✓' : mark === 'incorrect' ? '✗' : ''}
              </span>
              <span className="exam-question__letter">{choice}</span> <span>{question[choice]}</span>
              {isCorrect && <StatusBadge tone="success">{chosen ? t('exam.results.your-correct') : t('exam.results.correct')}</StatusBadge>}
              {!isCorrect && chosen && <StatusBadge tone="danger">{t('exam.results.your-incorrect')}</StatusBadge>}
            </li>
          );
        })}
      </ul>
      {outcome === 'unanswered' && <p className="exam-review__note">{t('exam.results.unanswered')}</p>}
    </article>
  );
}
