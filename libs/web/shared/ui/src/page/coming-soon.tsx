import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title.js';
import './page.css';

/** Placeholder of a screen that later work builds: its heading and "<Screen> — coming soon". */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="page coming-soon" aria-labelledby="coming-soon-title">
      <PageTitle title={title} />
      <h1 id="coming-soon-title">{title}</h1>
      <p className="coming-soon__text">{t('screens.coming-soon', { screen: title })}</p>
      {children}
    </section>
  );
}
