import { z } from 'zod';
import { formField, ifSent, type FieldCheck } from '../common/form-schema.js';
import { isMissing, isWholeNumber, wholeNumberFromText } from '../common/request-field.js';

/** The field messages of the cart's requests (catalog-cart answers the same for what it checks itself). */
export const CartRequestMessages = {
  productRequired: 'The product is required.',
  productUnknown: 'The selected product does not exist.',
  quantityRequired: 'The quantity is required.',
  quantityInvalid: 'The quantity must be a whole number of at least 1.',
  updateInvalid: 'The update flag must be true or false.',
} as const;

/** A required whole number (form text "12" counts): "required", then "not a whole number", both when it is missing. */
function wholeNumberField(required: string, invalid: string, doc: { example: number; description?: string }) {
  const checks: FieldCheck[] = [
    { message: required, breaks: isMissing },
    { message: invalid, breaks: (value) => !isWholeNumber(wholeNumberFromText(value)) },
  ];
  return formField<number, number>(checks, (value) => wholeNumberFromText(value) as number, { type: 'number', required: true, ...doc });
}

/** true/false, also as 1/0 and "1"/"0", "true"/"false"; any other value as sent. */
function flagOf(value: unknown): unknown {
  if (value === '1' || value === 'true' || value === 1) return true;
  if (value === '0' || value === 'false' || value === 0) return false;
  return value;
}

const productId = () => wholeNumberField(CartRequestMessages.productRequired, CartRequestMessages.productUnknown, { example: 107 });

/** `POST /api/cart/add` (shop §7): add to a line, or with `update` set its quantity. */
export const cartAddBodySchema = z.object({
  product_id: productId(),
  quantity: wholeNumberField(CartRequestMessages.quantityRequired, CartRequestMessages.quantityInvalid, {
    example: 1,
    description: 'Added to the line; with update, the new quantity (0 or below removes the line)',
  }),
  update: formField<boolean | undefined, boolean | undefined>(
    ifSent([{ message: CartRequestMessages.updateInvalid, breaks: (value) => typeof flagOf(value) !== 'boolean' }]),
    (value) => (isMissing(value) ? undefined : (flagOf(value) as boolean)),
    { type: 'boolean', description: 'Set the quantity instead of adding to it' },
  ),
});
export type CartAddBody = z.output<typeof cartAddBodySchema>;

/** `DELETE /api/cart/remove`: the line's product. */
export const cartRemoveBodySchema = z.object({ product_id: productId() });
export type CartRemoveBody = z.output<typeof cartRemoveBodySchema>;
