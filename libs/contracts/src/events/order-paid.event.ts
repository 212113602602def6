import { z } from 'zod';
import { PRODUCT_TYPES } from '../catalog/product.js';
import { defineEvent } from './event-envelope.js';

export const orderPaidLineSchema = z.object({
  productId: z.number().int(),
  productType: z.enum(PRODUCT_TYPES),
  name: z.string(),
  quantity: z.number().int().positive(),
  programId: z.number().int().nullable(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
});

export const orderPaidSchema = z.object({
  orderId: z.string().uuid(),
  reference: z.string(),
  buyer: z.object({
    userId: z.string().nullable(),
    email: z.string().email(),
    name: z.string(),
    companyId: z.string().nullable(),
  }),
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
});

export type OrderPaid = z.infer<typeof orderPaidSchema>;

/** Published by payments once an order is paid; drives carts, wallets, seats and e-mails. */
export const OrderPaidEvent = defineEvent<OrderPaid>({
  name: 'order.paid',
  version: 1,
  producer: 'payments',
  schema: orderPaidSchema,
});
