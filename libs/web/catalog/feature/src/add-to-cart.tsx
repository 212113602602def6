import { useAddToCart, type CartLineSource } from '@aero/web-cart-data-access';
import { AddToCartButton } from '@aero/web-cart-ui';

export interface AddToCartProps {
  product: CartLineSource;
  /** Quantity added (the combination picker adds 1). */
  quantity?: number;
  className?: string;
  size?: 'sm' | 'md';
}

/** "Add to cart" for a product of the catalogue (shop §2): the cart's button and its addition. */
export function AddToCart({ product, quantity = 1, className, size }: AddToCartProps) {
  const { add, isLoading } = useAddToCart(product, quantity);
  return <AddToCartButton productName={product.name} busy={isLoading} onAdd={() => void add()} className={className} size={size} />;
}
