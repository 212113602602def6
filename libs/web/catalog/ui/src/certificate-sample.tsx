import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DismissButton, LineIcon, Modal } from '@aero/web-shared-ui';
import { CERTIFICATE_NOTICE_DELAY_MS } from '@aero/web-shared-util';
import './catalog-ui.css';

/** The sample picture (apps/web/public). */
export const CERTIFICATE_SAMPLE_IMAGE = '/images/certificate-sample.svg';

export interface CertificateSampleProps {
  /** Spec: the attention notice appears 750 ms after opening. */
  noticeDelayMs?: number;
  className?: string;
}

/**
 * Certificate sample viewer (shop §4): a button opens a modal with a sample certificate; after
 * 750 ms a closable attention notice says the certificate is NOT an EASA Form 149a.
 */
export function CertificateSample({ noticeDelayMs = CERTIFICATE_NOTICE_DELAY_MS, className = '' }: CertificateSampleProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`btn btn--secondary certificate-sample__open ${className}`.trim()} onClick={() => setOpen(true)}>
        <LineIcon size={18} strokeWidth={1.7} d="M5 3h14v12H5zM8 7h8M8 10h5M9 15l-1 6 4-2 4 2-1-6" />
        {t('catalog.certificate.view-sample')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('catalog.certificate.sample-title')} size="lg">
        <CertificateSampleBody noticeDelayMs={noticeDelayMs} />
      </Modal>
    </>
  );
}

function CertificateSampleBody({ noticeDelayMs }: { noticeDelayMs: number }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<'waiting' | 'shown' | 'closed'>('waiting');
  const figure = useRef<HTMLElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setNotice((state) => (state === 'waiting' ? 'shown' : state)), noticeDelayMs);
    return () => clearTimeout(timer);
  }, [noticeDelayMs]);

  return (
    <div className="certificate-sample">
      {notice === 'shown' && (
        <div className="notice notice--warning certificate-sample__notice" role="alert">
          <svg className="certificate-sample__notice-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M12 3l10 18H2z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
            <path d="M12 10v5M12 18v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <p className="certificate-sample__notice-text">
            <strong>{t('catalog.certificate.notice-title')}:</strong> {t('catalog.certificate-notice')}
          </p>
          <DismissButton
            className="certificate-sample__notice-close"
            label={t('catalog.certificate.close-notice')}
            onDismiss={() => {
              setNotice('closed');
              figure.current?.focus();
            }}
          />
        </div>
      )}
      <figure ref={figure} className="certificate-sample__figure" tabIndex={-1}>
        <img src={CERTIFICATE_SAMPLE_IMAGE} alt={t('catalog.certificate.sample-alt')} width={1000} height={707} />
      </figure>
    </div>
  );
}
