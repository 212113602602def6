import type { InvitationDto } from '@aero/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { EmployeesPages, useListInvitationsQuery, useRemoveInvitationMutation, useResendInvitationMutation } from '@aero/web-employees-data-access';
import { ConfirmDialog, DataTable, FailureNotice, NoticeDialog, PageLoading, PageTitle, Pagination, RowActions, SearchForm, useListParams } from '@aero/web-shared-ui';
import { failureMessage, failureStatus } from '@aero/web-shared-util';
import { useBackToLastPage } from './back-to-last-page.js';
import './employees-feature.css';

/** A dialog with a title and a text (the spec's alert boxes). */
interface Notice {
  title: string;
  text: string;
}

/**
 * /invitations, 'My pending invitations' (learning §2, §4, §8): shown when there is at least one
 * invitation; a search box with a Search button and 'Invite employee' (the create route); columns
 * #, Email, Division, Department, Position, # running on across pages; resend, edit and remove per
 * row; the pagination under the table. Resend answers 'Success' / 'Invitation resent successfully!'
 * or, asked too often (429), 'Too Many Requests' with the server's message. Remove asks 'Are you
 * sure?' / 'You wound not be able to revert this!', then 'Deleted!' / 'The invitation has been
 * removed.' and the list is read again; a failure says 'Error' with the server's message or
 * 'Failed to delete the invitation.'.
 */
export function InvitationsPage() {
  const { t } = useTranslation();
  const { search, page, go } = useListParams(10);
  const { data, isLoading, error, isFetching } = useListInvitationsQuery({ search, page });
  const [resend, { isLoading: resending }] = useResendInvitationMutation();
  const [remove, { isLoading: removing }] = useRemoveInvitationMutation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [toRemove, setToRemove] = useState<InvitationDto | null>(null);
  const leaving = useBackToLastPage(data?.meta.pagination, data?.data.length, page, go);

  if (isSignInRequired(error)) return <Navigate to={signInPath(EmployeesPages.invitations)} replace />;

  const doResend = async (invitation: InvitationDto) => {
    try {
      await resend(invitation.id).unwrap();
      setNotice({ title: t('invitations.resend-success-title'), text: t('invitations.resend-success') });
    } catch (failure) {
      // Only the 429 is handled (learning §8): other resend errors show nothing.
      if (failureStatus(failure) === 429) setNotice({ title: t('invitations.too-many-requests'), text: failureMessage(failure) ?? '' });
    }
  };
  const doRemove = async () => {
    if (!toRemove) return;
    const invitation = toRemove;
    setToRemove(null);
    try {
      const answer = await remove(invitation.id).unwrap();
      setNotice(
        answer.success
          ? { title: t('invitations.deleted-title'), text: t('invitations.deleted') }
          : { title: t('invitations.error-title'), text: answer.message ?? t('invitations.delete-error') },
      );
    } catch (failure) {
      setNotice({ title: t('invitations.error-title'), text: failureMessage(failure) ?? t('invitations.delete-error') });
    }
  };

  const pagination = data?.meta.pagination;
  const firstNumber = pagination ? (pagination.current_page - 1) * pagination.per_page : 0;
  const hasAny = (data?.data.length ?? 0) > 0 || search !== '';

  return (
    <section className="page invitations" aria-labelledby="invitations-title">
      <PageTitle title={t('screens.invitations')} />
      <h1 id="invitations-title">{t('screens.invitations')}</h1>
      {isLoading && <PageLoading />}
      {!data && <FailureNotice failure={error} />}
      {data && !hasAny && !leaving && (
        <div className="invitations__none">
          <p>{t('employees.invitations.none')}</p>
          <Link className="btn btn--primary" to={EmployeesPages.invite}>
            {t('invitations.invite')}
          </Link>
        </div>
      )}
      {data && hasAny && !leaving && (
        <>
          <div className="invitations__toolbar">
            <SearchForm id="invitations-search" label={t('employees.invitations.search-label')} buttonLabel={t('invitations.search')} onSearch={(text) => go({ search: text })} />
            <Link className="btn btn--primary" to={EmployeesPages.invite}>
              {t('invitations.invite')}
            </Link>
          </div>
          <DataTable
            label={t('employees.invitations.list-label')}
            busy={isFetching}
            rows={data.data}
            rowKey={(invitation) => invitation.id}
            columns={[
              { key: 'number', header: t('invitations.columns.number'), cell: (_, i) => firstNumber + i + 1 },
              { key: 'email', header: t('invitations.columns.email'), cell: (invitation) => invitation.email },
              { key: 'division', header: t('invitations.columns.division'), cell: (invitation) => invitation.division ?? '' },
              { key: 'department', header: t('invitations.columns.department'), cell: (invitation) => invitation.department ?? '' },
              { key: 'position', header: t('invitations.columns.position'), cell: (invitation) => invitation.position ?? '' },
              {
                key: 'actions',
                header: t('employees.columns.actions'),
                headerHidden: true,
                cell: (invitation) => (
                  <RowActions>
                    <button
                      type="button"
                      className="btn btn--secondary list-table__button"
                      disabled={resending}
                      aria-label={t('employees.invitations.resend-named', { email: invitation.email })}
                      onClick={() => void doResend(invitation)}
                    >
                      {t('employees.invitations.resend')}
                    </button>
                    <Link
                      className="btn btn--secondary list-table__button"
                      to={EmployeesPages.editInvitation(invitation.id)}
                      aria-label={t('employees.invitations.edit-named', { email: invitation.email })}
                    >
                      {t('common.edit')}
                    </Link>
                    <button
                      type="button"
                      className="btn btn--secondary list-table__button"
                      disabled={removing}
                      aria-label={t('employees.invitations.remove-named', { email: invitation.email })}
                      onClick={() => setToRemove(invitation)}
                    >
                      {t('common.remove')}
                    </button>
                  </RowActions>
                ),
              },
            ]}
          />
          {pagination && <Pagination page={pagination.current_page} totalPages={pagination.total_pages} onPage={(next) => go({ page: next })} />}
        </>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title={t('invitations.delete-confirm-title')}
        text={t('invitations.delete-confirm-text')}
        onConfirm={() => void doRemove()}
        onCancel={() => setToRemove(null)}
      />
      <NoticeDialog open={notice !== null} onClose={() => setNotice(null)} title={notice?.title ?? ''} text={notice?.text} />
    </section>
  );
}
