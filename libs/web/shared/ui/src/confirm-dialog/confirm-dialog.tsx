import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../modal/modal.js';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  /** Default: 'Are you sure?'. */
  title?: string;
  text?: ReactNode;
  confirmLabel?: string;
  /** The button that closes the dialog without acting. Default: 'Cancel'. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** Shown in the dialog when the confirmed action failed (the server message or 'Please try again'). */
  error?: string | null;
}

/** The are-you-sure confirmation (shop §2 data-method links, shop §8 "Confirmation dialog error"). */
export function ConfirmDialog({ open, title, text, confirmLabel, cancelLabel, onConfirm, onCancel, busy, error }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const textId = useId();
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title ?? t('confirm.title')}
      size="sm"
      describedBy={text ? textId : undefined}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('common.cancel')}
          </button>
          <button type="button" className="btn btn--primary" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {confirmLabel ?? t('confirm.yes')}
          </button>
        </>
      }
    >
      {text && (
        <p id={textId} className="confirm__text">
          {text}
        </p>
      )}
      {error && (
        <p className="notice notice--error confirm__error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
