import type { InvitingCompany } from '@aero/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsApi, useCurrentUser } from '@aero/web-accounts-data-access';
import { useAcceptInvitationMutation, useLazyPendingInvitationQuery } from '@aero/web-employees-data-access';
import { flashError, flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { Modal } from '@aero/web-shared-ui';
import { useDelayedCheck } from '@aero/web-shared-util';

/** The check waits this long after the page loads (learning §2, §9: 2000 ms). */
export const PENDING_INVITATION_DELAY_MS = 2000;

/**
 * The pending-invitation popup (learning §2): no layout of its own. Two seconds after the page
 * loads it asks whether the signed-in user has a pending invitation; if a company invited them it
 * shows 'Hooray !!!': the company is about to share its online courses, join its Student List.
 * 'Join' accepts (the user becomes an employee of the company); there is no cancel.
 */
export function PendingInvitationPopup() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { user } = useCurrentUser();
  const [check] = useLazyPendingInvitationQuery();
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const [company, setCompany] = useState<InvitingCompany | null>(null);
  const userId = user?.id;

  useDelayedCheck(userId, PENDING_INVITATION_DELAY_MS, () => check().unwrap(), setCompany);

  const join = async () => {
    try {
      const answer = await accept().unwrap();
      setCompany(null);
      dispatch(flashSuccess(answer.message));
      // The account now belongs to the company: read it again (menu, capabilities).
      dispatch(accountsApi.util.invalidateTags(['Me']));
    } catch {
      setCompany(null);
      dispatch(flashError(t('employees.invitations.popup-join-failed')));
    }
  };

  return (
    <Modal
      open={company !== null}
      onClose={() => undefined}
      dismissible={false}
      title={t('invitations.popup-title')}
      size="sm"
      footer={
        <button type="button" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined} onClick={() => void join()}>
          {t('invitations.join')}
        </button>
      }
    >
      <p>{t('invitations.popup-text', { company: company?.company_name ?? '' })}</p>
    </Modal>
  );
}
