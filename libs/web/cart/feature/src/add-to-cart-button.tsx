import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { addedToCartModalOpened, useAddToCartMutation, type CartLineSource } from '@aero/web-cart-data-access';
import { useAppDispatch } from '@aero/web-shared-store';
import './cart-feature.css';

export interface AddToCartButtonProps {
  product: CartLineSource;
  /** Quantity added (the combination picker adds 1). */
  quantity?: number;
  className?: string;
  size?: 'sm' | 'md';
}

/**
 * "Add to cart": adds the product (optimistically, with the spec's flash), then opens the
 * added-to-cart modal unless the shopper is already on /cart (shop §2).
 */
export function AddToCartButton({ product, quantity = 1, className = '', size = 'md' }: AddToCartButtonProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const [addToCart, { isLoading }] = useAddToCartMutation();
  // Where the shopper is when the server answers (they may have moved on).
  const where = useRef(pathname);
  useEffect(() => {
    where.current = pathname;
  });

  const add = async () => {
    try {
      await addToCart({ product_id: product.id, quantity, product }).unwrap();
    } catch {
      return; // rolled back, with the error flash
    }
    if (where.current !== '/cart') dispatch(addedToCartModalOpened(product.id));
  };

  return (
    <button
      type="button"
      className={`btn btn--primary add-to-cart add-to-cart--${size} ${className}`.trim()}
      aria-label={t('cart.add-named', { name: product.name })}
      aria-busy={isLoading || undefined}
      onClick={() => void add()}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a1.5 1.5 0 0 0 1.5 1.2h8.3a1.5 1.5 0 0 0 1.4-1.1L20.5 8H6.2M13 3v6M10 6h6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
      </svg>
      <span>{t('cart.add')}</span>
    </button>
  );
}
