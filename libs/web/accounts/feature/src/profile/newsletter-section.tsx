import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewsletterConsentDialog } from './newsletter-consent-dialog.js';

/** The user's newsletter choice and the consent dialog to renew or withdraw it. */
export function NewsletterSection({ optedIn }: { optedIn: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="newsletter-section">
      <p>{optedIn ? t('profile.newsletter.subscribed') : t('profile.newsletter.not-subscribed')}</p>
      <button type="button" className="btn btn--secondary" onClick={() => setOpen(true)}>
        {t('profile.newsletter.manage')}
      </button>
      <NewsletterConsentDialog open={open} onClose={() => setOpen(false)} optedIn={optedIn} />
    </div>
  );
}
