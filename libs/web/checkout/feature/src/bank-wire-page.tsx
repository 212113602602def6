import { paymentRoute } from '@aero/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useGetBankWireInstructionsQuery } from '@aero/web-checkout-data-access';
import { CopyButton } from '@aero/web-checkout-ui';
import { FactList } from '@aero/web-shared-ui';
import { OrderPageFrame } from './order-page-frame.js';
import './checkout-feature.css';

/**
 * /payment/bank-wire/:orderId: how to pay the order by bank transfer (beneficiary, IBAN, BIC,
 * bank, amount, the order's unique reference to quote, and the date to pay by).
 */
export function BankWirePage() {
  const { t, i18n } = useTranslation();
  const { orderId = '' } = useParams();
  const query = useGetBankWireInstructionsQuery(orderId);

  return (
    <OrderPageFrame name="bank-wire" title={t('checkout.bank-wire.title')} path={paymentRoute('bankWirePage', { orderId })} query={query}>
      {(data) => (
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
          <FactList
            className="bank-wire__details"
            facts={[
              { label: t('checkout.bank-wire.beneficiary'), value: data.beneficiary },
              {
                label: t('checkout.bank-wire.iban'),
                value: (
                  <>
                    <code>{data.iban}</code> <CopyButton text={data.iban.replace(/\s/g, '')} label={t('checkout.bank-wire.copy-iban')} />
                  </>
                ),
              },
              { label: t('checkout.bank-wire.bic'), value: <code>{data.bic}</code> },
              { label: t('checkout.bank-wire.bank'), value: data.bank_name },
              { label: t('checkout.bank-wire.amount'), value: <strong>{data.formatted_amount}</strong> },
              {
                label: t('checkout.bank-wire.reference'),
                className: 'bank-wire__reference',
                value: (
                  <>
                    <code>{data.reference}</code> <CopyButton text={data.reference} label={t('checkout.bank-wire.copy-reference')} />
                    <p className="bank-wire__hint">{t('checkout.bank-wire.reference-hint')}</p>
                  </>
                ),
              },
              data.pay_before
                ? {
                    label: t('checkout.bank-wire.pay-before'),
                    value: (
                      <>
                        <time dateTime={data.pay_before}>{new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(data.pay_before))}</time>
                        <p className="bank-wire__hint">{t('checkout.bank-wire.pay-before-hint')}</p>
                      </>
                    ),
                  }
                : null,
            ]}
          />
          <p>
            <Link to="/orders" className="btn btn--secondary">
              {t('checkout.orders-link')}
            </Link>
          </p>
        </>
      )}
    </OrderPageFrame>
  );
}
