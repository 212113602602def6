import type { CartLineDto, CartMeta, CartView, ProductDto } from '@aero/contracts';
import { PRODUCTS_FIXTURE } from './products.fixture.js';

/** A cart line of a fixture product (by id) with this quantity; totals in euros as the server sends. */
export function cartLine(productId: number, quantity: number, overrides: Partial<CartLineDto> = {}): CartLineDto {
  const product: ProductDto | undefined = PRODUCTS_FIXTURE.find((candidate) => candidate.id === productId);
  if (!product) throw new Error(`No fixture product ${productId}`);
  const { combination_tags: _tags, currency: _currency, ...rest } = product;
  return {
    ...rest,
    quantity,
    total: Math.round((product.price - product.discount) * quantity * 100) / 100,
    ...overrides,
  };
}

/** A cart answer (`{ data, meta }`) whose totals add up from its lines; `meta` overrides them. */
export function cartView(lines: CartLineDto[], meta: Partial<CartMeta> = {}): CartView {
  const cents = (euros: number) => Math.round(euros * 100);
  const before = lines.reduce((sum, line) => sum + cents(line.price) * line.quantity, 0);
  const discount = lines.reduce((sum, line) => sum + cents(line.discount) * line.quantity, 0);
  const voucher = cents(meta.voucher_discount ?? 0);
  return {
    data: lines,
    meta: {
      before_discount: before / 100,
      discount: discount / 100,
      with_discount: (before - discount) / 100,
      voucher_discount: voucher / 100,
      final: Math.max(0, before - discount - voucher) / 100,
      voucher_code: null,
      voucher_auto_applied: false,
      items_count: lines.reduce((sum, line) => sum + line.quantity, 0),
      currency: 'EUR',
      ...meta,
    },
  };
}

/** Two lines: 2 × Part-145 Initial Training (€149) and the Part-145 Team Package (€890). */
export const CART_FIXTURE: CartView = cartView([cartLine(201, 2), cartLine(402, 1)]);

export const EMPTY_CART_FIXTURE: CartView = cartView([]);
