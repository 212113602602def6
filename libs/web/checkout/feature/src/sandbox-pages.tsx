import { PaymentRoutes, type SandboxPayPalDecideRequest, type SandboxThreeDsCompleteRequest } from '@aero/contracts';
import { useState } from 'react';
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
import { FactList, FailureNotice, PageLoading, PageTitle, type Fact } from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';
import './checkout-feature.css';

/** What a sandbox provider page shows of its texts. */
interface SandboxTexts {
  title: string;
  lead: string;
  brand: string;
  /** Shown once the payment can no longer be decided here. */
  closed: string;
}

const BUTTON_KINDS = ['btn--primary', 'btn--secondary', 'btn--ghost'];

/**
 * The frame of a sandbox provider page: a bank-like card, clearly marked "Sandbox", with the
 * payment's details once they are read, and its buttons while it can be decided.
 */
function SandboxFrame({
  texts,
  query,
  open,
  failure,
  details,
  actions,
  busy,
}: {
  texts: SandboxTexts;
  query: { isLoading: boolean; error?: unknown; data?: unknown };
  open: boolean;
  failure: string | null;
  /** The payment's details, once they are read: each a label and its value. */
  details: Fact[];
  /** The decisions, most likely first (primary, secondary, ghost buttons). */
  actions: { label: string; decide: () => void }[];
  /** A decision is on its way, or taken. */
  busy: boolean;
}) {
  return (
    <section className="sandbox-page" aria-labelledby="sandbox-title">
      <PageTitle title={texts.title} />
      <div className="sandbox-page__card">
        <header className="sandbox-page__header">
          <span className="sandbox-page__brand">{texts.brand}</span>
          <SandboxBadge />
        </header>
        <h1 id="sandbox-title" className="sandbox-page__title">
          {texts.title}
        </h1>
        <p className="sandbox-page__lead">{texts.lead}</p>
        {query.isLoading && <PageLoading />}
        {query.data === undefined && <FailureNotice failure={query.error} />}
        {query.data !== undefined && (
          <>
            <FactList className="sandbox-page__details" facts={details} />
            {!open && <p className="notice notice--warning">{texts.closed}</p>}
            {failure && (
              <p className="notice notice--error" role="alert">
                {failure}
              </p>
            )}
            <div className="sandbox-page__actions">
              {actions.map(({ label, decide }, index) => (
                <button key={label} type="button" className={`btn ${BUTTON_KINDS[index]}`} disabled={!open || busy} onClick={decide}>
                  {label}
                </button>
              ))}
            </div>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * Deciding a sandbox payment: the call, then the browser follows the redirect it answers (or
 * `fallback`, where it answers none), as after a provider's page; a refusal shows on the page.
 */
function useSandboxDecision<O extends string>(send: (outcome: O) => Promise<{ redirect_url?: string | null }>, fallback: (outcome: O) => string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const decide = (outcome: O) => {
    setFailure(null);
    send(outcome)
      .then((answer) => followPaymentRedirect(answer.redirect_url ?? fallback(outcome), navigate))
      .catch((reason: unknown) => setFailure(failureMessage(reason) ?? t('errors.generic')));
  };
  return { decide, failure };
}

/**
 * /sandbox/3ds/:id: the sandbox provider's 3-D Secure step. Approve, Fail or Cancel, then the
 * browser goes to the shop's card callback (as a bank's page would).
 */
export function SandboxThreeDsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useGetSandboxThreeDsQuery(id);
  const { data } = query;
  const [complete, { isLoading: busy, isSuccess }] = useCompleteSandboxThreeDsMutation();
  const { decide, failure } = useSandboxDecision<SandboxThreeDsCompleteRequest['outcome']>(
    (outcome) => complete({ transactionId: id, outcome }).unwrap(),
    () => PaymentRoutes.paymentPage,
  );

  const open = data?.status === 'awaiting_3ds';
  const texts = { title: t('sandbox.three-ds.title'), lead: t('sandbox.three-ds.lead'), brand: t('sandbox.three-ds.brand'), closed: t('sandbox.three-ds.closed') };
  return (
    <SandboxFrame
      texts={texts}
      query={query}
      open={open}
      failure={failure}
      details={
        data
          ? [
              { label: t('sandbox.merchant'), value: data.merchant },
              { label: t('sandbox.amount'), value: <strong>{data.formatted_amount}</strong> },
              { label: t('sandbox.three-ds.card'), value: t('sandbox.three-ds.card-ending', { last4: data.card_last4 }) },
            ]
          : []
      }
      actions={[
        { label: t('sandbox.three-ds.approve'), decide: () => decide('approve') },
        { label: t('sandbox.three-ds.fail'), decide: () => decide('fail') },
        { label: t('common.cancel'), decide: () => decide('cancel') },
      ]}
      busy={busy || isSuccess}
    />
  );
}

/**
 * /sandbox/paypal/:orderID: the sandbox provider's PayPal approval. Approve, approve with an
 * instrument the bank will decline (the next capture answers INSTRUMENT_DECLINED), or cancel;
 * then back to the shop: its return route (plain PayPal) or the payment page (the buttons).
 */
export function SandboxPayPalPage() {
  const { t } = useTranslation();
  const { orderID = '' } = useParams();
  const query = useGetSandboxPayPalQuery(orderID);
  const { data } = query;
  const [decideOrder, { isLoading: busy, isSuccess }] = useDecideSandboxPayPalMutation();
  const { decide, failure } = useSandboxDecision<SandboxPayPalDecideRequest['outcome']>(
    (outcome) => decideOrder({ paypalOrderId: orderID, outcome }).unwrap(),
    (outcome) => payPalReturnPath(orderID, outcome === 'cancel' ? 'canceled' : 'approved'),
  );

  const open = data !== undefined && data.status !== 'completed' && data.status !== 'voided';
  const texts = { title: t('sandbox.paypal.title'), lead: t('sandbox.paypal.lead'), brand: t('sandbox.paypal.brand'), closed: t('sandbox.paypal.closed') };
  return (
    <SandboxFrame
      texts={texts}
      query={query}
      open={open}
      failure={failure}
      details={
        data
          ? [
              { label: t('sandbox.paypal.order'), value: <code>{data.id}</code> },
              { label: t('sandbox.amount'), value: <strong>{data.formatted_amount}</strong> },
            ]
          : []
      }
      actions={[
        { label: t('sandbox.paypal.approve'), decide: () => decide('approve') },
        { label: t('sandbox.paypal.approve-declined'), decide: () => decide('instrument_declined') },
        { label: t('common.cancel'), decide: () => decide('cancel') },
      ]}
      busy={busy || isSuccess}
    />
  );
}
