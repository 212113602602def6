import { paymentRoute } from '@aero/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { orderSuccessRedirectKept, selectOrderSuccessRedirect, storeOrderSuccessRedirect } from '@aero/web-cart-data-access';
import { useGetOrderQuery } from '@aero/web-orders-data-access';
import { baseApi } from '@aero/web-shared-api';
import { useAppDispatch, useAppSelector } from '@aero/web-shared-store';
import { FactList } from '@aero/web-shared-ui';
import { OrderPageFrame } from './order-page-frame.js';
import './checkout-feature.css';

/**
 * /payment/success/:orderId: thanks, the order's reference, status and total, a link to the
 * orders screen and, when the cart was opened with `order-success-redirect`, "Continue" back there.
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { orderId = '' } = useParams();
  const query = useGetOrderQuery(orderId);
  // The address kept by the cart is used once: this page offers it, then forgets it.
  const kept = useAppSelector(selectOrderSuccessRedirect);
  const [continueTo] = useState(kept);

  useEffect(() => {
    // The paid order empties the cart on the server: read it again.
    dispatch(baseApi.util.invalidateTags(['Cart']));
    storeOrderSuccessRedirect(null);
    dispatch(orderSuccessRedirectKept(null));
  }, [dispatch]);

  return (
    <OrderPageFrame
      name="payment-success"
      title={t('checkout.success.title')}
      path={paymentRoute('successPage', { orderId })}
      query={query}
      footer={
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
      }
    >
      {(order) => (
        <>
          <p className="payment-success__lead">{order.status === 'payed' ? t('checkout.success.lead-paid') : t('checkout.success.lead-pending')}</p>
          <FactList
            className="payment-success__details"
            facts={[
              { label: t('checkout.success.reference'), value: <code>{order.reference}</code> },
              { label: t('checkout.success.status'), value: t(`orders.statuses.${order.status}`) },
              { label: t('checkout.success.payment'), value: t(`payment.methods.${order.payment_kind}`) },
              { label: t('checkout.success.total'), value: <strong>{order.formatted_total}</strong> },
            ]}
          />
        </>
      )}
    </OrderPageFrame>
  );
}
