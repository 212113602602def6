import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../modal/modal.js';

export interface NoticeDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  text: ReactNode;
  /** The one button: 'OK' by default. */
  buttonLabel?: string;
  /** What the button does: closes the dialog by default. */
  onButton?: () => void;
}

/** An alert box (the spec's 'Success', 'Deleted!', 'Error!'): a title, a text and one button. */
export function NoticeDialog({ open, onClose, title, text, buttonLabel, onButton }: NoticeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <button type="button" className="btn btn--primary" onClick={onButton ?? onClose}>
          {buttonLabel ?? t('common.ok')}
        </button>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
