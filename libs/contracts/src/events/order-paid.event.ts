import { z } from 'zod';
import { PRODUCT_TYPES } from '../catalog/product.js';
import { billingSnapshotSchema } from '../payments/billing.js';
import { paymentsEvent } from './event-producers.js';

export const orderPaidLineSchema = z.object({
  productId: z.number().int(),
  productType: z.enum(PRODUCT_TYPES),
  name: z.string(),
  quantity: z.number().int().positive(),
  programId: z.number().int().nullable(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
});

/** The buyer as order events carry it. */
export const orderEventBuyerSchema = z.object({
  userId: z.string().nullable(),
  email: z.string().email(),
  name: z.string(),
  companyId: z.string().nullable(),
});

export const orderPaidSchema = z.object({
  orderId: z.string().uuid(),
  reference: z.string(),
  buyer: orderEventBuyerSchema,
  paymentKind: z.enum(['mangopay', 'paypal', 'paypal_credit', 'bankwire', 'wallet', 'free']),
  lines: z.array(orderPaidLineSchema).min(1),
  totals: z.object({
    beforeDiscountCents: z.number().int(),
    discountCents: z.number().int(),
    voucherDiscountCents: z.number().int(),
    finalCents: z.number().int(),
  }),
  voucherCode: z.string().nullable(),
  paidAt: z.string(),
  /** Added in v1 (optional): the billing information as it was when the order was placed. */
  billing: billingSnapshotSchema.nullable().optional(),
  /** Added in v1 (optional): when the order was placed (ISO 8601). */
  placedAt: z.string().optional(),
  /** Added in v1 (optional): the provider's transaction id (card pay-in, PayPal capture, …). */
  transactionId: z.string().nullable().optional(),
});

export type OrderPaid = z.infer<typeof orderPaidSchema>;

/** Published by payments once an order is paid; drives carts, wallets, seats and e-mails. */
export const OrderPaidEvent = paymentsEvent('order.paid', 1, orderPaidSchema);
