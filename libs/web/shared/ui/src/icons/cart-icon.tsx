import { LineIcon } from './line-icon.js';

const CART = 'M3 4h2l2.4 10.2a1.5 1.5 0 0 0 1.5 1.2h8.3a1.5 1.5 0 0 0 1.4-1.1L20.5 8H6.2';
const PLUS = 'M13 3v6M10 6h6';

/**
 * The shopping-cart glyph of the top menu and the mini cart (with a plus, of the add-to-cart
 * buttons); decorative (the text labels it).
 */
export function CartIcon({ size = 20, adding = false }: { size?: number; adding?: boolean }) {
  return (
    <LineIcon d={adding ? `${CART}${PLUS}` : CART} size={size}>
      <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
      <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
    </LineIcon>
  );
}
