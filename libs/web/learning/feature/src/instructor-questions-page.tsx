import { answerQuestionRequestSchema, LEARNING_LIMITS, type AnswerQuestionRequest, type InstructorQuestion, type QuestionStatus } from '@aero/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { LearningPages, useAnswerQuestionMutation, useInstructorQuestionsQuery } from '@aero/web-learning-data-access';
import { Tabs } from '@aero/web-learning-ui';
import { flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { FailureNotice, FormError, PageLoading, PageTitle, Pagination, PerPageSelect, SchemaForm, SubmitButton, TextAreaField, useListParams, useSchemaForm } from '@aero/web-shared-ui';
import { formatDateTime } from './format.js';
import { QuestionCard } from './question-card.js';
import './learning-feature.css';

/**
 * /instructor/questions (spec: learning §1 "Instructors answer questions"; §4 Questions): the
 * learners' questions on the instructor's courses, open or answered, a page at a time; each open
 * one has an answer form. The learner is e-mailed the answer.
 */
export function InstructorQuestionsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<QuestionStatus>('open');
  const { page, perPage, go } = useListParams(LEARNING_LIMITS.defaultPerPage);
  const { data, isLoading, isFetching, error } = useInstructorQuestionsQuery({ status, page, perPage });
  if (isSignInRequired(error)) return <Navigate to={signInPath(LearningPages.instructorQuestions)} replace />;
  return (
    <section className="page instructor-questions" aria-labelledby="instructor-questions-title">
      <PageTitle title={t('instructor-questions.title')} />
      <h1 id="instructor-questions-title">{t('instructor-questions.title')}</h1>
      <Tabs<QuestionStatus>
        label={t('instructor-questions.tabs')}
        tabs={[
          { key: 'open', label: t('instructor-questions.open') },
          { key: 'answered', label: t('instructor-questions.answered') },
        ]}
        selected={status}
        onSelect={(next) => {
          setStatus(next);
          go({ page: 1 });
        }}
      >
        {isLoading && <PageLoading />}
        {!data && <FailureNotice failure={error} />}
        {data && data.data.length === 0 && <p>{status === 'open' ? t('instructor-questions.empty-open') : t('instructor-questions.empty-answered')}</p>}
        {data && data.data.length > 0 && (
          <>
            <div className="learning__list-tools">
              <PerPageSelect value={perPage} options={LEARNING_LIMITS.perPageOptions} onChange={(size) => go({ perPage: size })} />
            </div>
            <ol className="instructor-questions__list" aria-label={t('instructor-questions.list')} aria-busy={isFetching || undefined}>
              {data.data.map((question) => (
                <li key={question.id}>
                  <InstructorQuestionItem question={question} />
                </li>
              ))}
            </ol>
            <Pagination page={page} totalPages={data.meta.pagination.total_pages} onPage={(next) => go({ page: next })} label={t('instructor-questions.list')} />
          </>
        )}
      </Tabs>
    </section>
  );
}

function InstructorQuestionItem({ question }: { question: InstructorQuestion }) {
  const { t, i18n } = useTranslation();
  return (
    <QuestionCard
      question={question}
      level={2}
      idPrefix="instructor-question"
      meta={
        <>
          {t('instructor-questions.course', { name: question.course_name })} ·{' '}
          <time dateTime={question.date}>{t('instructor-questions.asked-by', { name: question.asked_by_name, date: formatDateTime(question.date, i18n.language) })}</time>
        </>
      }
      answeredOn={(date) => t('instructor-questions.answered-on', { date })}
      unanswered={<AnswerForm question={question} />}
    />
  );
}

function AnswerForm({ question }: { question: InstructorQuestion }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [answer, { isLoading }] = useAnswerQuestionMutation();
  const form = useSchemaForm(answerQuestionRequestSchema, { defaultValues: { answer: '' } });
  const submit = async (values: AnswerQuestionRequest) => {
    await answer({ id: question.id, ...values }).unwrap();
    dispatch(flashSuccess(t('instructor-questions.sent')));
  };
  return (
    <SchemaForm form={form} onSubmit={submit} className="instructor-questions__form" aria-label={t('instructor-questions.answer-to', { topic: question.topic })}>
      <FormError />
      <TextAreaField name="answer" label={t('instructor-questions.answer')} required rows={4} maxLength={LEARNING_LIMITS.answerMaxLength} />
      <SubmitButton busy={isLoading}>{t('instructor-questions.send')}</SubmitButton>
    </SchemaForm>
  );
}
