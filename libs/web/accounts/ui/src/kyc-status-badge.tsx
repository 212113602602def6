import { useTranslation } from 'react-i18next';
import type { KycStatus } from '@aero/contracts';
import { StatusBadge, type BadgeTone } from '@aero/web-shared-ui';

const TONES: Record<KycStatus, BadgeTone> = { not_confirmed: 'warning', declined: 'danger', approved: 'success' };

/** A KYC status (learning §4: not_confirmed, declined, approved) as a coloured badge. */
export function KycStatusBadge({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return <StatusBadge tone={TONES[status]}>{t(`kyc.status.${status}`)}</StatusBadge>;
}
