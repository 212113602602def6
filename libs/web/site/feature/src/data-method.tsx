import { useCallback, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isFormMethod, useSendDataMethodRequestMutation, type FormMethod } from '@aero/web-site-data-access';
import { ConfirmDialog } from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';

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

/**
 * The behaviour of data-method links (shop §2, §7, §8): `request(url, method)` opens the
 * 'Are you sure?' confirmation; confirming sends that method with a `_method` field, then the
 * page reloads. A failure shows the server's message, or 'Please try again', in the dialog.
 * Render `dialog` once.
 */
export function useDataMethod({ reload = reloadPage }: DataMethodOptions = {}) {
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

  const confirm = () => {
    if (!pending) return;
    setError(null);
    send({ url: pending.url, method: pending.method })
      .unwrap()
      .then(() => {
        setPending(null);
        reload();
      })
      .catch((failure: unknown) => setError(failureMessage(failure) ?? t('confirm.error')));
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      text={pending?.text}
      busy={isLoading}
      error={error}
      onConfirm={confirm}
      onCancel={() => {
        setPending(null);
        setError(null);
      }}
    />
  );
  return { request, dialog, busy: isLoading };
}

export interface DataMethodLinkProps extends DataMethodOptions {
  href: string;
  /** get, delete, head, post, put or patch. */
  method: FormMethod;
  children: ReactNode;
  className?: string;
  /** Extra text of the confirmation. */
  confirmText?: string;
}

/** A link with a data-method attribute: confirmation, then the request, then a reload. */
export function DataMethodLink({ href, method, children, className, confirmText, reload }: DataMethodLinkProps) {
  const { request, dialog } = useDataMethod({ reload });
  return (
    <>
      <a
        href={href}
        data-method={method}
        className={className}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          request(href, method, confirmText);
        }}
      >
        {children}
      </a>
      {dialog}
    </>
  );
}

/**
 * Gives every `<a data-method="...">` of the page (also inside HTML that articles bring) the
 * data-method behaviour. Mounted once by the shell.
 */
export function DataMethodLinks(options: DataMethodOptions) {
  const { request, dialog } = useDataMethod(options);
  useEffect(() => {
    const onClick = (event: globalThis.MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-method]') : null;
      if (!anchor) return;
      const method = anchor.getAttribute('data-method') ?? '';
      if (request(anchor.href, method, anchor.getAttribute('data-confirm') ?? undefined)) event.preventDefault();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [request]);
  return dialog;
}
