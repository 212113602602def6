import type { HasPendingSharesResponse } from '@aero/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@aero/web-accounts-data-access';
import { SharingPages, useLazyHasPendingSharesQuery, useReceivePendingMutation } from '@aero/web-sharing-data-access';
import { flashError, flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { Modal } from '@aero/web-shared-ui';
import { useDelayedCheck, useTimeout } from '@aero/web-shared-util';

/** The check waits this long after the page loads (learning §4, §9: 2 s). */
export const PENDING_SHARES_DELAY_MS = 2000;
/** After receiving, the learner goes to My courses after this long (learning §4, §9: 3 s). */
export const PENDING_SHARES_REDIRECT_MS = 3000;

/**
 * The pending-shares prompt (learning §4): two seconds after a page loads it asks whether courses
 * were shared with the signed-in learner; if so, it asks whether to receive them, and after
 * receiving goes to /my-courses three seconds later.
 */
export function PendingSharesPrompt() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [check] = useLazyHasPendingSharesQuery();
  const [receive, { isLoading }] = useReceivePendingMutation();
  const [pending, setPending] = useState<HasPendingSharesResponse | null>(null);
  const [received, setReceived] = useState(false);
  const userId = user?.id;

  useDelayedCheck(userId, PENDING_SHARES_DELAY_MS, () => check().unwrap(), (answer) => setPending(answer.has_shares ? answer : null));
  useTimeout(received, PENDING_SHARES_REDIRECT_MS, () => void navigate(SharingPages.myCourses));

  const accept = async () => {
    try {
      const answer = await receive().unwrap();
      setPending(null);
      dispatch(flashSuccess(answer.message));
      setReceived(true);
    } catch {
      setPending(null);
      dispatch(flashError(t('pending-shares.error')));
    }
  };

  return (
    <Modal
      open={pending !== null}
      onClose={() => setPending(null)}
      title={t('pending-shares.title', { count: pending?.shares_count ?? 0 })}
      size="sm"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={() => setPending(null)}>
            {t('pending-shares.later')}
          </button>
          <button type="button" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined} onClick={() => void accept()}>
            {t('pending-shares.receive')}
          </button>
        </>
      }
    >
      <p>{t('sharing.pending-prompt')}</p>
    </Modal>
  );
}
