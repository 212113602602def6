import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { FailureNotice, PageLoading, PageTitle } from '@aero/web-shared-ui';

/**
 * A page about one of the buyer's orders after checkout (`/payment/...`): a signed-out buyer goes
 * to the sign-in page and comes back to `path`; otherwise the title, the loading, why the order
 * could not be read, then `children` with what was read and `footer` in any case.
 */
export function OrderPageFrame<T>({
  name,
  title,
  path,
  query,
  children,
  footer,
}: {
  /** The page's class, and its title's id (`<name>-title`). */
  name: string;
  title: string;
  path: string;
  query: { data?: T; isLoading: boolean; error?: unknown };
  children: (data: T) => ReactNode;
  footer?: ReactNode;
}) {
  if (isSignInRequired(query.error)) return <Navigate to={signInPath(path)} replace />;
  return (
    <section className={`page ${name}`} aria-labelledby={`${name}-title`}>
      <PageTitle title={title} />
      <h1 id={`${name}-title`}>{title}</h1>
      {query.isLoading && <PageLoading />}
      {query.data === undefined ? <FailureNotice failure={query.error} /> : children(query.data)}
      {footer}
    </section>
  );
}
