import { useEffect, useId, useRef, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { focusableElements, trapTabKey } from './focus-trap.js';
import './modal.css';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  /** The dialog's visible title; it also labels the dialog. */
  title: ReactNode;
  children: ReactNode;
  /** Buttons shown under the content. */
  footer?: ReactNode;
  /** Id of the element describing the dialog (aria-describedby). */
  describedBy?: string;
  /** Element focused on open; by default the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  size?: 'sm' | 'md' | 'lg';
  /** Some dialogs ("Hooray !!!") offer no way out but their action. */
  dismissible?: boolean;
}

/** How many dialogs are open now, for prompts that wait their turn rather than stack. */
let openDialogs = 0;
const openDialogsListeners = new Set<() => void>();

function countOpenDialog(change: 1 | -1): void {
  openDialogs += change;
  for (const listener of openDialogsListeners) listener();
}

/**
 * The number of dialogs open now. A prompt nobody asked for (the subscription bonus offer, for
 * example) waits while another dialog is open, so it never opens over the "added to cart" window
 * or a form in a dialog.
 */
export function useOpenDialogCount(): number {
  return useSyncExternalStore(
    (listener) => {
      openDialogsListeners.add(listener);
      return () => openDialogsListeners.delete(listener);
    },
    () => openDialogs,
    () => 0,
  );
}

/**
 * Accessible dialog: role=dialog with aria-modal, labelled by its title, focus moved inside on
 * open and trapped there, Escape closes, focus returns to the opener on close.
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return createPortal(<ModalDialog {...props} />, document.body);
}

function ModalDialog({
  onClose,
  title,
  children,
  footer,
  describedBy,
  initialFocus,
  size = 'md',
  dismissible = true,
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target = initialFocus?.current ?? focusableElements(dialog)[0] ?? dialog;
    target.focus();
    document.body.classList.add('modal-open');
    countOpenDialog(1);

    // Focus that leaves the dialog (e.g. a click outside) is brought back.
    const keepFocusInside = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    };
    document.addEventListener('focusin', keepFocusInside);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      document.body.classList.remove('modal-open');
      countOpenDialog(-1);
      opener?.focus();
    };
  }, [initialFocus]);

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && dismissible) {
            event.stopPropagation();
            onCloseRef.current();
            return;
          }
          trapTabKey(event, dialogRef.current!);
        }}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {dismissible && (
            <button type="button" className="modal__close" aria-label={t('common.close')} onClick={() => onCloseRef.current()}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>
  );
}
