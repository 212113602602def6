import { useTranslation } from 'react-i18next';
import { useAvailabilityListQuery } from '@aero/web-sharing-data-access';
import { Modal, PageLoading } from '@aero/web-shared-ui';

/** The availability list modal (learning §2): qty, purchased date and available till, with the total in its title. */
export function AvailabilityModal({ programId, open, onClose }: { programId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useAvailabilityListQuery(programId, { skip: !open });
  return (
    <Modal open={open} onClose={onClose} title={t('quick-share.availability-title', { total: data?.meta.total ?? 0 })}>
      {isLoading && <PageLoading />}
      {isError && (
        <p className="notice notice--error" role="alert">
          {t('sharing.availability-error')}
        </p>
      )}
      {data && (
        <table className="people-table" aria-label={t('quick-share.availability')}>
          <thead>
            <tr>
              <th scope="col">{t('quick-share.columns.qty')}</th>
              <th scope="col">{t('quick-share.columns.purchased')}</th>
              <th scope="col">{t('quick-share.columns.available-till')}</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((entry) => (
              <tr key={`${entry.created_at}-${entry.available_till}-${entry.qty}`}>
                <td>{entry.qty}</td>
                <td>{entry.created_at.slice(0, 10)}</td>
                <td>{entry.available_till}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
