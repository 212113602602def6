import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@aero/web-shared-util';
import type { ConfirmDialogProps } from './confirm-dialog.js';

export interface ConfirmedAction<S> {
  /** What the open dialog asks about; `null` while it is closed. */
  subject: S | null;
  /** Opens the dialog about `subject`, without the error of an earlier try. */
  ask: (subject: S) => void;
  /** To spread on a `ConfirmDialog` (next to its title, text and labels). */
  dialog: Pick<ConfirmDialogProps, 'open' | 'busy' | 'error' | 'onConfirm' | 'onCancel'>;
}

/**
 * An action confirmed first (shop §8 "Confirmation dialog error"): `ask(subject)` opens the
 * are-you-sure dialog; confirming runs `act(subject)`. Done, the dialog closes; failed, it stays
 * open and tells the server's message, or 'Please try again', so the user may try again or cancel.
 */
export function useConfirmedAction<S = void>(act: (subject: S) => Promise<unknown>, busy: boolean): ConfirmedAction<S> {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<{ subject: S } | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    subject: asked?.subject ?? null,
    ask: (subject) => {
      setError(null);
      setAsked({ subject });
    },
    dialog: {
      open: asked !== null,
      busy,
      error,
      onConfirm: () => {
        if (!asked) return;
        act(asked.subject)
          .then(() => setAsked(null))
          .catch((failure: unknown) => setError(failureMessage(failure) ?? t('confirm.error')));
      },
      onCancel: () => setAsked(null),
    },
  };
}
