/**
 * Browser-facing routes of checkout and payment. The spec names four of them (the payment page,
 * the Mangopay callback, PayPal create-order and capture); the others are ours and documented in
 * apps/payments/README.md. The gateway binds the `POST`/`GET` routes, the web app renders the
 * pages, and payments builds redirect addresses from the same constants.
 * `{name}` marks a path parameter.
 */
export const PaymentRoutes = {
  /** The payment page (spec). */
  paymentPage: '/cart/credentials',
  /** POST card form (number, expiration_month, expiration_year, cvc) → security_url | success. */
  cardPay: '/payment-gateway/mango-pay/pay',
  /** GET (spec): where 3-D Secure and the card answer return; `?transactionId=` is appended. */
  cardCallback: '/payment-gateway/mango-pay-callback/{cart_id}',
  /** GET/POST: Mangopay hook notifications (`?EventType=&RessourceId=`). */
  cardWebhook: '/payment-gateway/mango-pay-webhook',
  /** POST plain PayPal (redirect flow) → redirect_url to the PayPal approval page. */
  paypalPay: '/pay-pal-payment-gateway/pay',
  /** POST (spec): PayPal buttons (paypal_credit) create the PayPal order → result.id. */
  paypalCreateOrder: '/pay-pal-payment-gateway/create-order',
  /** POST (spec): capture after approval → result.details, result.success_redirect_url. */
  paypalCapture: '/pay-pal-payment-gateway/capture-payment/{orderID}',
  /** GET: PayPal sends the buyer back here after approval (`?token={orderID}&PayerID=`). */
  paypalReturn: '/pay-pal-payment-gateway/return',
  /** GET: PayPal sends the buyer back here when they cancel (`?token={orderID}`). */
  paypalCancel: '/pay-pal-payment-gateway/cancel',
  /** POST: PayPal webhook events (JSON). */
  paypalWebhook: '/pay-pal-payment-gateway/webhook',
  /** POST bank wire → redirect_url to the transfer instructions page. */
  bankWirePay: '/payment-gateway/bank-wire/pay',
  /** POST wallet → redirect_url to the success page. */
  walletPay: '/payment-gateway/wallet/pay',
  /** POST an order whose total is 0 → redirect_url to the success page. */
  freePay: '/payment-gateway/free/complete',
  /** Web page: bank transfer instructions of one order (data: PaymentsRpc.BankWireInstructions). */
  bankWirePage: '/payment/bank-wire/{orderId}',
  /** Web page: the order is paid (data: PaymentsRpc.GetOrder). */
  successPage: '/payment/success/{orderId}',
  /** Web page of the sandbox provider: the 3-D Secure step of a card payment. */
  sandboxThreeDsPage: '/sandbox/3ds/{transactionId}',
  /** Web page of the sandbox provider: approve or decline a PayPal order. */
  sandboxPayPalPage: '/sandbox/paypal/{orderID}',
} as const;

export type PaymentRouteName = keyof typeof PaymentRoutes;

/** Fills the `{name}` parameters of a route (values are URI-encoded). */
export function paymentRoute(name: PaymentRouteName, params: Record<string, string> = {}): string {
  return PaymentRoutes[name].replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(params[key] ?? `{${key}}`));
}
