import type { ReactNode } from 'react';
import { PageTitle } from '@aero/web-shared-ui';
import './accounts-feature.css';

/** The frame of the sign-in, registration, verification and password screens. */
export function AuthLayout({ title, lead, children, wide }: { title: string; lead?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <section className={`page auth${wide ? ' auth--wide' : ''}`} aria-labelledby="auth-title">
      <PageTitle title={title} />
      <h1 id="auth-title">{title}</h1>
      {lead && <p className="auth__lead">{lead}</p>}
      <div className="form-card auth__card">{children}</div>
    </section>
  );
}
