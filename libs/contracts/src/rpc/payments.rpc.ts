import type {
  BankWireInstructions,
  CardPayAnswer,
  PaymentPageProps,
  PaymentRedirect,
  PayPalCaptureAnswer,
  PayPalCreateOrderAnswer,
  ProviderWebhookAnswer,
  RedirectAnswer,
} from '../payments/checkout.js';
import type { CancelOrderResponse, ListOrdersResponse, OrderDto } from '../payments/order.js';
import type {
  CardCallbackRequest,
  CardPayRequest,
  ConfirmBankWireRequest,
  OrderIdRequest,
  PageRequest,
  PaymentTarget,
  PayPalCaptureRequest,
  PayPalCreateOrderRequest,
  PayPalReturnRequest,
  PlaceOrderRequest,
  ProviderWebhookRequest,
  SandboxPayPalDecideRequest,
  SandboxThreeDsCompleteRequest,
} from '../payments/payment-requests.schema.js';
import type { SandboxPayPalView, SandboxRedirect, SandboxThreeDsView } from '../payments/sandbox.js';
import type { WalletBalance, WalletLedgerResponse } from '../payments/wallet.js';
import { defineRpc } from './rpc-definition.js';

/**
 * RPCs answered by the payments service; each request is parsed with its schema of
 * `payment-requests.schema.ts`. The buyer is the acting user of the request context (the gateway
 * reads the signed-in user), and the cart placed is the context's client session: no payload
 * names either, and an order of another user is "not found". Failures are `{ code, message,
 * status, errors? }` (see `PaymentMessages`). The gateway sequence per route is in
 * apps/payments/README.md.
 */
export const PaymentsRpc = {
  /**
   * Turns the owner's priced cart into an order (status `created`), reserves its voucher and
   * schedules its expiry. 422 `order.cart_empty` "Your cart is empty."; 422
   * `order.wallet_with_wallet` "You cannot buy wallet funds with wallet funds."; a refused voucher
   * answers the voucher's own error and leaves the order canceled.
   */
  PlaceOrder: defineRpc<PlaceOrderRequest, OrderDto>('payments.orders.place'),
  /** One order of the buyer (success page, bank-wire page). 404 when not theirs. */
  GetOrder: defineRpc<OrderIdRequest, OrderDto>('payments.orders.get'),
  /** The buyer's orders for the orders/invoices screen, newest first (euros). */
  ListOrders: defineRpc<PageRequest, ListOrdersResponse>('payments.orders.list'),
  /**
   * `POST /orders/cancel/{uuid}`: cancels an unpaid order of the buyer and releases its voucher.
   * 409 `order.not_cancelable` once paid.
   */
  CancelOrder: defineRpc<OrderIdRequest, CancelOrderResponse>('payments.orders.cancel'),

  /** Props of the payment page `/cart/credentials`. 422 `order.cart_empty` for an empty cart. */
  CheckoutOptions: defineRpc<Record<string, never>, PaymentPageProps>('payments.checkout.options'),

  /**
   * Card route: validates the form (422 with field errors and the spec's form-invalid message),
   * then pays through the card provider: `{ security_url }` (3-D Secure) or
   * `{ success, processed, cart_id, transaction_id }`. Declined by the bank: 422
   * `payment.card_declined`; the provider failing: 502 `payment.processing_failed`.
   */
  PayByCard: defineRpc<CardPayRequest, CardPayAnswer>('payments.card.pay'),
  /**
   * `GET /payment-gateway/mango-pay-callback/{cart_id}?transactionId=`: verifies the payment with
   * the provider, marks the order paid (once), and says where the browser goes: a failed 3-D
   * Secure step is `payment.three_ds_failed`, a card declined after it `payment.card_declined`.
   */
  CardCallback: defineRpc<CardCallbackRequest, PaymentRedirect>('payments.card.callback'),

  /** Plain PayPal route: creates the PayPal order and answers `redirect_url` (its approval page). */
  PayByPayPal: defineRpc<PaymentTarget, RedirectAnswer>('payments.paypal.pay'),
  /** `POST /pay-pal-payment-gateway/create-order` (PayPal buttons, paypal_credit): `{ result: { id } }`. */
  PayPalCreateOrder: defineRpc<PayPalCreateOrderRequest, PayPalCreateOrderAnswer>('payments.paypal.create-order'),
  /**
   * `POST /pay-pal-payment-gateway/capture-payment/{orderID}`: captures (once, idempotently) and
   * answers `{ result: { details, success_redirect_url } }`; INSTRUMENT_DECLINED comes back in
   * `details`. Other failures: 422 `payment.processing_failed`, 409 `payment.canceled`.
   */
  PayPalCapture: defineRpc<PayPalCaptureRequest, PayPalCaptureAnswer>('payments.paypal.capture'),
  /**
   * `GET /pay-pal-payment-gateway/return|cancel?token=`: captures after approval; where the browser
   * goes. A declined instrument is `payment.instrument_declined`, back on the payment page.
   */
  PayPalReturn: defineRpc<PayPalReturnRequest, PaymentRedirect>('payments.paypal.return'),

  /** Bank-wire route: the order waits for the transfer; `redirect_url` = the instructions page. */
  PayByBankWire: defineRpc<PaymentTarget, RedirectAnswer>('payments.bank-wire.pay'),
  /** Data of the bank-wire page `/payment/bank-wire/{orderId}`. */
  BankWireInstructions: defineRpc<OrderIdRequest, BankWireInstructions>('payments.bank-wire.instructions'),
  /** Operator command: the transfer with this reference arrived → the order is paid. */
  ConfirmBankWire: defineRpc<ConfirmBankWireRequest, OrderDto>('payments.bank-wire.confirm'),

  /** Wallet route: pays from the balance (422 `wallet.insufficient_funds` when short). */
  PayWithWallet: defineRpc<PaymentTarget, RedirectAnswer>('payments.wallet.pay'),
  /** Free route: completes an order whose total is 0 (422 `order.not_free` otherwise). */
  CompleteFreeOrder: defineRpc<PaymentTarget, RedirectAnswer>('payments.free.complete'),

  /** The buyer's wallet balance, derived from the ledger. */
  WalletBalance: defineRpc<Record<string, never>, WalletBalance>('payments.wallet.balance'),
  /** The buyer's wallet ledger (wallet report). */
  WalletLedger: defineRpc<PageRequest, WalletLedgerResponse>('payments.wallet.ledger'),

  /** Provider notification (Mangopay hook, PayPal webhook): verified, then applied once. */
  ProviderWebhook: defineRpc<ProviderWebhookRequest, ProviderWebhookAnswer>('payments.webhook'),

  /** Sandbox only (404 otherwise): the 3-D Secure page `/sandbox/3ds/{transactionId}`. */
  SandboxThreeDsGet: defineRpc<{ transactionId: string }, SandboxThreeDsView>('payments.sandbox.3ds.get'),
  /** Sandbox only: approve/fail/cancel the challenge; `redirect_url` = the card callback route. */
  SandboxThreeDsComplete: defineRpc<SandboxThreeDsCompleteRequest, SandboxRedirect>('payments.sandbox.3ds.complete'),
  /** Sandbox only: the PayPal approval page `/sandbox/paypal/{orderID}`. */
  SandboxPayPalGet: defineRpc<{ paypalOrderId: string }, SandboxPayPalView>('payments.sandbox.paypal.get'),
  /** Sandbox only: approve (or approve with a declining instrument, or cancel) a PayPal order. */
  SandboxPayPalDecide: defineRpc<SandboxPayPalDecideRequest, SandboxRedirect>('payments.sandbox.paypal.decide'),
  /** Sandbox only: the bank transfer of this order arrives (full amount). */
  SandboxBankWireReceive: defineRpc<OrderIdRequest, OrderDto>('payments.sandbox.bank-wire.receive'),
} as const;
