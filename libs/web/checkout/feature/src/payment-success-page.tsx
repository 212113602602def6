import { paymentRoute } from '@aero/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { orderSuccessRedirectKept, selectOrderSuccessRedirect, storeOrderSuccessRedirect } from '@aero/web-cart-data-access';
import { isSignInRequired, signInPath } from '@aero/web-checkout-data-access';
import { useGetOrderQuery } from '@aero/web-orders-data-access';
import { baseApi } from '@aero/web-shared-api';
import { useAppDispatch, useAppSelector } from '@aero/web-shared-store';
import { PageLoading, PageTitle } from '@aero/web-shared-ui';
import { failureMessage } from '@aero/web-shared-util';
import './checkout-feature.css';

/**
 * /payment/success/:orderId: thanks, the order's reference, status and total, a link to the
 * orders screen and, when the cart was opened with `order-success-redirect`, "Continue" back there.
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { orderId = '' } = useParams();
  const { data: order, isLoading, isError, error } = useGetOrderQuery(orderId);
  // The address kept by the cart is used once: this page offers it, then forgets it.
  const kept = useAppSelector(selectOrderSuccessRedirect);
  const [continueTo] = useState(kept);

  useEffect(() => {
    // The paid order empties the cart on the server: read it again.
    dispatch(baseApi.util.invalidateTags(['Cart']));
    storeOrderSuccessRedirect(null);
    dispatch(orderSuccessRedirectKept(null));
  }, [dispatch]);

  if (isSignInRequired(error)) return <Navigate to={signInPath(paymentRoute('successPage', { orderId }))} replace />;

  return (
    <section className="page payment-success" aria-labelledby="payment-success-title">
      <PageTitle title={t('checkout.success.title')} />
      <h1 id="payment-success-title">{t('checkout.success.title')}</h1>
      {isLoading && <PageLoading />}
      {isError && !order && (
        <p className="notice notice--error" role="alert">
          {failureMessage(error) ?? t('errors.generic')}
        </p>
      )}
      {order && (
        <>
          <p className="payment-success__lead">{order.status === 'payed' ? t('checkout.success.lead-paid') : t('checkout.success.lead-pending')}</p>
          <dl className="payment-success__details">
            <div>
              <dt>{t('checkout.success.reference')}</dt>
              <dd>
                <code>{order.reference}</code>
              </dd>
            </div>
            <div>
              <dt>{t('checkout.success.status')}</dt>
              <dd>{t(`orders.statuses.${order.status}`)}</dd>
            </div>
            <div>
              <dt>{t('checkout.success.payment')}</dt>
              <dd>{t(`payment.methods.${order.payment_kind}`)}</dd>
            </div>
            <div>
              <dt>{t('checkout.success.total')}</dt>
              <dd>
                <strong>{order.formatted_total}</strong>
              </dd>
            </div>
          </dl>
        </>
      )}
      <p className="payment-success__actions">
        {continueTo && (
          <Link to={continueTo} className="btn btn--primary">
            {t('checkout.success.continue')}
          </Link>
        )}
        <Link to="/orders" className={`btn ${continueTo ? 'btn--secondary' : 'btn--primary'}`}>
          {t('checkout.orders-link')}
        </Link>
      </p>
    </section>
  );
}
