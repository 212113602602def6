import { useTranslation } from 'react-i18next';
import { Modal } from '@aero/web-shared-ui';

export interface PaymentFailureDialogProps {
  open: boolean;
  onClose: () => void;
  /** What failed, as the flash said it (the server message, or the translated fallback). */
  detail?: string | null;
}

/** The payment failure alert (shop §8): 'Oops...', something went wrong. */
export function PaymentFailureDialog({ open, onClose, detail }: PaymentFailureDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('payment.oops-title')}
      size="sm"
      footer={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {t('common.ok')}
        </button>
      }
    >
      <p className="payment-failure__text">{t('payment.oops-text')}</p>
      {detail && <p className="payment-failure__detail">{detail}</p>}
    </Modal>
  );
}
