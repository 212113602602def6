import { CatalogErrorCode } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';

export const MAX_LINE_QUANTITY = 999;

export const CartErrors = {
  productRequired: () => DomainError.field('product_id', 'The product is required.', CatalogErrorCode.ProductRequired),
  productUnknown: () => DomainError.field('product_id', 'The selected product does not exist.', CatalogErrorCode.ProductUnknown),
  quantityInvalid: () => DomainError.field('quantity', 'The quantity must be a whole number of at least 1.', CatalogErrorCode.QuantityInvalid),
  quantityTooLarge: () =>
    DomainError.field('quantity', `The quantity may not be greater than ${MAX_LINE_QUANTITY}.`, CatalogErrorCode.QuantityTooLarge),
  notInCart: () => DomainError.field('product_id', 'This product is not in your cart.', CatalogErrorCode.NotInCart),
};

/** A product id from JSON or a form: a positive whole number (numeric strings accepted). */
export function parseProductId(value: unknown): number {
  if (value === undefined || value === null || value === '') throw CartErrors.productRequired();
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) throw CartErrors.productUnknown();
  return id;
}

/** A quantity: a whole number (numeric strings accepted); the caller decides the allowed range. */
export function parseQuantity(value: unknown): number {
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw CartErrors.quantityInvalid();
  return n;
}

/** The update flag arrives as a boolean, 1/0 or "true"/"false"/"1"/"0". */
export function parseFlag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}
