import { useTranslation } from 'react-i18next';
import './cart-ui.css';

export interface AddToCartButtonProps {
  /** The product's name, for the button's accessible name ("Add Part-66 B1 to cart"). */
  productName: string;
  /** The addition is under way. */
  busy?: boolean;
  onAdd: () => void;
  className?: string;
  size?: 'sm' | 'md';
}

/** The "Add to cart" button of product cards, product pages and the combination picker (cart-data-access `useAddToCart` adds). */
export function AddToCartButton({ productName, busy = false, onAdd, className = '', size = 'md' }: AddToCartButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`btn btn--primary add-to-cart add-to-cart--${size} ${className}`.trim()}
      aria-label={t('cart.add-named', { name: productName })}
      aria-busy={busy || undefined}
      onClick={onAdd}
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
