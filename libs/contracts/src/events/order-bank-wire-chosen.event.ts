import { z } from 'zod';
import { orderEventBuyerSchema, orderPaidLineSchema } from './order-paid.event.js';
import { paymentsEvent } from './event-producers.js';

export const orderBankWireChosenSchema = z.object({
  orderId: z.string().uuid(),
  reference: z.string(),
  buyer: orderEventBuyerSchema,
  lines: z.array(orderPaidLineSchema).min(1),
  finalCents: z.number().int().nonnegative(),
  voucherCode: z.string().nullable(),
  /** The transfer must arrive before this time (ISO 8601), or the order is canceled. */
  payBefore: z.string(),
});

export type OrderBankWireChosen = z.infer<typeof orderBankWireChosenSchema>;

/**
 * Published by payments when the buyer chose to pay an order by bank wire: the order now waits
 * for the transfer, so what it holds leaves the buyer's cart (as when an order is paid).
 */
export const OrderBankWireChosenEvent = paymentsEvent('order.bank_wire_chosen', 1, orderBankWireChosenSchema);
