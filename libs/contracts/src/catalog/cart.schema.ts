import { z } from 'zod';
import { formField, formSchema, ifSent, lookupField, textField, textOf, type FieldCheck, type RequestOf } from '../common/form-schema.js';
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
/** `CartRpc.Add`: the body as the gateway read it. */
export type CartAddRequest = RequestOf<typeof cartAddBodySchema>;

/** `DELETE /api/cart/remove`: the line's product. */
export const cartRemoveBodySchema = z.object({ product_id: productId() });
export type CartRemoveBody = z.output<typeof cartRemoveBodySchema>;
export type CartRemoveRequest = RequestOf<typeof cartRemoveBodySchema>;

/*
 * The RPCs of catalog-cart's cart and vouchers. A cart is the client session's (a visitor's, or
 * the user signed in on it): the request context carries the session (`ClientSession`), never
 * the payload. `CartRpc.Add` and `CartRpc.Remove` take the HTTP bodies above as they are.
 */

/** catalog-cart's answer to an empty voucher code (the voucher catalogue's `exceptions.voucher.required`). */
export const VOUCHER_CODE_REQUIRED = 'Voucher code is required.';

/** The cart page's voucher field (shop §5): an empty code is not sent. */
export const voucherCodeFormSchema = formSchema({
  code: textField([{ message: VOUCHER_CODE_REQUIRED, breaks: (value) => !textOf(value) }], { example: 'SPRING25', required: true }),
});
export type VoucherCodeForm = z.input<typeof voucherCodeFormSchema>;

/** `VoucherRpc.Apply`: the code as typed (case and spaces do not matter); '' is answered "required". */
export const voucherApplyRequestSchema = z.object({ code: lookupField() });
export type VoucherApplyRequest = RequestOf<typeof voucherApplyRequestSchema>;

/** `CartRpc.Merge` (accounts-invitations at sign-in): the visitor session whose lines join the user's cart. */
export const cartMergeRequestSchema = z.object({ sessionId: z.string().min(1), userId: z.string().min(1) });
export type CartMergeRequest = RequestOf<typeof cartMergeRequestSchema>;

/** `VoucherRpc.Reserve` (payments, placing an order): one use of the voucher for the order of this buyer. */
export const voucherReserveRequestSchema = z.object({
  code: lookupField(),
  orderId: z.string(),
  /** The order's buyer (first-order and per-user limits); null for none. */
  userId: z.string().nullable(),
  /** Products of the order, to re-check the voucher's restrictions at order time. */
  productIds: z.array(z.number().int()),
});
export type VoucherReserveRequest = RequestOf<typeof voucherReserveRequestSchema>;

/** `VoucherRpc.Release` (payments, the order was canceled). */
export const voucherReleaseRequestSchema = z.object({ orderId: z.string() });
export type VoucherReleaseRequest = RequestOf<typeof voucherReleaseRequestSchema>;

/** `ContentRpc.Article`: the page's slug. */
export const articleRequestSchema = z.object({ slug: lookupField() });
export type ArticleRequest = RequestOf<typeof articleRequestSchema>;

/** `CatalogRpc.ListProducts`: every product, or those of one type. */
export const listProductsRequestSchema = z.object({ type: z.string().optional() });
export type ListProductsRequest = RequestOf<typeof listProductsRequestSchema>;
