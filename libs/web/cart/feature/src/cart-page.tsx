import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  orderSuccessRedirectKept,
  storeOrderSuccessRedirect,
  useAddToCartMutation,
  useEmptyCartMutation,
  useGetCartQuery,
  useRemoveFromCartMutation,
} from '@aero/web-cart-data-access';
import { CartLinesTable, CartTotals } from '@aero/web-cart-ui';
import { serverMessage } from '@aero/web-shared-api';
import { useAppDispatch } from '@aero/web-shared-store';
import { LineIcon, PageLoading, PageTitle } from '@aero/web-shared-ui';
import { CART_QUANTITY_DEBOUNCE_MS, ORDER_SUCCESS_REDIRECT_PARAM, sameOriginPath } from '@aero/web-shared-util';
import { VoucherForm } from './voucher-form.js';
import './cart-feature.css';

/**
 * /cart (shop §2): the lines (picture, linked name, description, package contents, quantity,
 * price, remove), the totals, the voucher form, "Empty cart" and "Proceed" to /cart/credentials.
 * `?order-success-redirect=` is kept (session storage + store) for the checkout to return there.
 */
export function CartPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const returnTo = sameOriginPath(params.get(ORDER_SUCCESS_REDIRECT_PARAM));
  useEffect(() => {
    if (!returnTo) return;
    storeOrderSuccessRedirect(returnTo);
    dispatch(orderSuccessRedirectKept(returnTo));
  }, [returnTo, dispatch]);

  const { data: cart, isLoading, isError, error, refetch } = useGetCartQuery();
  const [addToCart] = useAddToCartMutation();
  const [removeFromCart] = useRemoveFromCartMutation();
  const [emptyCart, { isLoading: emptying }] = useEmptyCartMutation();

  return (
    <section className="page cart-page" aria-labelledby="cart-title">
      <PageTitle title={t('cart.title')} />
      <h1 id="cart-title">{t('cart.title')}</h1>
      {returnTo && <p className="notice notice--info cart-page__return">{t('cart.order-success-redirect-hint')}</p>}

      {isLoading && <PageLoading label={t('cart.loading')} />}
      {isError && !cart && (
        <div className="notice notice--error cart-page__error" role="alert">
          <p>{serverMessage(error) ?? t('errors.generic')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
            {t('errors.retry')}
          </button>
        </div>
      )}

      {cart && cart.data.length === 0 && (
        <div className="cart-empty">
          <LineIcon className="cart-empty__art" viewBox="0 0 64 64" strokeWidth={3} d="M14 18h5l4.8 20.4a3 3 0 0 0 3 2.3h16.6a3 3 0 0 0 2.9-2.2L50 26H21.4">
            <circle cx="32" cy="32" r="30" fill="currentColor" opacity="0.12" />
            <circle cx="28" cy="48" r="3" fill="currentColor" />
            <circle cx="43" cy="48" r="3" fill="currentColor" />
          </LineIcon>
          <h2 className="cart-empty__title">{t('cart.empty-state')}</h2>
          <p className="cart-empty__hint">{t('cart.empty-state-hint')}</p>
          <Link to="/e-shop" className="btn btn--primary">
            {t('cart.browse')}
          </Link>
        </div>
      )}

      {cart && cart.data.length > 0 && (
        <div className="cart-page__layout">
          <div className="cart-page__lines">
            <CartLinesTable
              caption={t('cart.lines-label')}
              lines={cart.data}
              debounceMs={CART_QUANTITY_DEBOUNCE_MS}
              onQuantityCommit={(line, quantity) => void addToCart({ product_id: line.id, quantity, update: true })}
              onRemove={(line) => void removeFromCart({ product_id: line.id })}
            />
            <div className="cart-page__line-actions">
              <Link to="/e-shop" className="btn btn--ghost">
                {t('cart.continue-shopping')}
              </Link>
              <button type="button" className="btn btn--secondary cart-page__empty" disabled={emptying} onClick={() => void emptyCart()}>
                {t('cart.empty-cart')}
              </button>
            </div>
          </div>

          <aside className="cart-summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title" className="cart-summary__title">
              {t('cart.summary-title')}
            </h2>
            <CartTotals meta={cart.meta} />
            <VoucherForm meta={cart.meta} />
            <Link to="/cart/credentials" className="btn btn--primary cart-summary__proceed">
              {t('cart.proceed')}
            </Link>
          </aside>
        </div>
      )}
    </section>
  );
}
