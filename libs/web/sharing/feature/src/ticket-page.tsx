import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { SharingPages, SharingPaths, useTicketsQuery } from '@aero/web-sharing-data-access';
import { PageLoading, PageTitle } from '@aero/web-shared-ui';
import './sharing-feature.css';

/**
 * /tickets/{share_to} (learning §2 "Print ticket, opens in a new tab"; several references comma
 * separated after an organized course): each ticket with its course, code and password, where to
 * activate it and until when; Print, and one PDF of them all.
 */
export function TicketPage() {
  const { t } = useTranslation();
  const { shareTo = '' } = useParams();
  const references = shareTo.split(',').filter(Boolean);
  const { data, isLoading, error } = useTicketsQuery(references);
  if (isSignInRequired(error)) return <Navigate to={signInPath(SharingPages.ticket(shareTo))} replace />;
  return (
    <section className="ticket" aria-labelledby="ticket-title">
      <PageTitle title={t('tickets.title')} />
      <h1 id="ticket-title">{t('tickets.title')}</h1>
      {isLoading && <PageLoading />}
      {error && !data && (
        <p className="notice notice--error" role="alert">
          {t('tickets.not-found')}
        </p>
      )}
      {data && (
        <>
          <div className="ticket__actions">
            <button type="button" className="btn btn--primary" onClick={() => window.print()}>
              {t('tickets.print')}
            </button>
            <a className="btn btn--secondary" href={SharingPaths.ticketsPdf(data.map((ticket) => ticket.share_to))} target="_blank" rel="noopener">
              {t('tickets.pdf')}
            </a>
          </div>
          {data.map((ticket) => (
            <article key={ticket.share_to} className="ticket__card" aria-label={ticket.code}>
              <h2>{ticket.course_name}</h2>
              <dl className="ticket__codes">
                <dt>{t('tickets.code')}</dt>
                <dd className="ticket__code">{ticket.code}</dd>
                <dt>{t('tickets.password')}</dt>
                <dd className="ticket__code">{ticket.password}</dd>
              </dl>
              <p>{t('tickets.how-to', { url: `${window.location.origin}${SharingPages.activation}`, date: ticket.available_till })}</p>
            </article>
          ))}
        </>
      )}
    </section>
  );
}
