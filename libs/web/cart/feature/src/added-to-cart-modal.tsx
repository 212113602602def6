import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  addedToCartModalClosed,
  cartUrlReturningTo,
  selectAddedProductId,
  useAddToCartMutation,
  useGetCartQuery,
  useRemoveFromCartMutation,
} from '@aero/web-cart-data-access';
import { CartLinesTable } from '@aero/web-cart-ui';
import { useAppDispatch, useAppSelector } from '@aero/web-shared-store';
import { Modal } from '@aero/web-shared-ui';
import { ADDED_TO_CART_QUANTITY_DEBOUNCE_MS } from '@aero/web-shared-util';
import './cart-feature.css';

/**
 * The added-to-cart modal (shop §2): the added product's line with a remove action, a quantity
 * input with up/down arrows (500 ms pause) and the price; "Proceed to checkout" opens the cart
 * (remembering this page as the address to return to after the order), "Continue shopping" closes.
 * Mounted once by the app shell; never shown on /cart.
 */
export function AddedToCartModal() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const productId = useAppSelector(selectAddedProductId);
  const { line } = useGetCartQuery(undefined, {
    skip: productId === null,
    selectFromResult: ({ data }) => ({ line: data?.data.find((candidate) => candidate.id === productId) }),
  });
  const [addToCart] = useAddToCartMutation();
  const [removeFromCart] = useRemoveFromCartMutation();

  // Moving to another page closes it.
  const seenLocation = useRef(location.key);
  useEffect(() => {
    if (seenLocation.current === location.key) return;
    seenLocation.current = location.key;
    dispatch(addedToCartModalClosed());
  }, [location.key, dispatch]);

  const close = () => dispatch(addedToCartModalClosed());
  const open = productId !== null && line !== undefined && location.pathname !== '/cart';

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('cart.modal-title')}
      size="lg"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close}>
            {t('cart.continue-shopping')}
          </button>
          <Link to={cartUrlReturningTo(`${location.pathname}${location.search}`)} className="btn btn--primary" onClick={close}>
            {t('cart.proceed-to-checkout')}
          </Link>
        </>
      }
    >
      {line && (
        <CartLinesTable
          compact
          caption={t('cart.modal-title')}
          lines={[line]}
          debounceMs={ADDED_TO_CART_QUANTITY_DEBOUNCE_MS}
          onQuantityCommit={(changed, quantity) => void addToCart({ product_id: changed.id, quantity, update: true })}
          onRemove={(removed) => {
            close();
            void removeFromCart({ product_id: removed.id });
          }}
        />
      )}
    </Modal>
  );
}
