import { DomainError } from '@aero/backend-errors';

export const WalletErrors = {
  insufficientFunds: () =>
    new DomainError('wallet.insufficient_funds', 'Your wallet balance is not enough to pay this order.', 422, {
      method: ['Your wallet balance is not enough to pay this order.'],
    }),
  invalidAmount: () => new DomainError('wallet.invalid_amount', 'The amount must be a positive whole number of cents.', 422),
};
