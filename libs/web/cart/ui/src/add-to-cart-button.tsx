import { useTranslation } from 'react-i18next';
import { CartIcon } from '@aero/web-shared-ui';
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
      <CartIcon size={18} adding />
      <span>{t('cart.add')}</span>
    </button>
  );
}
