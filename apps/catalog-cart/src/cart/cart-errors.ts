import { CatalogErrorCode } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';

export const MAX_LINE_QUANTITY = 999;

export const CartErrors = {
  productUnknown: () => DomainError.field('product_id', 'The selected product does not exist.', CatalogErrorCode.ProductUnknown),
  quantityInvalid: () => DomainError.field('quantity', 'The quantity must be a whole number of at least 1.', CatalogErrorCode.QuantityInvalid),
  quantityTooLarge: () =>
    DomainError.field('quantity', `The quantity may not be greater than ${MAX_LINE_QUANTITY}.`, CatalogErrorCode.QuantityTooLarge),
  notInCart: () => DomainError.field('product_id', 'This product is not in your cart.', CatalogErrorCode.NotInCart),
};
