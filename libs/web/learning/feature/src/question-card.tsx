import type { Question } from '@aero/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './format.js';

export interface QuestionCardProps {
  question: Pick<Question, 'id' | 'topic' | 'question' | 'answer' | 'answered_at'>;
  /** The topic's heading level where the card stands; the answer's heading is one below. */
  level: 2 | 3;
  /** Makes the topic heading's id unique on the page (the card is labelled by it). */
  idPrefix: string;
  /** Who asked and when (and about which course, on the instructor's list). */
  meta: ReactNode;
  /** The answer's date line: 'Answered on …' as the reader calls it. */
  answeredOn: (date: string) => string;
  /** Shown while the question has no answer. */
  unanswered: ReactNode;
}

/** A question with its topic, text and answer: the learner's questions tab and the instructor's list. */
export function QuestionCard({ question, level, idPrefix, meta, answeredOn, unanswered }: QuestionCardProps) {
  const { t, i18n } = useTranslation();
  const titleId = `${idPrefix}-${question.id}`;
  const Topic = level === 2 ? 'h2' : 'h3';
  const AnswerHeading = level === 2 ? 'h3' : 'h4';
  return (
    <article className="question" aria-labelledby={titleId}>
      <Topic id={titleId} className="question__topic">
        {question.topic}
      </Topic>
      <p className="question__meta">{meta}</p>
      <p className="question__text">{question.question}</p>
      {question.answer ? (
        <div className="question__answer">
          <AnswerHeading>{t('questions.answer')}</AnswerHeading>
          <p>{question.answer}</p>
          {question.answered_at && (
            <p className="question__meta">
              <time dateTime={question.answered_at}>{answeredOn(formatDateTime(question.answered_at, i18n.language))}</time>
            </p>
          )}
        </div>
      ) : (
        unanswered
      )}
    </article>
  );
}
