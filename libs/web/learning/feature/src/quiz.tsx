import type { QuizAnswerResult, QuizChoice, QuizQuestion } from '@aero/contracts';
import { QUIZ_CHOICES } from '@aero/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnswerQuizMutation } from '@aero/web-learning-data-access';

type Answer = { choice: QuizChoice; result?: QuizAnswerResult['data']; failed?: boolean };

export interface QuizProps {
  courseId: number;
  slug: string;
  questions: readonly QuizQuestion[];
  /** The chapter was completed already (every question answered once). */
  completed: boolean;
}

/**
 * A practice quiz (spec: learning §2 quiz screen): A/B/C questions, ungraded. Each answer is sent
 * as it is chosen and marked right or wrong at once, with the explanation; another choice may be
 * tried, and 'Retake the quiz' starts again at will. Answering every question, right or wrong,
 * completes the chapter; a retake never undoes that.
 */
export function Quiz({ courseId, slug, questions, completed }: QuizProps) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [round, setRound] = useState(0);
  const [send] = useAnswerQuizMutation();
  // The latest answer of the server: how many questions are answered, and whether that completed the chapter.
  const [last, setLast] = useState<QuizAnswerResult['data'] | null>(null);
  const [completedNow, setCompletedNow] = useState(false);
  const done = completed || completedNow;

  const choose = async (question: QuizQuestion, choice: QuizChoice) => {
    setAnswers((all) => ({ ...all, [question.id]: { choice } }));
    try {
      const result = await send({ courseId, slug, questionId: question.id, choice }).unwrap();
      setLast(result);
      if (result.chapter_completed) setCompletedNow(true);
      // Keep the answer only if the learner has not chosen again meanwhile.
      setAnswers((all) => (all[question.id]?.choice === choice ? { ...all, [question.id]: { choice, result } } : all));
    } catch {
      setAnswers((all) => (all[question.id]?.choice === choice ? { ...all, [question.id]: { choice, failed: true } } : all));
    }
  };

  return (
    <section className="quiz" aria-labelledby="quiz-title">
      <h2 id="quiz-title">{t('quiz.label')}</h2>
      <p className="quiz__intro">{t('quiz.intro')}</p>
      <ol className="quiz__questions">
        {questions.map((question, index) => (
          <li key={`${round}-${question.id}`}>
            <QuizQuestionView number={index + 1} question={question} answer={answers[question.id]} onChoose={(choice) => void choose(question, choice)} />
          </li>
        ))}
      </ol>
      <div className="quiz__summary" role="status">
        {last && <p>{t('quiz.progress', { answered: last.answered, total: last.total })}</p>}
        {done && <p className="quiz__completed">{t('quiz.completed')}</p>}
      </div>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => {
          setAnswers({});
          setLast(null);
          setRound((n) => n + 1);
        }}
      >
        {t('quiz.retake')}
      </button>
    </section>
  );
}

interface QuizQuestionViewProps {
  number: number;
  question: QuizQuestion;
  answer: Answer | undefined;
  onChoose: (choice: QuizChoice) => void;
}

function QuizQuestionView({ number, question, answer, onChoose }: QuizQuestionViewProps) {
  const { t } = useTranslation();
  const result = answer?.result;
  const legendId = `quiz-${question.id}`;
  const feedbackId = `quiz-${question.id}-feedback`;
  return (
    <fieldset className="quiz__question" aria-describedby={result || answer?.failed ? feedbackId : undefined}>
      <legend id={legendId}>
        <span className="quiz__number">{t('quiz.question', { number })}</span> {question.question}
      </legend>
      <div className="quiz__choices">
        {QUIZ_CHOICES.map((choice) => {
          const chosen = answer?.choice === choice;
          const mark = result && chosen ? (result.correct ? 'right' : 'wrong') : result && !result.correct && result.correct_choice === choice ? 'right' : null;
          return (
            <label key={choice} className={`quiz__choice${mark ? ` quiz__choice--${mark}` : ''}`}>
              <input type="radio" name={`quiz-${question.id}`} value={choice} checked={chosen} onChange={() => onChoose(choice)} />
              <span className="quiz__letter">{choice}</span> {question[choice]}
            </label>
          );
        })}
      </div>
      {result && (
        <div id={feedbackId} className={`quiz__feedback quiz__feedback--${result.correct ? 'right' : 'wrong'}`} role="status">
          <strong>{result.correct ? t('quiz.right') : t('quiz.wrong')}</strong>
          {!result.correct && <> {t('quiz.right-answer', { choice: result.correct_choice })}</>}
          {result.explanation && <p className="quiz__explanation">{result.explanation}</p>}
        </div>
      )}
      {answer?.failed && (
        <p id={feedbackId} className="field-error" role="alert">
          {t('quiz.answer-error')}
        </p>
      )}
    </fieldset>
  );
}
