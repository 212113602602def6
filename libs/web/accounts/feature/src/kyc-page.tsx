import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLimits, kycDeclineRequestSchema, type KycSubjectDto } from '@aero/contracts';
import { useCurrentUser, useDecideKycMutation, useGetPendingKycQuery, userCan } from '@aero/web-accounts-data-access';
import { KycStatusBadge } from '@aero/web-accounts-ui';
import { flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { ConfirmDialog, FailureNotice, Modal, PageLoading, PageTitle, SchemaForm, serverMessageOr, SubmitButton, TextAreaField, useSchemaForm } from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';
import './accounts-feature.css';

/**
 * /kyc (learning §4, §6 "KYC users approve or decline"): the pending KYC checks with search and
 * pages; Approve, or Decline with a required reason.
 */
export function KycPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoading />;
  return (
    <section className="page kyc" aria-labelledby="kyc-title">
      <PageTitle title={t('kyc.title')} />
      <h1 id="kyc-title">{t('kyc.title')}</h1>
      {userCan(user, 'kyc.review') ? (
        <KycList />
      ) : (
        <p className="notice notice--warning" role="alert">
          {t('kyc.not-allowed')}
        </p>
      )}
    </section>
  );
}

function KycList() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [declining, setDeclining] = useState<KycSubjectDto | null>(null);
  const [approving, setApproving] = useState<KycSubjectDto | null>(null);
  const [approveError, setApproveError] = useState<string | null>(null);
  const { data, isFetching, isError, error } = useGetPendingKycQuery({ page, search });
  const [decide, { isLoading: deciding }] = useDecideKycMutation();

  // Approving is confirmed first (a dialog naming the subject); a failure is told in the dialog.
  const approve = (subject: KycSubjectDto) => {
    setApproveError(null);
    decide({ subject_type: subject.subject_type, subject_id: subject.subject_id, decision: 'approve' })
      .unwrap()
      .then((answer) => {
        dispatch(flashSuccess(answer.message ?? t('kyc.approved')));
        setApproving(null);
      })
      .catch((failure: unknown) => setApproveError(failureMessage(failure) ?? t('errors.generic')));
  };

  const pagination = data?.meta.pagination;
  return (
    <>
      <form
        role="search"
        className="kyc__search"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setSearch(query.trim());
        }}
      >
        <label htmlFor="kyc-search" className="visually-hidden">
          {t('kyc.search')}
        </label>
        <input id="kyc-search" type="search" className="form-field__input" placeholder={t('kyc.search')} value={query} onChange={(event) => setQuery(event.target.value)} />
        <button type="submit" className="btn btn--secondary">
          {t('common.search')}
        </button>
      </form>
      {isError && <FailureNotice failure={error} />}
      {data && data.data.length === 0 && <p>{t('kyc.empty')}</p>}
      {data && data.data.length > 0 && (
        <div className="table-scroll">
          <table className="data-table" aria-busy={isFetching || undefined}>
            <caption className="visually-hidden">{t('kyc.table-label')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('kyc.columns.name')}</th>
                <th scope="col">{t('kyc.columns.type')}</th>
                <th scope="col">{t('kyc.columns.email')}</th>
                <th scope="col">{t('kyc.columns.country')}</th>
                <th scope="col">{t('kyc.columns.company-code')}</th>
                <th scope="col">{t('kyc.columns.vat')}</th>
                <th scope="col">{t('kyc.columns.status')}</th>
                <th scope="col">{t('kyc.columns.created')}</th>
                <th scope="col">{t('kyc.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((subject) => (
                <tr key={`${subject.subject_type}:${subject.subject_id}`}>
                  <th scope="row">{subject.name}</th>
                  <td>{t(`kyc.subject-types.${subject.subject_type}`)}</td>
                  <td className="kyc__email">{subject.email}</td>
                  <td>{subject.country ?? '—'}</td>
                  <td>{subject.company_code ?? '—'}</td>
                  <td>{subject.vat_number ?? '—'}</td>
                  <td>
                    <KycStatusBadge status={subject.status} />
                  </td>
                  <td>{new Date(subject.created_at).toLocaleDateString(i18n.language)}</td>
                  <td>
                    <div className="data-table__actions">
                      <button type="button" className="btn btn--primary" disabled={deciding} onClick={() => setApproving(subject)} aria-label={t('kyc.approve-named', { name: subject.name })}>
                        {t('kyc.approve')}
                      </button>
                      <button type="button" className="btn btn--secondary" disabled={deciding} onClick={() => setDeclining(subject)} aria-label={t('kyc.decline-named', { name: subject.name })}>
                        {t('kyc.decline')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pagination && pagination.total_pages > 1 && (
        <nav className="simple-pagination" aria-label={t('kyc.pages')}>
          <button type="button" className="btn btn--secondary" disabled={page <= 1} onClick={() => setPage((current) => current - 1)}>
            {t('common.previous')}
          </button>
          <span>{t('kyc.page', { page: pagination.current_page, pages: pagination.total_pages })}</span>
          <button type="button" className="btn btn--secondary" disabled={page >= pagination.total_pages} onClick={() => setPage((current) => current + 1)}>
            {t('common.next')}
          </button>
        </nav>
      )}
      <ConfirmDialog
        open={approving !== null}
        title={t('kyc.approve-title', { name: approving?.name ?? '' })}
        text={t('kyc.approve-text', { name: approving?.name ?? '', email: approving?.email ?? '' })}
        confirmLabel={t('kyc.approve')}
        busy={deciding}
        error={approveError}
        onConfirm={() => approving && approve(approving)}
        onCancel={() => {
          setApproving(null);
          setApproveError(null);
        }}
      />
      <Modal open={declining !== null} onClose={() => setDeclining(null)} title={t('kyc.decline-title', { name: declining?.name ?? '' })} size="sm">
        {declining && <DeclineForm subject={declining} onDone={() => setDeclining(null)} />}
      </Modal>
    </>
  );
}

function DeclineForm({ subject, onDone }: { subject: KycSubjectDto; onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const form = useSchemaForm(kycDeclineRequestSchema, { defaultValues: { reason: '' } });
  const [decide, { isLoading }] = useDecideKycMutation();

  return (
    <SchemaForm
      form={form}
      className="form"
      onSubmit={({ reason }) =>
        decide({ subject_type: subject.subject_type, subject_id: subject.subject_id, decision: 'decline', reason: reason.trim() })
          .unwrap()
          .then((answer) => {
            dispatch(flashSuccess(answer.message ?? t('kyc.declined')));
            onDone();
          })
      }
      refusal={{
        // The dialog has one field: a refusal without a message for it says why under it.
        message: () => undefined,
        onRefused: (answer) => {
          if (!answer.fields['reason']) form.setError('reason', { type: 'server', message: serverMessageOr(answer) });
        },
      }}
    >
      <p>{t('kyc.decline-text', { name: subject.name, email: subject.email })}</p>
      <TextAreaField name="reason" label={t('kyc.reason')} required maxLength={AccountLimits.kycReasonMax} />
      <div className="form-actions">
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <SubmitButton busy={isLoading}>{t('kyc.decline')}</SubmitButton>
      </div>
    </SchemaForm>
  );
}
