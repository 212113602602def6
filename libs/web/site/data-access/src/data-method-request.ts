import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@aero/web-shared-util';
import { isFormMethod, useSendDataMethodRequestMutation, type FormMethod } from './site.api.js';

/** Reloads the page (what a data-method link does after its request succeeded). */
export function reloadPage(): void {
  window.location.reload();
}

export interface DataMethodOptions {
  /** What happens after success; the page reloads by default. */
  reload?: () => void;
}

interface PendingRequest {
  url: string;
  method: FormMethod;
  text?: string;
}

/** What the confirmation dialog (shared-ui `ConfirmDialog`) of a data-method request shows and does. */
export interface DataMethodDialog {
  open: boolean;
  text?: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The behaviour of data-method links (shop §2, §7, §8): `request(url, method)` asks for the
 * 'Are you sure?' confirmation (`dialog`, for a `ConfirmDialog`); confirming sends that method
 * with a `_method` field, then the page reloads. A failure shows the server's message, or
 * 'Please try again', in the dialog.
 */
export function useDataMethodRequest({ reload = reloadPage }: DataMethodOptions = {}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<PendingRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [send, { isLoading }] = useSendDataMethodRequestMutation();

  const request = useCallback((url: string, method: string, text?: string) => {
    // A form accepts only get, delete, head, post, put and patch (shop §5).
    if (!isFormMethod(method)) return false;
    setError(null);
    setPending({ url, method: method.toLowerCase() as FormMethod, text });
    return true;
  }, []);

  const dialog: DataMethodDialog = {
    open: pending !== null,
    text: pending?.text,
    busy: isLoading,
    error,
    onConfirm: () => {
      if (!pending) return;
      setError(null);
      send({ url: pending.url, method: pending.method })
        .unwrap()
        .then(() => {
          setPending(null);
          reload();
        })
        .catch((failure: unknown) => setError(failureMessage(failure) ?? t('confirm.error')));
    },
    onCancel: () => {
      setPending(null);
      setError(null);
    },
  };
  return { request, dialog, busy: isLoading };
}
