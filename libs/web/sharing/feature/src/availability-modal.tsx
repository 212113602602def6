import { useTranslation } from 'react-i18next';
import { useAvailabilityListQuery } from '@aero/web-sharing-data-access';
import { DataTable, Modal, PageLoading } from '@aero/web-shared-ui';

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
        <DataTable
          label={t('quick-share.availability')}
          rows={data.data}
          rowKey={(entry) => `${entry.created_at}-${entry.available_till}-${entry.qty}`}
          columns={[
            { key: 'qty', header: t('quick-share.columns.qty'), cell: (entry) => entry.qty },
            { key: 'purchased', header: t('quick-share.columns.purchased'), cell: (entry) => entry.created_at.slice(0, 10) },
            { key: 'available-till', header: t('quick-share.columns.available-till'), cell: (entry) => entry.available_till },
          ]}
        />
      )}
    </Modal>
  );
}
