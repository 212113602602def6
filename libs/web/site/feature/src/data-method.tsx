import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { ConfirmDialog } from '@aero/web-shared-ui';
import { useDataMethodRequest, type DataMethodOptions, type FormMethod } from '@aero/web-site-data-access';

/**
 * The behaviour of data-method links (shop §2, §7, §8), with its 'Are you sure?' dialog to
 * render once (`dialog`). See `useDataMethodRequest`.
 */
export function useDataMethod(options: DataMethodOptions = {}) {
  const { request, dialog, busy } = useDataMethodRequest(options);
  return { request, dialog: <ConfirmDialog {...dialog} />, busy };
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
