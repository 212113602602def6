import type { EmployeeErrorCode } from '../accounts/employees.js';
import type { AccountErrorCode } from '../accounts/messages.js';
import type { CertificateErrorCode } from '../learning/certificates.js';
import type { LearningErrorCode } from '../learning/learning.js';
import type { InvoiceErrorCode } from '../notifications/invoices.js';
import type { NotificationsErrorCode } from '../notifications/errors.js';
import type { ReportsErrorCode } from '../reports/reports.schema.js';
import type { SharingErrorCode } from '../sharing/sharing-messages.js';
import type { CommonErrorCode } from './errors.js';

/*
 * Every error code a client may read in an error answer (`{ message, errors?, code }`), one
 * constant per code, grouped by the service that answers it. `ErrorCode` is their union: a
 * DomainError takes only an `ErrorCode`, so a misspelt code fails the type check.
 */

/** catalog-cart: cart lines and the content pages. */
export const CatalogErrorCode = {
  ProductRequired: 'cart.product_required',
  ProductUnknown: 'cart.product_unknown',
  QuantityInvalid: 'cart.quantity_invalid',
  QuantityTooLarge: 'cart.quantity_too_large',
  NotInCart: 'cart.not_in_cart',
  ArticleNotFound: 'content.article_not_found',
} as const;

/** catalog-cart: every reason a voucher is refused (the voucher error catalogue). */
export const VoucherErrorCode = {
  Required: 'exceptions.voucher.required',
  NotFound: 'exceptions.voucher.not_found',
  Expired: 'exceptions.voucher.expired',
  NotYetValid: 'exceptions.voucher.not_available_yet',
  FirstOrderOnly: 'exceptions.voucher.first_order_only',
  WalletFunds: 'exceptions.voucher.wallet',
  OnlyForCourse: 'exceptions.voucher.only_for_course',
  NotForProduct: 'exceptions.voucher.not_for_product',
  AlreadyDiscounted: 'exceptions.voucher.already_applied',
  UsedUp: 'exceptions.voucher.used_up',
  UsedByUser: 'exceptions.voucher.used_by_user',
} as const;

/** payments: orders, payments with a provider, the wallet and the sandbox provider. */
export const PaymentsErrorCode = {
  CartEmpty: 'order.cart_empty',
  WalletWithWallet: 'order.wallet_with_wallet',
  OrderNotFound: 'order.not_found',
  OrderNotCancelable: 'order.not_cancelable',
  OrderCanceled: 'order.canceled',
  OrderAlreadyPaid: 'order.already_paid',
  OrderNotFree: 'order.not_free',
  MethodUnavailable: 'order.method_unavailable',
  FormInvalid: 'payment.form_invalid',
  ProcessingFailed: 'payment.processing_failed',
  /** The card's bank refused the payment: another card or another method may work. */
  CardDeclined: 'payment.card_declined',
  /** The buyer did not pass the 3-D Secure step: again, or another card. */
  ThreeDsFailed: 'payment.three_ds_failed',
  CheckingFailed: 'payment.checking_failed',
  PaymentCanceled: 'payment.canceled',
  InstrumentDeclined: 'payment.instrument_declined',
  PaymentInProgress: 'payment.in_progress',
  PaymentNotFound: 'payment.not_found',
  FreeOrder: 'payment.free_order',
  AmountShort: 'payment.amount_short',
  InsufficientFunds: 'wallet.insufficient_funds',
  InvalidWalletAmount: 'wallet.invalid_amount',
  SandboxInactive: 'sandbox.inactive',
  SandboxNotFound: 'sandbox.not_found',
  SandboxPayPalClosed: 'sandbox.paypal_closed',
} as const;

/** The gateway: requests refused before any route reads them (docs/api.md, "Input limits"). */
export const GatewayErrorCode = {
  InvalidEncoding: 'invalid_encoding',
  InvalidUrl: 'invalid_url',
  UrlTooLong: 'url_too_long',
  InvalidJson: 'invalid_json',
  BodyTooDeep: 'body_too_deep',
  BodyTooLarge: 'body_too_large',
} as const;

type CodeOf<Codes> = Codes[keyof Codes];

/** A code of an error answer. */
export type ErrorCode =
  | CodeOf<typeof CommonErrorCode>
  | CodeOf<typeof GatewayErrorCode>
  | CodeOf<typeof AccountErrorCode>
  | CodeOf<typeof EmployeeErrorCode>
  | CodeOf<typeof CatalogErrorCode>
  | CodeOf<typeof VoucherErrorCode>
  | CodeOf<typeof PaymentsErrorCode>
  | CodeOf<typeof NotificationsErrorCode>
  | CodeOf<typeof InvoiceErrorCode>
  | SharingErrorCode
  | ReportsErrorCode
  | LearningErrorCode
  | CertificateErrorCode;
