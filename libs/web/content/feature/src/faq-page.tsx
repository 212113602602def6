import { useTranslation } from 'react-i18next';
import { useGetFaqQuery } from '@aero/web-content-data-access';
import { FaqAccordion } from '@aero/web-content-ui';
import { CertificateSample } from '@aero/web-catalog-ui';
import { serverMessage } from '@aero/web-shared-api';
import { saveCookieConsent, selectConsent } from '@aero/web-site-data-access';
import { useAppDispatch, useAppSelector } from '@aero/web-shared-store';
import { PageLoading, PageTitle } from '@aero/web-shared-ui';
import './content-feature.css';

/**
 * /faq: the FAQ accordion and the certificate sample viewer. A video answer loads its player only
 * with the social-network cookies accepted (the placeholder's button accepts them).
 */
export function FaqPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const consent = useAppSelector(selectConsent);
  const { data: items, isLoading, isError, error } = useGetFaqQuery();
  const allowVideo = () => void dispatch(saveCookieConsent({ necessary: true, statistics: consent.statistics, social: true }));
  return (
    <section className="page faq-page" aria-labelledby="faq-title">
      <PageTitle title={t('content.faq.title')} />
      <header className="faq-page__header">
        <h1 id="faq-title">{t('content.faq.title')}</h1>
        <p className="faq-page__lead">{t('content.faq.lead')}</p>
      </header>

      {isLoading && <PageLoading label={t('content.faq.loading')} />}
      {isError && (
        <p className="notice notice--error" role="alert">
          {serverMessage(error) ?? t('errors.generic')}
        </p>
      )}
      {items && (items.length > 0 ? <FaqAccordion items={items} videoConsent={consent.social} onAllowVideo={allowVideo} /> : <p className="notice notice--info">{t('content.faq.empty')}</p>)}

      <aside className="faq-page__certificate" aria-labelledby="faq-certificate-title">
        <h2 id="faq-certificate-title">{t('content.faq.certificate-title')}</h2>
        <p>{t('catalog.certificate.sample-hint')}</p>
        <CertificateSample />
      </aside>
    </section>
  );
}
