import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ACCEPT_ALL,
  cookiePreferencesClosed,
  cookiePreferencesOpened,
  loadAnalytics,
  ONLY_NECESSARY,
  saveCookieConsent,
  selectConsent,
  selectConsentDecided,
  selectCookiePreferencesOpen,
} from '@aero/web-site-data-access';
import { useAppDispatch, useAppSelector } from '@aero/web-shared-store';
import { Modal, RichText } from '@aero/web-shared-ui';
import { COOKIE_CATALOGUE, COOKIE_CATEGORIES, type CookieCategory } from './cookie-catalogue.js';
import './site-feature.css';

/**
 * The cookie consent (shop §2, §4): the banner while no necessary-consent cookie exists, with
 * Accept all, Accept only necessary and Preferences, and the preferences modal. With statistics
 * consent given earlier, analytics loads with the page.
 */
export function CookieConsent() {
  const decided = useAppSelector(selectConsentDecided);
  const statistics = useAppSelector(selectConsent).statistics;

  useEffect(() => {
    if (statistics) loadAnalytics();
  }, [statistics]);

  return (
    <>
      {!decided && <CookieBanner />}
      <CookiePreferences />
    </>
  );
}

/** The banner: in the page flow at the top (it covers nothing), not a modal. */
export function CookieBanner() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const titleId = useId();
  return (
    <section className="cookie-banner" aria-labelledby={titleId}>
      <div className="cookie-banner__inner container">
        <div className="cookie-banner__text">
          <h2 id={titleId} className="cookie-banner__title">
            {t('consent.banner.title')}
          </h2>
          <p>
            {t('consent.banner.text')} <Link to="/articles/privacy-policy">{t('consent.banner.policy')}</Link>
          </p>
        </div>
        <div className="cookie-banner__actions">
          <button type="button" className="btn btn--primary" onClick={() => void dispatch(saveCookieConsent(ACCEPT_ALL))}>
            {t('consent.accept-all')}
          </button>
          <button type="button" className="btn btn--light" onClick={() => void dispatch(saveCookieConsent(ONLY_NECESSARY))}>
            {t('consent.accept-necessary')}
          </button>
          <button type="button" className="btn btn--ghost cookie-banner__preferences" onClick={() => dispatch(cookiePreferencesOpened())}>
            {t('consent.preferences')}
          </button>
        </div>
      </div>
    </section>
  );
}

/** The preferences modal: one section per category with its switch and details table. */
export function CookiePreferences() {
  const open = useAppSelector(selectCookiePreferencesOpen);
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={() => dispatch(cookiePreferencesClosed())} title={t('consent.modal.title')} size="lg">
      <CookiePreferencesForm />
    </Modal>
  );
}

function CookiePreferencesForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectConsent);
  // The switches start from the consent in force (a first visit: everything optional off).
  const [choice, setChoice] = useState({ statistics: current.statistics, social: current.social });

  return (
    <form
      className="cookie-preferences"
      onSubmit={(event) => {
        event.preventDefault();
        void dispatch(saveCookieConsent({ necessary: true, ...choice }));
      }}
    >
      <p>{t('consent.modal.intro')}</p>
      {COOKIE_CATEGORIES.map((category) => (
        <CookieCategorySection
          key={category}
          category={category}
          checked={category === 'necessary' ? true : choice[category]}
          onChange={(checked) => setChoice((previous) => ({ ...previous, [category]: checked }))}
        />
      ))}

      <section className="cookie-preferences__section" aria-labelledby="cookie-video-title">
        <h3 id="cookie-video-title">{t('consent.video.title')}</h3>
        <p>{t('consent.video.text')}</p>
      </section>
      <section className="cookie-preferences__section" aria-labelledby="cookie-control-title">
        <h3 id="cookie-control-title">{t('consent.control.title')}</h3>
        <p>{t('consent.control.text')}</p>
        <p>{t('consent.control.browser')}</p>
      </section>
      <section className="cookie-preferences__section" aria-labelledby="cookie-contact-title">
        <h3 id="cookie-contact-title">{t('consent.contact.title')}</h3>
        <p>
          <RichText
            text={t('consent.contact.text', { email: t('consent.contact.email') })}
            components={{ mail: (email) => <a href={`mailto:${email}`}>{email}</a>, contacts: (text) => <Link to="/contacts">{text}</Link> }}
          />
        </p>
      </section>
      <p className="cookie-preferences__reviewed">{t('consent.last-reviewed')}</p>
      <div className="form-actions cookie-preferences__actions">
        <button type="submit" className="btn btn--primary">
          {t('consent.save')}
        </button>
      </div>
    </form>
  );
}

function CookieCategorySection({ category, checked, onChange }: { category: CookieCategory; checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const alwaysOn = category === 'necessary';
  return (
    <section className="cookie-preferences__section" aria-labelledby={`${id}-title`}>
      <div className="cookie-preferences__head">
        <h3 id={`${id}-title`}>{t(`consent.categories.${category}.title`)}</h3>
        <label className="cookie-switch">
          <input
            type="checkbox"
            role="switch"
            checked={checked}
            disabled={alwaysOn}
            aria-describedby={`${id}-text`}
            onChange={(event) => onChange(event.target.checked)}
          />
          <span>{alwaysOn ? t('consent.always-on') : t(`consent.categories.${category}.switch`)}</span>
        </label>
      </div>
      <p id={`${id}-text`}>{t(`consent.categories.${category}.text`)}</p>
      <table className="cookie-table">
        <caption>{t('consent.table.caption', { category: t(`consent.categories.${category}.title`) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('consent.table.name')}</th>
            <th scope="col">{t('consent.table.purpose')}</th>
            <th scope="col">{t('consent.table.duration')}</th>
          </tr>
        </thead>
        <tbody>
          {COOKIE_CATALOGUE[category].map((cookie) => (
            <tr key={cookie.name}>
              <th scope="row">
                <code>{cookie.name}</code>
              </th>
              <td>{t(`consent.cookies.${cookie.key}.purpose`)}</td>
              <td>{t(`consent.cookies.${cookie.key}.duration`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A button that opens the cookie preferences (the footer's "Cookie settings"). */
export function CookieSettingsButton({ className = 'link-button' }: { className?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <button type="button" className={className} onClick={() => dispatch(cookiePreferencesOpened())}>
      {t('consent.settings')}
    </button>
  );
}
