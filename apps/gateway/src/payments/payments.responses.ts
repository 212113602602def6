import {
  ORDER_STATUSES,
  PAYMENT_KINDS,
  PRODUCT_TYPES,
  WALLET_ENTRY_KINDS,
  type BankWireInstructions,
  type BillingSnapshot,
  type OrderBuyer,
  type OrderCancelReason,
  type OrderDto,
  type OrderLine,
  type OrderLineView,
  type OrderListItem,
  type OrderStatus,
  type OrderTotals,
  type PaymentErrorCode,
  type PaymentKind,
  type PaymentMethodRoutes,
  type PaymentPageProps,
  type PaymentRedirect,
  type PayPalIssue,
  type ProductType,
  type SandboxPayPalView,
  type SandboxThreeDsView,
  type WalletBalance,
  type WalletEntryKind,
  type WalletLedgerEntry,
} from '@aero/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { FlashMessage } from './flash.js';
import { PaginationResponse } from '../openapi/pagination.response.js';

/* OpenAPI descriptions of the payments answers; each class implements the contract type it documents. */

export class PaymentMethodRoutesResponse implements PaymentMethodRoutes {
  @ApiProperty({ example: '/payment-gateway/mango-pay/pay' })
  mangopay: string;
  @ApiProperty({ example: '/pay-pal-payment-gateway/pay' })
  paypal: string;
  @ApiProperty({ example: '/pay-pal-payment-gateway/create-order' })
  paypal_credit: string;
  @ApiProperty({ example: '/pay-pal-payment-gateway/capture-payment/{orderID}' })
  paypal_credit_capture: string;
  @ApiProperty({ example: '/payment-gateway/bank-wire/pay' })
  bankwire: string;
  @ApiProperty({ example: '/payment-gateway/wallet/pay' })
  wallet: string;
  @ApiProperty({ example: '/payment-gateway/free/complete' })
  free: string;
}

export class PaymentPagePropsResponse implements PaymentPageProps {
  @ApiProperty({ example: 199, description: 'Euros' })
  price: number;
  @ApiProperty({ example: '€199.00' })
  formatted_price: string;
  @ApiProperty({ enum: ['EUR'] })
  currency: 'EUR';
  @ApiProperty({ enum: PAYMENT_KINDS, isArray: true })
  available_methods: PaymentKind[];
  @ApiProperty({ enum: PAYMENT_KINDS, nullable: true })
  default_method: PaymentKind | null;
  @ApiProperty({ example: 500, description: 'Euros' })
  wallet_balance: number;
  @ApiProperty({ example: '€500.00' })
  formatted_wallet_balance: string;
  @ApiProperty({ example: 'sandbox' })
  paypal_client_id: string;
  @ApiProperty({ enum: ['sandbox', 'live'] })
  provider_mode: 'sandbox' | 'live';
  @ApiProperty({ type: PaymentMethodRoutesResponse })
  routes: PaymentMethodRoutesResponse;
}

/** Either `security_url` (3-D Secure) or `success` + `processed` + `cart_id` + `transaction_id`. */
export class CardPayResponse {
  @ApiPropertyOptional({ example: '/sandbox/3ds/sbx_card_0123456789abcdef', description: 'Open it for the 3-D Secure step' })
  security_url?: string;
  @ApiPropertyOptional({ enum: [true] })
  success?: true;
  @ApiPropertyOptional({ enum: [true] })
  processed?: true;
  @ApiPropertyOptional({ format: 'uuid', description: 'The order id, for the callback route' })
  cart_id?: string;
  @ApiPropertyOptional()
  transaction_id?: string;
}

export class RedirectUrlResponse {
  @ApiProperty({ example: '/payment/success/0d7c9f5e-1b0a-4c55-9b39-5a1f0f3f8e11' })
  redirect_url: string;
}

export class PayPalCreateOrderResult {
  @ApiProperty({ example: 'SBXPP1A2B3C4D5E6F' })
  id: string;
  @ApiProperty({ type: String, nullable: true, example: '/sandbox/paypal/SBXPP1A2B3C4D5E6F', description: 'Approval page without the JS SDK' })
  approve_url: string | null;
}

export class PayPalCreateOrderResponse {
  @ApiProperty({ type: PayPalCreateOrderResult })
  result: PayPalCreateOrderResult;
}

export class PayPalIssueResponse implements PayPalIssue {
  @ApiProperty({ example: 'INSTRUMENT_DECLINED' })
  issue: string;
  @ApiProperty()
  description: string;
}

export class PayPalCaptureResult {
  @ApiProperty({ type: PayPalIssueResponse, isArray: true, description: 'Empty on success; INSTRUMENT_DECLINED restarts the buttons' })
  details: PayPalIssueResponse[];
  @ApiProperty({ type: String, nullable: true })
  success_redirect_url: string | null;
}

export class PayPalCaptureResponse {
  @ApiProperty({ type: PayPalCaptureResult })
  result: PayPalCaptureResult;
}

export class PaymentErrorResponse {
  @ApiProperty({ enum: ['payment.canceled', 'payment.checking_failed', 'payment.processing_failed', 'payment.instrument_declined'] })
  code: PaymentErrorCode;
  @ApiProperty({ example: 'Payment canceled.' })
  message: string;
}

export class PaymentRedirectResponse implements PaymentRedirect {
  @ApiProperty({ enum: ['paid', 'failed'] })
  status: 'paid' | 'failed';
  @ApiProperty()
  redirect_url: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' })
  order_id: string | null;
  @ApiPropertyOptional({ type: PaymentErrorResponse })
  error?: PaymentErrorResponse;
}

export class WebhookResponse {
  @ApiProperty({ enum: [true] })
  received: true;
  @ApiProperty({ description: 'False when the notification was about nothing known or nothing to do' })
  handled: boolean;
}

export class BankWireInstructionsResponse implements BankWireInstructions {
  @ApiProperty({ format: 'uuid' })
  order_id: string;
  @ApiProperty({ example: 'AM-2026-000123' })
  reference: string;
  @ApiProperty({ enum: ORDER_STATUSES })
  status: OrderStatus;
  @ApiProperty({ example: 199 })
  amount: number;
  @ApiProperty({ example: '€199.00' })
  formatted_amount: string;
  @ApiProperty({ enum: ['EUR'] })
  currency: 'EUR';
  @ApiProperty()
  beneficiary: string;
  @ApiProperty()
  iban: string;
  @ApiProperty()
  bic: string;
  @ApiProperty()
  bank_name: string;
  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601; the unpaid order is canceled after it' })
  pay_before: string | null;
}

export class BankWireInstructionsData {
  @ApiProperty({ type: BankWireInstructionsResponse })
  data: BankWireInstructionsResponse;
}

export class OrderBuyerResponse implements OrderBuyer {
  @ApiProperty()
  userId: string;
  @ApiProperty()
  email: string;
  @ApiProperty()
  name: string;
  @ApiProperty({ type: String, nullable: true })
  companyId: string | null;
}

export class BillingSnapshotResponse implements BillingSnapshot {
  @ApiProperty({ type: String, nullable: true })
  person: string | null;
  @ApiProperty({ type: String, nullable: true })
  email: string | null;
  @ApiProperty({ type: String, nullable: true })
  phone: string | null;
  @ApiProperty({ type: String, nullable: true })
  country: string | null;
  @ApiProperty({ type: String, nullable: true })
  region: string | null;
  @ApiProperty({ type: String, nullable: true })
  city: string | null;
  @ApiProperty({ type: String, nullable: true })
  address: string | null;
  @ApiProperty({ type: String, nullable: true })
  zip: string | null;
  @ApiProperty()
  to_company: boolean;
  @ApiProperty({ type: String, nullable: true })
  company: string | null;
  @ApiProperty({ type: String, nullable: true })
  company_code: string | null;
  @ApiProperty({ type: String, nullable: true })
  vat: string | null;
}

export class OrderLineResponse implements OrderLine {
  @ApiProperty()
  productId: number;
  @ApiProperty({ enum: PRODUCT_TYPES })
  productType: ProductType;
  @ApiProperty()
  name: string;
  @ApiProperty()
  quantity: number;
  @ApiProperty({ type: Number, nullable: true })
  programId: number | null;
  @ApiProperty({ description: 'Cents' })
  unitPriceCents: number;
  @ApiProperty({ description: 'Cents' })
  unitDiscountCents: number;
  @ApiProperty({ description: 'Cents' })
  totalCents: number;
}

export class OrderTotalsResponse implements OrderTotals {
  @ApiProperty()
  beforeDiscountCents: number;
  @ApiProperty()
  discountCents: number;
  @ApiProperty()
  withDiscountCents: number;
  @ApiProperty()
  voucherDiscountCents: number;
  @ApiProperty()
  finalCents: number;
}

/** One order as payments keeps it (money in cents). */
export class OrderResponse implements OrderDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ example: 'AM-2026-000123' })
  reference: string;
  @ApiProperty({ enum: ORDER_STATUSES })
  status: OrderStatus;
  @ApiProperty({ enum: PAYMENT_KINDS })
  paymentKind: PaymentKind;
  @ApiProperty({ type: OrderBuyerResponse })
  buyer: OrderBuyerResponse;
  @ApiProperty({ type: BillingSnapshotResponse, nullable: true })
  billing: BillingSnapshotResponse | null;
  @ApiProperty({ type: OrderLineResponse, isArray: true })
  lines: OrderLineResponse[];
  @ApiProperty({ type: OrderTotalsResponse })
  totals: OrderTotalsResponse;
  @ApiProperty({ type: String, nullable: true })
  voucherCode: string | null;
  @ApiProperty()
  createdAt: string;
  @ApiProperty()
  updatedAt: string;
  @ApiProperty({ type: String, nullable: true })
  paidAt: string | null;
  @ApiProperty({ type: String, nullable: true })
  canceledAt: string | null;
  @ApiProperty({ enum: ['buyer', 'expired', 'voucher_refused', 'placement_failed'], nullable: true })
  cancelReason: OrderCancelReason | null;
  @ApiProperty({ type: String, nullable: true })
  expiresAt: string | null;
}

export class OrderData {
  @ApiProperty({ type: OrderResponse })
  data: OrderResponse;
}

export class ConfirmedBankWireResponse extends OrderData {
  @ApiProperty({ example: 'The transfer was recorded: the order is paid.' })
  message: string;
}

export class SandboxTransferResponse extends OrderData {
  @ApiProperty({ example: '/payment/success/0d7c9f5e-1b0a-4c55-9b39-5a1f0f3f8e11' })
  redirect_url: string;
}

export class OrderLineViewResponse implements OrderLineView {
  @ApiProperty()
  product_id: number;
  @ApiProperty()
  name: string;
  @ApiProperty({ enum: PRODUCT_TYPES })
  type: ProductType;
  @ApiProperty()
  quantity: number;
  @ApiProperty({ type: Number, nullable: true })
  program_id: number | null;
  @ApiProperty()
  unit_price: number;
  @ApiProperty()
  unit_discount: number;
  @ApiProperty()
  total: number;
  @ApiProperty({ example: '€199.00' })
  formatted_total: string;
}

export class OrderListItemResponse implements OrderListItem {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty()
  reference: string;
  @ApiProperty({ enum: ORDER_STATUSES })
  status: OrderStatus;
  @ApiProperty({ enum: PAYMENT_KINDS })
  payment_kind: PaymentKind;
  @ApiProperty()
  before_discount: number;
  @ApiProperty()
  discount: number;
  @ApiProperty()
  voucher_discount: number;
  @ApiProperty({ type: String, nullable: true })
  voucher_code: string | null;
  @ApiProperty()
  total: number;
  @ApiProperty()
  formatted_total: string;
  @ApiProperty({ enum: ['EUR'] })
  currency: 'EUR';
  @ApiProperty()
  created_at: string;
  @ApiProperty({ type: String, nullable: true })
  paid_at: string | null;
  @ApiProperty({ type: String, nullable: true })
  canceled_at: string | null;
  @ApiProperty({ description: 'Show the cancel icon' })
  can_cancel: boolean;
  @ApiProperty()
  invoice_available: boolean;
  @ApiProperty({ type: OrderLineViewResponse, isArray: true })
  lines: OrderLineViewResponse[];
}


export class OrderListMetaResponse {
  @ApiProperty({ type: PaginationResponse })
  pagination: PaginationResponse;
}

export class OrderListResponse {
  @ApiProperty({ type: OrderListItemResponse, isArray: true })
  data: OrderListItemResponse[];
  @ApiProperty({ type: OrderListMetaResponse })
  meta: OrderListMetaResponse;
}

export class CancelOrderAnswer {
  @ApiProperty({ enum: [true] })
  success: true;
  @ApiProperty({ enum: ['canceled'] })
  status: 'canceled';
  @ApiProperty({ example: 'The order was canceled.' })
  message: string;
}

export class WalletBalanceResponse implements WalletBalance {
  @ApiProperty()
  user_id: string;
  @ApiProperty()
  balance_cents: number;
  @ApiProperty({ description: 'Euros' })
  balance: number;
  @ApiProperty({ example: '€500.00' })
  formatted_balance: string;
  @ApiProperty({ enum: ['EUR'] })
  currency: 'EUR';
}

export class WalletBalanceData {
  @ApiProperty({ type: WalletBalanceResponse })
  data: WalletBalanceResponse;
}

export class WalletLedgerEntryResponse implements WalletLedgerEntry {
  @ApiProperty()
  id: number;
  @ApiProperty({ enum: WALLET_ENTRY_KINDS })
  kind: WalletEntryKind;
  @ApiProperty({ description: 'Euros; debits are negative' })
  amount: number;
  @ApiProperty()
  formatted_amount: string;
  @ApiProperty()
  balance_after: number;
  @ApiProperty()
  description: string;
  @ApiProperty({ type: String, nullable: true })
  order_id: string | null;
  @ApiProperty({ type: String, nullable: true })
  order_reference: string | null;
  @ApiProperty()
  created_at: string;
}

export class WalletLedgerMetaResponse extends OrderListMetaResponse {
  @ApiProperty()
  balance: number;
  @ApiProperty()
  formatted_balance: string;
}

export class WalletLedgerResponse {
  @ApiProperty({ type: WalletLedgerEntryResponse, isArray: true })
  data: WalletLedgerEntryResponse[];
  @ApiProperty({ type: WalletLedgerMetaResponse })
  meta: WalletLedgerMetaResponse;
}

export class SandboxThreeDsResponse implements SandboxThreeDsView {
  @ApiProperty()
  transaction_id: string;
  @ApiProperty()
  amount: number;
  @ApiProperty()
  formatted_amount: string;
  @ApiProperty({ example: '3220' })
  card_last4: string;
  @ApiProperty({ enum: ['awaiting_3ds', 'succeeded', 'failed', 'canceled'] })
  status: SandboxThreeDsView['status'];
  @ApiProperty()
  merchant: string;
}

export class SandboxThreeDsData {
  @ApiProperty({ type: SandboxThreeDsResponse })
  data: SandboxThreeDsResponse;
}

export class SandboxPayPalResponse implements SandboxPayPalView {
  @ApiProperty()
  id: string;
  @ApiProperty()
  amount: number;
  @ApiProperty()
  formatted_amount: string;
  @ApiProperty({ enum: ['created', 'approved', 'approved_declining', 'completed', 'voided'] })
  status: SandboxPayPalView['status'];
  @ApiProperty({ description: 'Approval sends the browser back to the shop (plain PayPal)' })
  redirects: boolean;
}

export class SandboxPayPalData {
  @ApiProperty({ type: SandboxPayPalResponse })
  data: SandboxPayPalResponse;
}

export class SandboxRedirectResponse {
  @ApiProperty({ type: String, nullable: true, description: 'Where the browser goes next; null for the PayPal buttons' })
  redirect_url: string | null;
}

export class FlashResponse implements FlashMessage {
  @ApiProperty({ enum: ['success', 'error'] })
  type: 'success' | 'error';
  @ApiProperty({ example: 'Payment canceled.' })
  message: string;
  @ApiPropertyOptional({ example: 'payment.canceled' })
  code?: string;
}

export class FlashData {
  @ApiProperty({ type: FlashResponse, nullable: true })
  data: FlashResponse | null;
}
