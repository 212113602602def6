import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoading, PageTitle } from '@aero/web-shared-ui';
import './home-page.css';

const FEATURES = ['compliant', 'exams', 'teams'] as const;

export interface HomePageProps {
  /** The slides carousel (content feature). */
  slides?: ReactNode;
  /** "Popular courses" (catalogue feature). */
  popularCourses?: ReactNode;
  /** The client logos carousel (content feature). */
  clientLogos?: ReactNode;
}

/**
 * `/`: the slides carousel, an introduction, the catalogue's "Popular courses" and the client
 * logos (sections passed in by the routes, which load their features lazily).
 */
export default function HomePage({ slides, popularCourses, clientLogos }: HomePageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('app.tagline')} />
      <Suspense fallback={<div className="home-slides-placeholder" aria-hidden="true" />}>{slides}</Suspense>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <p className="hero__eyebrow">{t('home.eyebrow')}</p>
          <h1 id="hero-title">{t('home.title')}</h1>
          <p className="hero__lead">{t('home.lead')}</p>
          <div className="hero__actions">
            <Link to="/e-shop" className="btn btn--primary">
              {t('home.browse')}
            </Link>
            <Link to="/organize-course" className="btn hero__secondary">
              {t('home.organize')}
            </Link>
          </div>
        </div>
        <svg className="hero__art" viewBox="0 0 320 200" aria-hidden="true" focusable="false">
          <circle cx="230" cy="70" r="46" fill="#2b8fd6" opacity="0.14" />
          <path d="M0 170 Q80 140 160 160 T320 150 V200 H0Z" fill="#1a4178" opacity="0.06" />
          <path d="M20 150 C90 120 150 90 250 40" stroke="#2b8fd6" strokeWidth="2" strokeDasharray="6 8" fill="none" opacity="0.6" />
          <g transform="translate(236 34) rotate(-28)" fill="#12305a">
            <path d="M-46 0 Q-40 -6 0 -6 L30 -6 Q44 -5 48 0 Q44 5 30 6 L0 6 Q-40 6 -46 0Z" />
            <path d="M-4 -5 L-20 -40 L-10 -40 L14 -5Z" />
            <path d="M-4 5 L-20 40 L-10 40 L14 5Z" />
            <path d="M-40 -4 L-48 -20 L-42 -20 L-30 -4Z" />
            <path d="M-40 4 L-48 20 L-42 20 L-30 4Z" />
          </g>
        </svg>
      </section>

      <section className="features" aria-label={t('home.features-label')}>
        {FEATURES.map((feature) => (
          <div key={feature} className="feature">
            <h2 className="feature__title">{t(`home.features.${feature}.title`)}</h2>
            <p>{t(`home.features.${feature}.text`)}</p>
          </div>
        ))}
      </section>

      <Suspense fallback={<PageLoading />}>{popularCourses}</Suspense>
      <Suspense fallback={null}>{clientLogos}</Suspense>
    </>
  );
}
