import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUBSCRIPTION_BONUS_URL } from '@aero/contracts';
import { useCurrentUser } from '@aero/web-accounts-data-access';
import { flashError, flashSuccess, useAppDispatch, useAppSelector } from '@aero/web-shared-store';
import { Modal, useOpenDialogCount } from '@aero/web-shared-ui';
import {
  selectConsentDecided,
  useGetBonusPopupQuery,
  useMarkBonusPopupSeenMutation,
  useSubscribeNewsletterMutation,
} from '@aero/web-site-data-access';
import './site-feature.css';

/**
 * The subscription bonus popup (shop §2, §4) for signed-in users when
 * `GET /api/newsletters/bonus-popup` says so. It is marked as seen when shown and closes on
 * subscribing (`POST /newsletters/subscribe`, flash subscribe.success or subscribe.error) or
 * declining. It waits until the cookie banner has been answered and no other dialog is open (the
 * "added to cart" window, a form), so two prompts never stack.
 */
export function SubscriptionBonusPopup() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { user } = useCurrentUser();
  const consentDecided = useAppSelector(selectConsentDecided);
  const { data } = useGetBonusPopupQuery(undefined, { skip: !user });
  const [markSeen] = useMarkBonusPopupSeenMutation();
  const [subscribe, { isLoading: subscribing }] = useSubscribeNewsletterMutation();
  const [closed, setClosed] = useState(false);
  const [shown, setShown] = useState(false);
  const openDialogs = useOpenDialogCount();

  // Once shown it stays until answered; before that it waits for any other dialog to close.
  const wanted = user !== null && consentDecided && data?.show === true && !closed;
  const open = wanted && (shown || openDialogs === 0);

  useEffect(() => {
    if (!open || shown) return;
    setShown(true);
    void markSeen().unwrap().catch(() => undefined);
  }, [open, shown, markSeen]);

  const onSubscribe = () => {
    subscribe()
      .unwrap()
      .then(() => dispatch(flashSuccess(t('subscribe.success'))))
      .catch(() => dispatch(flashError(t('subscribe.error'))))
      .finally(() => setClosed(true));
  };

  return (
    <Modal
      open={open}
      onClose={() => setClosed(true)}
      title={t('newsletter.bonus.title')}
      size="sm"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={() => setClosed(true)} disabled={subscribing}>
            {t('newsletter.bonus.decline')}
          </button>
          <button type="button" className="btn btn--primary" onClick={onSubscribe} disabled={subscribing} aria-busy={subscribing || undefined}>
            {t('newsletter.bonus.subscribe')}
          </button>
        </>
      }
    >
      <p>{t('newsletter.bonus.text')}</p>
      <p>
        <Link to={SUBSCRIPTION_BONUS_URL} onClick={() => setClosed(true)}>
          {t('newsletter.bonus.link')}
        </Link>
      </p>
    </Modal>
  );
}
