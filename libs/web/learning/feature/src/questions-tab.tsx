import { askQuestionRequestSchema, LEARNING_LIMITS, type AskQuestionRequest, type Enrolment, type Question } from '@aero/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAskQuestionMutation, useQuestionsQuery } from '@aero/web-learning-data-access';
import { FormError, NoticeDialog, PageLoading, SchemaForm, SubmitButton, TextAreaField, TextField, useSchemaForm } from '@aero/web-shared-ui';
import { formatDateTime } from './format.js';
import { QuestionCard } from './question-card.js';

/**
 * The questions and answers tab of a course (spec: learning §2, §5, §8, §9): the learner's
 * previous questions with the instructor's answers, 5 first and 5 more with each 'Load more';
 * the topic and question form with the server's messages under the fields; 'Success! Your
 * question was sent to instructor.' or a dialog titled 'Error!'; and the expected answer time.
 */
export function QuestionsTab({ courseId, enrolment }: { courseId: number; enrolment: Enrolment | null }) {
  const { t } = useTranslation();
  if (!enrolment) return <p>{t('questions.not-enrolled')}</p>;
  return (
    <div className="questions">
      <QuestionList courseId={courseId} />
      <AskQuestionForm courseId={courseId} enrolmentId={enrolment.id} />
    </div>
  );
}

function QuestionList({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState<number>(LEARNING_LIMITS.questionsPageSize);
  // `data` keeps the questions shown while the longer list arrives.
  const { data, isLoading, isFetching, error } = useQuestionsQuery({ courseId, limit });
  const total = data?.meta.pagination.total ?? 0;
  return (
    <section className="questions__previous" aria-labelledby="questions-previous-title">
      <h2 id="questions-previous-title">{t('questions.previous')}</h2>
      {isLoading && <PageLoading />}
      {error && !data && (
        <p className="notice notice--error" role="alert">
          {t('questions.load-error')}
        </p>
      )}
      {data && data.data.length === 0 && <p>{t('questions.none')}</p>}
      {data && data.data.length > 0 && (
        <>
          <ol className="questions__list" aria-busy={isFetching || undefined}>
            {data.data.map((question) => (
              <li key={question.id}>
                <QuestionItem question={question} />
              </li>
            ))}
          </ol>
          <p className="questions__shown">{t('questions.shown', { shown: data.data.length, total })}</p>
          {data.data.length < total && (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={isFetching}
              aria-busy={isFetching || undefined}
              onClick={() => setLimit(limit + LEARNING_LIMITS.questionsPageSize)}
            >
              {t('common.load-more')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function QuestionItem({ question }: { question: Question }) {
  const { t, i18n } = useTranslation();
  return (
    <QuestionCard
      question={question}
      level={3}
      idPrefix="question"
      meta={<time dateTime={question.date}>{t('questions.asked-on', { date: formatDateTime(question.date, i18n.language) })}</time>}
      answeredOn={(date) => t('questions.answered-on', { date })}
      unanswered={<p className="question__awaiting">{t('questions.awaiting')}</p>}
    />
  );
}

function AskQuestionForm({ courseId, enrolmentId }: { courseId: number; enrolmentId: string }) {
  const { t } = useTranslation();
  const [ask, { isLoading }] = useAskQuestionMutation();
  const empty: AskQuestionRequest = { topic: '', question: '', schedule_id: enrolmentId };
  const form = useSchemaForm(askQuestionRequestSchema, { defaultValues: empty });
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const expected = t('questions.expected-answer', { days: LEARNING_LIMITS.answerWithinBusinessDays });

  const submit = async (values: AskQuestionRequest) => {
    await ask({ courseId, ...values, schedule_id: enrolmentId }).unwrap();
    form.reset(empty);
    setSent(true);
  };

  return (
    <section className="questions__ask" aria-labelledby="questions-ask-title">
      <h2 id="questions-ask-title">{t('questions.ask')}</h2>
      <SchemaForm
        form={form}
        onSubmit={submit}
        aria-labelledby="questions-ask-title"
        refusal={{
          // The course enrolment is not a field of the page: its message shows under the question.
          shownUnder: { schedule_id: 'question' },
          // A refusal that names no field is the 'Error!' dialog, not a line above the form.
          message: () => undefined,
          onRefused: (answer) => {
            if (Object.keys(answer.fields).length === 0) setFailure(answer.message ?? t('questions.error-text'));
          },
        }}
      >
        <FormError />
        <TextField name="topic" label={t('questions.topic')} required maxLength={LEARNING_LIMITS.topicMaxLength} />
        <TextAreaField name="question" label={t('questions.question')} required rows={5} maxLength={LEARNING_LIMITS.questionMaxLength} />
        <p className="questions__expected">{expected}</p>
        <SubmitButton busy={isLoading}>{t('questions.send')}</SubmitButton>
      </SchemaForm>
      <NoticeDialog open={sent} onClose={() => setSent(false)} title={t('questions.sent')} text={expected} />
      <NoticeDialog open={failure !== null} onClose={() => setFailure(null)} title={t('questions.error-title')} text={failure ?? ''} />
    </section>
  );
}
