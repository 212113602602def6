import { z } from 'zod';
import { PRODUCT_TYPES } from '../catalog/product.js';
import { paginationSchema } from '../common/pagination.js';
import { billingSnapshotSchema } from './billing.js';
import type {
  BankWireInstructions,
  PaymentMethodRoutes,
  PaymentPageProps,
  PaymentErrorCode,
  PaymentRedirect,
  PayPalCaptureAnswer,
  PayPalCreateOrderAnswer,
  PayPalIssue,
  RedirectAnswer,
} from './checkout.js';
import {
  ORDER_STATUSES,
  PAYMENT_KINDS,
  type CancelOrderResponse,
  type ListOrdersResponse,
  type OrderBuyer,
  type OrderDto,
  type OrderLine,
  type OrderLineView,
  type OrderListItem,
  type OrderTotals,
} from './order.js';
import type { SandboxPayPalView, SandboxRedirect, SandboxThreeDsView } from './sandbox.js';
import { WALLET_ENTRY_KINDS, type WalletBalance, type WalletLedgerEntry, type WalletLedgerResponse } from './wallet.js';

/*
 * The answers of the payment routes, as the API document describes them; each schema satisfies
 * the contract type it describes, so the two cannot disagree.
 */

const euro = z.literal('EUR');
const nullableText = () => z.string().nullable();
const PAYMENT_ERROR_CODES = [
  'payment.canceled',
  'payment.checking_failed',
  'payment.processing_failed',
  'payment.card_declined',
  'payment.three_ds_failed',
  'payment.instrument_declined',
] as const satisfies readonly PaymentErrorCode[];

export const paymentMethodRoutesSchema = z.object({
  mangopay: z.string().meta({ example: '/payment-gateway/mango-pay/pay' }),
  paypal: z.string().meta({ example: '/pay-pal-payment-gateway/pay' }),
  paypal_credit: z.string().meta({ example: '/pay-pal-payment-gateway/create-order' }),
  paypal_credit_capture: z.string().meta({ example: '/pay-pal-payment-gateway/capture-payment/{orderID}' }),
  bankwire: z.string().meta({ example: '/payment-gateway/bank-wire/pay' }),
  wallet: z.string().meta({ example: '/payment-gateway/wallet/pay' }),
  free: z.string().meta({ example: '/payment-gateway/free/complete' }),
}) satisfies z.ZodType<PaymentMethodRoutes>;

export const paymentPagePropsSchema = z.object({
  price: z.number().meta({ example: 199, description: 'Euros' }),
  formatted_price: z.string().meta({ example: '€199.00' }),
  currency: euro,
  available_methods: z.array(z.enum(PAYMENT_KINDS)),
  default_method: z.enum(PAYMENT_KINDS).nullable(),
  wallet_balance: z.number().meta({ example: 500, description: 'Euros' }),
  formatted_wallet_balance: z.string().meta({ example: '€500.00' }),
  paypal_client_id: z.string().meta({ example: 'sandbox' }),
  provider_mode: z.enum(['sandbox', 'live']),
  routes: paymentMethodRoutesSchema,
}) satisfies z.ZodType<PaymentPageProps>;

/** A one-time message for the next page the browser shows (shop §2 "Flash notifications"). */
export const flashMessageSchema = z.object({
  type: z.enum(['success', 'error']),
  message: z.string().meta({ example: 'Payment canceled.' }),
  /** The error code, when the message is a refusal (e.g. `payment.canceled`). */
  code: z.string().optional().meta({ example: 'payment.canceled' }),
});
export type FlashMessage = z.infer<typeof flashMessageSchema>;
export const flashAnswerSchema = z.object({ data: flashMessageSchema.nullable() });

/** `CardPayAnswer`, either of its two forms: `security_url` (3-D Secure) or `success` + `processed` + `cart_id` + `transaction_id`. */
export const cardPayAnswerSchema = z.object({
  security_url: z.string().optional().meta({ example: '/sandbox/3ds/sbx_card_0123456789abcdef', description: 'Open it for the 3-D Secure step' }),
  success: z.literal(true).optional(),
  processed: z.literal(true).optional(),
  cart_id: z.string().optional().meta({ format: 'uuid', description: 'The order id, for the callback route' }),
  transaction_id: z.string().optional(),
});

export const redirectAnswerSchema = z.object({
  redirect_url: z.string().meta({ example: '/payment/success/0d7c9f5e-1b0a-4c55-9b39-5a1f0f3f8e11' }),
}) satisfies z.ZodType<RedirectAnswer>;

export const payPalCreateOrderResultSchema = z.object({
  id: z.string().meta({ example: 'SBXPP1A2B3C4D5E6F' }),
  approve_url: nullableText().meta({ example: '/sandbox/paypal/SBXPP1A2B3C4D5E6F', description: 'Approval page without the JS SDK' }),
});
export const payPalCreateOrderAnswerSchema = z.object({ result: payPalCreateOrderResultSchema }) satisfies z.ZodType<PayPalCreateOrderAnswer>;

export const payPalIssueSchema = z.object({
  issue: z.string().meta({ example: 'INSTRUMENT_DECLINED' }),
  description: z.string(),
}) satisfies z.ZodType<PayPalIssue>;
export const payPalCaptureResultSchema = z.object({
  details: z.array(payPalIssueSchema).meta({ description: 'Empty on success; INSTRUMENT_DECLINED restarts the buttons' }),
  success_redirect_url: nullableText(),
});
export const payPalCaptureAnswerSchema = z.object({ result: payPalCaptureResultSchema }) satisfies z.ZodType<PayPalCaptureAnswer>;

export const paymentErrorSchema = z.object({
  code: z.enum(PAYMENT_ERROR_CODES),
  message: z.string().meta({ example: 'Payment canceled.' }),
});
export const paymentRedirectSchema = z.object({
  status: z.enum(['paid', 'failed']),
  redirect_url: z.string(),
  order_id: nullableText().meta({ format: 'uuid' }),
  error: paymentErrorSchema.optional(),
}) satisfies z.ZodType<PaymentRedirect>;

export const webhookAnswerSchema = z.object({
  received: z.literal(true),
  handled: z.boolean().meta({ description: 'False when the notification was about nothing known or nothing to do' }),
});
export type WebhookAnswer = z.infer<typeof webhookAnswerSchema>;

export const bankWireInstructionsSchema = z.object({
  order_id: z.string().meta({ format: 'uuid' }),
  reference: z.string().meta({ example: 'AM-2026-000123' }),
  status: z.enum(ORDER_STATUSES),
  amount: z.number().meta({ example: 199 }),
  formatted_amount: z.string().meta({ example: '€199.00' }),
  currency: euro,
  beneficiary: z.string(),
  iban: z.string(),
  bic: z.string(),
  bank_name: z.string(),
  pay_before: nullableText().meta({ description: 'ISO 8601; the unpaid order is canceled after it' }),
}) satisfies z.ZodType<BankWireInstructions>;
export const bankWireInstructionsAnswerSchema = z.object({ data: bankWireInstructionsSchema });

export const orderBuyerSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  companyId: nullableText(),
}) satisfies z.ZodType<OrderBuyer>;

export const orderLineSchema = z.object({
  productId: z.number(),
  productType: z.enum(PRODUCT_TYPES),
  name: z.string(),
  quantity: z.number(),
  programId: z.number().nullable(),
  unitPriceCents: z.number().meta({ description: 'Cents' }),
  unitDiscountCents: z.number().meta({ description: 'Cents' }),
  totalCents: z.number().meta({ description: 'Cents' }),
}) satisfies z.ZodType<OrderLine>;

export const orderTotalsSchema = z.object({
  beforeDiscountCents: z.number(),
  discountCents: z.number(),
  withDiscountCents: z.number(),
  voucherDiscountCents: z.number(),
  finalCents: z.number(),
}) satisfies z.ZodType<OrderTotals>;

/** One order as payments keeps it (money in cents). */
export const orderSchema = z.object({
  id: z.string().meta({ format: 'uuid' }),
  reference: z.string().meta({ example: 'AM-2026-000123' }),
  status: z.enum(ORDER_STATUSES),
  paymentKind: z.enum(PAYMENT_KINDS),
  buyer: orderBuyerSchema,
  billing: billingSnapshotSchema.nullable(),
  lines: z.array(orderLineSchema),
  totals: orderTotalsSchema,
  voucherCode: nullableText(),
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: nullableText(),
  canceledAt: nullableText(),
  cancelReason: z.enum(['buyer', 'expired', 'voucher_refused', 'placement_failed']).nullable(),
  expiresAt: nullableText(),
}) satisfies z.ZodType<OrderDto>;
export const orderAnswerSchema = z.object({ data: orderSchema });

export const confirmedBankWireAnswerSchema = orderAnswerSchema.extend({
  message: z.string().meta({ example: 'The transfer was recorded: the order is paid.' }),
});
export const sandboxTransferAnswerSchema = orderAnswerSchema.extend({
  redirect_url: z.string().meta({ example: '/payment/success/0d7c9f5e-1b0a-4c55-9b39-5a1f0f3f8e11' }),
});

export const orderLineViewSchema = z.object({
  product_id: z.number(),
  name: z.string(),
  type: z.enum(PRODUCT_TYPES),
  quantity: z.number(),
  program_id: z.number().nullable(),
  unit_price: z.number(),
  unit_discount: z.number(),
  total: z.number(),
  formatted_total: z.string().meta({ example: '€199.00' }),
}) satisfies z.ZodType<OrderLineView>;

export const orderListItemSchema = z.object({
  id: z.string().meta({ format: 'uuid' }),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_kind: z.enum(PAYMENT_KINDS),
  before_discount: z.number(),
  discount: z.number(),
  voucher_discount: z.number(),
  voucher_code: nullableText(),
  total: z.number(),
  formatted_total: z.string(),
  currency: euro,
  created_at: z.string(),
  paid_at: nullableText(),
  canceled_at: nullableText(),
  can_cancel: z.boolean().meta({ description: 'Show the cancel icon' }),
  invoice_available: z.boolean(),
  lines: z.array(orderLineViewSchema),
}) satisfies z.ZodType<OrderListItem>;

export const orderListMetaSchema = z.object({ pagination: paginationSchema });
export const orderListSchema = z.object({ data: z.array(orderListItemSchema), meta: orderListMetaSchema }) satisfies z.ZodType<ListOrdersResponse>;

export const cancelOrderAnswerSchema = z.object({
  success: z.literal(true),
  status: z.literal('canceled'),
  message: z.string().meta({ example: 'The order was canceled.' }),
}) satisfies z.ZodType<CancelOrderResponse>;

export const walletBalanceSchema = z.object({
  user_id: z.string(),
  balance_cents: z.number(),
  balance: z.number().meta({ description: 'Euros' }),
  formatted_balance: z.string().meta({ example: '€500.00' }),
  currency: euro,
}) satisfies z.ZodType<WalletBalance>;
export const walletBalanceAnswerSchema = z.object({ data: walletBalanceSchema });

export const walletLedgerEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(WALLET_ENTRY_KINDS),
  amount: z.number().meta({ description: 'Euros; debits are negative' }),
  formatted_amount: z.string(),
  balance_after: z.number(),
  description: z.string(),
  order_id: nullableText(),
  order_reference: nullableText(),
  created_at: z.string(),
}) satisfies z.ZodType<WalletLedgerEntry>;
export const walletLedgerMetaSchema = orderListMetaSchema.extend({ balance: z.number(), formatted_balance: z.string() });
export const walletLedgerSchema = z.object({ data: z.array(walletLedgerEntrySchema), meta: walletLedgerMetaSchema }) satisfies z.ZodType<WalletLedgerResponse>;

export const sandboxThreeDsViewSchema = z.object({
  transaction_id: z.string(),
  amount: z.number(),
  formatted_amount: z.string(),
  card_last4: z.string().meta({ example: '3220' }),
  status: z.enum(['awaiting_3ds', 'succeeded', 'failed', 'canceled']),
  merchant: z.string(),
}) satisfies z.ZodType<SandboxThreeDsView>;
export const sandboxThreeDsAnswerSchema = z.object({ data: sandboxThreeDsViewSchema });

export const sandboxPayPalViewSchema = z.object({
  id: z.string(),
  amount: z.number(),
  formatted_amount: z.string(),
  status: z.enum(['created', 'approved', 'approved_declining', 'completed', 'voided']),
  redirects: z.boolean().meta({ description: 'Approval sends the browser back to the shop (plain PayPal)' }),
}) satisfies z.ZodType<SandboxPayPalView>;
export const sandboxPayPalAnswerSchema = z.object({ data: sandboxPayPalViewSchema });

export const sandboxRedirectSchema = z.object({
  redirect_url: nullableText().meta({ description: 'Where the browser goes next; null for the PayPal buttons' }),
}) satisfies z.ZodType<SandboxRedirect>;
