import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flashError, flashSuccess, useAppDispatch } from '@aero/web-shared-store';
import { Modal } from '@aero/web-shared-ui';
import { useUpdateNewsletterConsentMutation } from '@aero/web-site-data-access';
import { failureMessage } from '@aero/web-shared-util';
import './site-feature.css';

export interface NewsletterConsentDialogProps {
  open: boolean;
  onClose: () => void;
  /** The user's current choice (preselected). */
  optedIn: boolean;
}

/**
 * The newsletter consent dialog (shop §2, renewal of the subscription): keep receiving the
 * newsletter or not; saved with `PATCH /profile/update-newsletter-consent` and opt_in 1 or 0.
 */
export function NewsletterConsentDialog({ open, onClose, optedIn }: NewsletterConsentDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('newsletter.dialog.title')} size="sm">
      <NewsletterConsentForm optedIn={optedIn} onDone={onClose} />
    </Modal>
  );
}

function NewsletterConsentForm({ optedIn, onDone }: { optedIn: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [optIn, setOptIn] = useState<0 | 1>(optedIn ? 1 : 0);
  const [update, { isLoading }] = useUpdateNewsletterConsentMutation();

  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        update({ opt_in: optIn })
          .unwrap()
          .then((answer) => {
            dispatch(flashSuccess(answer.message?.trim() || t(optIn ? 'newsletter.dialog.subscribed' : 'newsletter.dialog.unsubscribed')));
            onDone();
          })
          .catch((failure: unknown) => {
            dispatch(flashError(failureMessage(failure) ?? t('errors.generic')));
          });
      }}
    >
      <p>{t('newsletter.dialog.text')}</p>
      <fieldset className="choice-list">
        <legend className="visually-hidden">{t('newsletter.dialog.title')}</legend>
        <label className="choice">
          <input type="radio" name="opt_in" value="1" checked={optIn === 1} onChange={() => setOptIn(1)} />
          <span>{t('newsletter.dialog.yes')}</span>
        </label>
        <label className="choice">
          <input type="radio" name="opt_in" value="0" checked={optIn === 0} onChange={() => setOptIn(0)} />
          <span>{t('newsletter.dialog.no')}</span>
        </label>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading} aria-busy={isLoading || undefined}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
