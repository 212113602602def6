import { DomainError } from '@aero/backend-errors';
import { CommonErrorCode } from '@aero/contracts';

/** Refusals of the order rules (spec: learning §8 "Order"); messages are shown to the buyer. */
export const OrderErrors = {
  cartEmpty: () => new DomainError('order.cart_empty', 'Your cart is empty.', 422, { cart: ['Your cart is empty.'] }),
  walletWithWallet: () =>
    new DomainError('order.wallet_with_wallet', 'You cannot buy wallet funds with wallet funds.', 422, {
      method: ['You cannot buy wallet funds with wallet funds.'],
    }),
  notFound: () => DomainError.notFound('Order not found.', 'order.not_found'),
  notCancelable: () => new DomainError('order.not_cancelable', 'A paid order cannot be canceled.', 409),
  alreadyCanceled: () => new DomainError('order.canceled', 'This order was canceled.', 409),
  alreadyPaid: () => new DomainError('order.already_paid', 'This order is already paid.', 409),
  notFree: () => new DomainError('order.not_free', 'This order is not free: please choose a payment method.', 422),
  methodUnavailable: () =>
    new DomainError('order.method_unavailable', 'This payment method is not available.', 422, {
      method: ['This payment method is not available.'],
    }),
  invalidBuyer: (field: string) =>
    new DomainError(CommonErrorCode.Validation, 'The buyer is not valid.', 422, { [`buyer.${field}`]: ['The buyer is not valid.'] }),
  serviceUnavailable: (service: string) =>
    new DomainError(CommonErrorCode.ServiceUnavailable, `The ${service} service is unavailable. Please try again.`, 503),
};
