import { useTranslation } from 'react-i18next';
import type { KycStatus } from '@aero/contracts';
import './accounts-ui.css';

/** A KYC status (learning §4: not_confirmed, declined, approved) as a coloured badge. */
export function KycStatusBadge({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return <span className={`kyc-badge kyc-badge--${status}`}>{t(`kyc.status.${status}`)}</span>;
}
