import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch } from '@aero/web-shared-store';
import { useAddToCartMutation } from './cart.api.js';
import type { CartLineSource } from './cart-math.js';
import { addedToCartModalOpened } from './cart-ui.slice.js';

/**
 * "Add to cart" (shop §2): adds the product (optimistically, with the spec's flash), then opens
 * the added-to-cart modal unless the shopper is on /cart by the time the server answers. Any
 * screen's button (cart-ui `AddToCartButton`) calls `add`.
 */
export function useAddToCart(product: CartLineSource, quantity = 1): { add: () => Promise<void>; isLoading: boolean } {
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
  return { add, isLoading };
}
