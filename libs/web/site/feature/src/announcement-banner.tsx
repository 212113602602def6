import { DismissButton } from '@aero/web-shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAnnouncementDismissed, rememberAnnouncementDismissed, useGetCurrentAnnouncementQuery } from '@aero/web-site-data-access';
import './site-feature.css';

/**
 * The announcement banner (shop §2, §4): `GET /api/announcements/current`, dismissible; once
 * dismissed it stays closed, remembered per uuid in local storage.
 */
export function AnnouncementBanner() {
  const { t } = useTranslation();
  const { data: announcement } = useGetCurrentAnnouncementQuery();
  const [dismissed, setDismissed] = useState<string | null>(null);

  if (!announcement || dismissed === announcement.uuid || isAnnouncementDismissed(announcement.uuid)) return null;
  return (
    <aside className={`announcement announcement--${announcement.class}`} aria-label={t('announcement.label')}>
      <div className="announcement__inner container">
        <p className="announcement__message">{announcement.message}</p>
        <DismissButton
          label={t('announcement.dismiss')}
          onDismiss={() => {
            rememberAnnouncementDismissed(announcement.uuid);
            setDismissed(announcement.uuid);
          }}
        />
      </div>
    </aside>
  );
}
