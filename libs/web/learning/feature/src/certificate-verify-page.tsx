import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useVerifyCertificateQuery } from '@aero/web-learning-data-access';
import { serverMessage } from '@aero/web-shared-api';
import { PageLoading, PageTitle } from '@aero/web-shared-ui';
import { formatDate } from './format.js';
import './learning-feature.css';

/**
 * /certificates/verify/:number (issue 15), public: the page the QR code of a certificate opens.
 * It says whether the certificate is valid or was revoked (and when), whose it is and of which
 * course, and when it was issued; nothing else about the learner. An unknown number has its own
 * not-found state.
 */
export function CertificateVerifyPage() {
  const { t, i18n } = useTranslation();
  const { number = '' } = useParams();
  const { data: certificate, isLoading, isError, error } = useVerifyCertificateQuery(number);

  if (isLoading) return <PageLoading label={t('certificate-verify.loading')} />;
  if (isError || !certificate) {
    const notFound = !isError || (typeof error === 'object' && 'status' in error && error.status === 404);
    return (
      <section className="page certificate-verify certificate-verify--missing" aria-labelledby="certificate-verify-title">
        <PageTitle title={t('certificate-verify.not-found')} />
        <h1 id="certificate-verify-title">{notFound ? t('certificate-verify.not-found') : t('errors.generic')}</h1>
        <p>{notFound ? t('certificate-verify.not-found-hint', { number }) : (serverMessage(error) ?? t('errors.generic-hint'))}</p>
      </section>
    );
  }

  const valid = certificate.status === 'valid';
  return (
    <section className="page certificate-verify" aria-labelledby="certificate-verify-title">
      <PageTitle title={t('certificate-verify.title')} />
      <h1 id="certificate-verify-title">{t('certificate-verify.title')}</h1>
      <p role="status" className={`certificate-verify__status certificate-verify__status--${certificate.status}`}>
        {valid
          ? t('certificate-verify.valid')
          : t('certificate-verify.revoked', { date: certificate.revoked_at ? formatDate(certificate.revoked_at, i18n.language) : '' })}
      </p>
      <dl className="certificate-verify__facts">
        <dt>{t('certificate-verify.number')}</dt>
        <dd>{certificate.number}</dd>
        <dt>{t('certificate-verify.learner')}</dt>
        <dd>{certificate.learner_name}</dd>
        <dt>{t('certificate-verify.course')}</dt>
        <dd>{certificate.course_name}</dd>
        <dt>{t('certificate-verify.issued')}</dt>
        <dd>{formatDate(certificate.issued_at, i18n.language)}</dd>
      </dl>
      <p className="certificate-verify__notice">{t('certificate-verify.notice')}</p>
    </section>
  );
}
