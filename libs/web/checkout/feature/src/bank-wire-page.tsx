import { paymentRoute } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { isSignInRequired, signInPath, useGetBankWireInstructionsQuery } from '@aero/web-checkout-data-access';
import { CopyButton } from '@aero/web-checkout-ui';
import { PageLoading, PageTitle } from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';
import './checkout-feature.css';

/**
 * /payment/bank-wire/:orderId: how to pay the order by bank transfer (beneficiary, IBAN, BIC,
 * bank, amount, the order's unique reference to quote, and the date to pay by).
 */
export function BankWirePage() {
  const { t, i18n } = useTranslation();
  const { orderId = '' } = useParams();
  const { data, isLoading, isError, error } = useGetBankWireInstructionsQuery(orderId);

  if (isSignInRequired(error)) return <Navigate to={signInPath(paymentRoute('bankWirePage', { orderId }))} replace />;

  return (
    <section className="page bank-wire" aria-labelledby="bank-wire-title">
      <PageTitle title={t('checkout.bank-wire.title')} />
      <h1 id="bank-wire-title">{t('checkout.bank-wire.title')}</h1>
      {isLoading && <PageLoading />}
      {isError && !data && (
        <p className="notice notice--error" role="alert">
          {failureMessage(error) ?? t('errors.generic')}
        </p>
      )}
      {data && (
        <>
          {data.status === 'payed' && <p className="notice notice--info">{t('checkout.bank-wire.paid')}</p>}
          {data.status === 'canceled' && (
            <p className="notice notice--warning" role="alert">
              {t('checkout.bank-wire.canceled')}
            </p>
          )}
          {(data.status === 'created' || data.status === 'waiting_from_payment') && (
            <p className="bank-wire__lead">{t('checkout.bank-wire.lead', { reference: data.reference })}</p>
          )}
          <dl className="bank-wire__details">
            <div>
              <dt>{t('checkout.bank-wire.beneficiary')}</dt>
              <dd>{data.beneficiary}</dd>
            </div>
            <div>
              <dt>{t('checkout.bank-wire.iban')}</dt>
              <dd>
                <code>{data.iban}</code> <CopyButton text={data.iban.replace(/\s/g, '')} label={t('checkout.bank-wire.copy-iban')} />
              </dd>
            </div>
            <div>
              <dt>{t('checkout.bank-wire.bic')}</dt>
              <dd>
                <code>{data.bic}</code>
              </dd>
            </div>
            <div>
              <dt>{t('checkout.bank-wire.bank')}</dt>
              <dd>{data.bank_name}</dd>
            </div>
            <div>
              <dt>{t('checkout.bank-wire.amount')}</dt>
              <dd>
                <strong>{data.formatted_amount}</strong>
              </dd>
            </div>
            <div className="bank-wire__reference">
              <dt>{t('checkout.bank-wire.reference')}</dt>
              <dd>
                <code>{data.reference}</code> <CopyButton text={data.reference} label={t('checkout.bank-wire.copy-reference')} />
                <p className="bank-wire__hint">{t('checkout.bank-wire.reference-hint')}</p>
              </dd>
            </div>
            {data.pay_before && (
              <div>
                <dt>{t('checkout.bank-wire.pay-before')}</dt>
                <dd>
                  <time dateTime={data.pay_before}>{new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(data.pay_before))}</time>
                  <p className="bank-wire__hint">{t('checkout.bank-wire.pay-before-hint')}</p>
                </dd>
              </div>
            )}
          </dl>
          <p>
            <Link to="/orders" className="btn btn--secondary">
              {t('checkout.orders-link')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
