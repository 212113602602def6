import type { CartLineDto, CartMeta, CartView, ProductDto } from '@aero/contracts';

/** What the optimistic update needs to show a product that is not in the cart yet. */
export type CartLineSource = Pick<
  ProductDto,
  'id' | 'name' | 'description' | 'type' | 'price' | 'discount' | 'formatted_price' | 'url' | 'images' | 'category' | 'program_id' | 'package'
>;

/** A quantity change as `POST /api/cart/add` takes it. */
export interface QuantityChange {
  product_id: number;
  quantity: number;
  /** Set the quantity instead of adding it. */
  update?: boolean;
}

const cents = (euros: number) => Math.round(euros * 100);
const euros = (amount: number) => amount / 100;

/** Totals of a cart without lines (and without a voucher: emptying removes it, docs/api.md). */
export function emptyMeta(): CartMeta {
  return {
    before_discount: 0,
    discount: 0,
    with_discount: 0,
    voucher_discount: 0,
    final: 0,
    voucher_code: null,
    voucher_auto_applied: false,
    items_count: 0,
    currency: 'EUR',
  };
}

export function emptyCart(): CartView {
  return { data: [], meta: emptyMeta() };
}

function lineTotal(line: Pick<CartLineDto, 'price' | 'discount' | 'quantity'>): number {
  return euros((cents(line.price) - cents(line.discount)) * line.quantity);
}

/**
 * Recomputes the totals of `cart` from its lines, in cents as the server does, keeping the
 * voucher's reduction (capped at the discounted amount) until the server answers.
 */
export function recomputeMeta(cart: CartView): void {
  const before = cart.data.reduce((sum, line) => sum + cents(line.price) * line.quantity, 0);
  const discount = cart.data.reduce((sum, line) => sum + cents(line.discount) * line.quantity, 0);
  const withDiscount = before - discount;
  const voucher = Math.min(cents(cart.meta.voucher_discount), withDiscount);
  cart.meta.before_discount = euros(before);
  cart.meta.discount = euros(discount);
  cart.meta.with_discount = euros(withDiscount);
  cart.meta.voucher_discount = euros(Math.max(0, voucher));
  cart.meta.final = euros(Math.max(0, withDiscount - Math.max(0, voucher)));
  cart.meta.items_count = cart.data.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * The local side of an add (spec: "Adding a quantity changes a line. A line whose quantity
 * reaches 0 or below is removed locally."). Mutates `cart` (an Immer draft in the cache).
 * A product not yet in the cart gets a line when `product` describes it.
 */
export function applyQuantityChange(cart: CartView, change: QuantityChange, product?: CartLineSource): void {
  const index = cart.data.findIndex((line) => line.id === change.product_id);
  const current = index >= 0 ? cart.data[index] : undefined;
  const quantity = change.update ? change.quantity : (current?.quantity ?? 0) + change.quantity;

  if (quantity <= 0) {
    if (current) cart.data.splice(index, 1);
  } else if (current) {
    current.quantity = quantity;
    current.total = lineTotal(current);
  } else if (product) {
    cart.data.push({
      id: product.id,
      name: product.name,
      description: product.description,
      type: product.type,
      price: product.price,
      discount: product.discount,
      quantity,
      total: lineTotal({ price: product.price, discount: product.discount, quantity }),
      formatted_price: product.formatted_price,
      url: product.url,
      images: product.images,
      category: product.category,
      program_id: product.program_id,
      package: product.package,
    });
  }
  recomputeMeta(cart);
}

/** The local side of `DELETE /api/cart/remove`. */
export function removeLine(cart: CartView, productId: number): void {
  const index = cart.data.findIndex((line) => line.id === productId);
  if (index >= 0) cart.data.splice(index, 1);
  recomputeMeta(cart);
}
