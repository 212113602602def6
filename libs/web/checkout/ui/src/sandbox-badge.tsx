import { useTranslation } from 'react-i18next';

/** Marks what only the sandbox payment provider shows (no real money moves). */
export function SandboxBadge() {
  const { t } = useTranslation();
  return <span className="sandbox-badge">{t('sandbox.badge')}</span>;
}
