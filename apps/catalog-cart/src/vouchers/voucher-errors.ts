import { DomainError } from '@aero/backend-errors';

/**
 * Every reason a voucher is refused (spec: voucher error catalogue). The code is stable for
 * clients; the message is shown under the voucher field and as an error flash.
 */
export const VoucherRejection = {
  Required: { code: 'exceptions.voucher.required', message: 'Voucher code is required.' },
  NotFound: { code: 'exceptions.voucher.not_found', message: 'This voucher code does not exist.' },
  Expired: { code: 'exceptions.voucher.expired', message: 'This voucher has expired.' },
  NotYetValid: { code: 'exceptions.voucher.not_available_yet', message: 'This voucher is not available yet.' },
  FirstOrderOnly: { code: 'exceptions.voucher.first_order_only', message: 'This voucher is valid only for your first order.' },
  WalletFunds: {
    code: 'exceptions.voucher.wallet',
    message: 'Vouchers give no discount when adding funds to your wallet.',
  },
  OnlyForCourse: { code: 'exceptions.voucher.only_for_course', message: 'This voucher is only available for the course {course}.' },
  NotForProduct: { code: 'exceptions.voucher.not_for_product', message: 'This voucher is not available for this product.' },
  AlreadyDiscounted: { code: 'exceptions.voucher.already_applied', message: 'An additional discount is already applied.' },
  UsedUp: { code: 'exceptions.voucher.used_up', message: 'This voucher has already been used.' },
  UsedByUser: { code: 'exceptions.voucher.used_by_user', message: 'You have already used this voucher.' },
} as const;

export type VoucherRejectionReason = keyof typeof VoucherRejection;

/** A refused voucher as a 422 with the message under the `code` field. */
export function voucherError(reason: VoucherRejectionReason, params: Record<string, string> = {}): DomainError {
  const { code, message } = VoucherRejection[reason];
  const text = message.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '');
  return new DomainError(code, text, 422, { code: [text] });
}
