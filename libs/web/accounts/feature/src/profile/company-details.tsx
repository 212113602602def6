import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CompanyDto } from '@aero/contracts';
import { KycStatusBadge } from '@aero/web-accounts-ui';
import { FactList } from '@aero/web-shared-ui';

/**
 * The company details, read-only (learning §6: "Changing account type or company details
 * requires contacting support"), with the "contact support" note.
 */
export function CompanyDetails({ company }: { company: CompanyDto }) {
  const { t } = useTranslation();
  const rows: [label: string, value: string | null][] = [
    [t('profile.company.name'), company.name],
    [t('profile.company.code'), company.code],
    [t('profile.company.vat'), company.vat_number],
    [t('profile.company.country'), company.country_name],
    [t('profile.company.city'), company.city],
    [t('profile.company.address'), company.address],
    [t('profile.company.zip'), company.zip],
  ];
  return (
    <div className="company-details">
      <FactList
        className="details-list"
        facts={[
          ...rows.map(([label, value]) => ({ label, value: value || '—' })),
          { label: t('profile.company.kyc'), value: <KycStatusBadge status={company.kyc_status} /> },
        ]}
      />
      <p className="notice notice--info">
        {company.change_request_message || t('profile.company.read-only')} <Link to="/contacts">{t('profile.company.contact-support')}</Link>
      </p>
    </div>
  );
}
