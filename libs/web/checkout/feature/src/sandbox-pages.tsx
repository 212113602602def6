import { PaymentRoutes, type SandboxPayPalDecideRequest, type SandboxThreeDsCompleteRequest } from '@aero/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  followPaymentRedirect,
  payPalReturnPath,
  useCompleteSandboxThreeDsMutation,
  useDecideSandboxPayPalMutation,
  useGetSandboxPayPalQuery,
  useGetSandboxThreeDsQuery,
} from '@aero/web-checkout-data-access';
import { SandboxBadge } from '@aero/web-checkout-ui';
import { PageLoading, PageTitle } from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';
import './checkout-feature.css';

/** The frame of a sandbox provider page: a bank-like card, clearly marked "Sandbox". */
function SandboxFrame({ title, lead, brand, children }: { title: string; lead: string; brand: string; children: ReactNode }) {
  return (
    <section className="sandbox-page" aria-labelledby="sandbox-title">
      <PageTitle title={title} />
      <div className="sandbox-page__card">
        <header className="sandbox-page__header">
          <span className="sandbox-page__brand">{brand}</span>
          <SandboxBadge />
        </header>
        <h1 id="sandbox-title" className="sandbox-page__title">
          {title}
        </h1>
        <p className="sandbox-page__lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}

/**
 * /sandbox/3ds/:id: the sandbox provider's 3-D Secure step. Approve, Fail or Cancel, then the
 * browser goes to the shop's card callback (as a bank's page would).
 */
export function SandboxThreeDsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { data, isLoading, error } = useGetSandboxThreeDsQuery(id);
  const [complete, { isLoading: busy, isSuccess }] = useCompleteSandboxThreeDsMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const decide = (outcome: SandboxThreeDsCompleteRequest['outcome']) => {
    setFailure(null);
    complete({ transactionId: id, outcome })
      .unwrap()
      .then((answer) => followPaymentRedirect(answer.redirect_url ?? PaymentRoutes.paymentPage, navigate))
      .catch((reason: unknown) => setFailure(failureMessage(reason) ?? t('errors.generic')));
  };

  const waiting = data?.status === 'awaiting_3ds';
  return (
    <SandboxFrame title={t('sandbox.three-ds.title')} lead={t('sandbox.three-ds.lead')} brand={t('sandbox.three-ds.brand')}>
      {isLoading && <PageLoading />}
      {error && !data && (
        <p className="notice notice--error" role="alert">
          {failureMessage(error) ?? t('errors.generic')}
        </p>
      )}
      {data && (
        <>
          <dl className="sandbox-page__details">
            <div>
              <dt>{t('sandbox.merchant')}</dt>
              <dd>{data.merchant}</dd>
            </div>
            <div>
              <dt>{t('sandbox.amount')}</dt>
              <dd>
                <strong>{data.formatted_amount}</strong>
              </dd>
            </div>
            <div>
              <dt>{t('sandbox.three-ds.card')}</dt>
              <dd>{t('sandbox.three-ds.card-ending', { last4: data.card_last4 })}</dd>
            </div>
          </dl>
          {!waiting && <p className="notice notice--warning">{t('sandbox.three-ds.closed')}</p>}
          {failure && (
            <p className="notice notice--error" role="alert">
              {failure}
            </p>
          )}
          <div className="sandbox-page__actions">
            <button type="button" className="btn btn--primary" disabled={!waiting || busy || isSuccess} onClick={() => decide('approve')}>
              {t('sandbox.three-ds.approve')}
            </button>
            <button type="button" className="btn btn--secondary" disabled={!waiting || busy || isSuccess} onClick={() => decide('fail')}>
              {t('sandbox.three-ds.fail')}
            </button>
            <button type="button" className="btn btn--ghost" disabled={!waiting || busy || isSuccess} onClick={() => decide('cancel')}>
              {t('common.cancel')}
            </button>
          </div>
        </>
      )}
    </SandboxFrame>
  );
}

/**
 * /sandbox/paypal/:orderID: the sandbox provider's PayPal approval. Approve, approve with an
 * instrument the bank will decline (the next capture answers INSTRUMENT_DECLINED), or cancel;
 * then back to the shop: its return route (plain PayPal) or the payment page (the buttons).
 */
export function SandboxPayPalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { orderID = '' } = useParams();
  const { data, isLoading, error } = useGetSandboxPayPalQuery(orderID);
  const [decideOrder, { isLoading: busy, isSuccess }] = useDecideSandboxPayPalMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const decide = (outcome: SandboxPayPalDecideRequest['outcome']) => {
    setFailure(null);
    decideOrder({ paypalOrderId: orderID, outcome })
      .unwrap()
      .then((answer) =>
        followPaymentRedirect(answer.redirect_url ?? payPalReturnPath(orderID, outcome === 'cancel' ? 'canceled' : 'approved'), navigate),
      )
      .catch((reason: unknown) => setFailure(failureMessage(reason) ?? t('errors.generic')));
  };

  const open = data !== undefined && data.status !== 'completed' && data.status !== 'voided';
  const disabled = !open || busy || isSuccess;
  return (
    <SandboxFrame title={t('sandbox.paypal.title')} lead={t('sandbox.paypal.lead')} brand={t('sandbox.paypal.brand')}>
      {isLoading && <PageLoading />}
      {error && !data && (
        <p className="notice notice--error" role="alert">
          {failureMessage(error) ?? t('errors.generic')}
        </p>
      )}
      {data && (
        <>
          <dl className="sandbox-page__details">
            <div>
              <dt>{t('sandbox.paypal.order')}</dt>
              <dd>
                <code>{data.id}</code>
              </dd>
            </div>
            <div>
              <dt>{t('sandbox.amount')}</dt>
              <dd>
                <strong>{data.formatted_amount}</strong>
              </dd>
            </div>
          </dl>
          {!open && <p className="notice notice--warning">{t('sandbox.paypal.closed')}</p>}
          {failure && (
            <p className="notice notice--error" role="alert">
              {failure}
            </p>
          )}
          <div className="sandbox-page__actions">
            <button type="button" className="btn btn--primary" disabled={disabled} onClick={() => decide('approve')}>
              {t('sandbox.paypal.approve')}
            </button>
            <button type="button" className="btn btn--secondary" disabled={disabled} onClick={() => decide('instrument_declined')}>
              {t('sandbox.paypal.approve-declined')}
            </button>
            <button type="button" className="btn btn--ghost" disabled={disabled} onClick={() => decide('cancel')}>
              {t('common.cancel')}
            </button>
          </div>
        </>
      )}
    </SandboxFrame>
  );
}
