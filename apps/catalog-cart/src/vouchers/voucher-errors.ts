import { VOUCHER_CODE_REQUIRED, VoucherErrorCode } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';

/**
 * Every reason a voucher is refused (spec: voucher error catalogue). The code is stable for
 * clients; the message is shown under the voucher field and as an error flash.
 */
export const VoucherRejection = {
  Required: { code: VoucherErrorCode.Required, message: VOUCHER_CODE_REQUIRED },
  NotFound: { code: VoucherErrorCode.NotFound, message: 'This voucher code does not exist.' },
  Expired: { code: VoucherErrorCode.Expired, message: 'This voucher has expired.' },
  NotYetValid: { code: VoucherErrorCode.NotYetValid, message: 'This voucher is not available yet.' },
  FirstOrderOnly: { code: VoucherErrorCode.FirstOrderOnly, message: 'This voucher is valid only for your first order.' },
  WalletFunds: {
    code: VoucherErrorCode.WalletFunds,
    message: 'Vouchers give no discount when adding funds to your wallet.',
  },
  OnlyForCourse: { code: VoucherErrorCode.OnlyForCourse, message: 'This voucher is only available for the course {course}.' },
  NotForProduct: { code: VoucherErrorCode.NotForProduct, message: 'This voucher is not available for this product.' },
  AlreadyDiscounted: { code: VoucherErrorCode.AlreadyDiscounted, message: 'An additional discount is already applied.' },
  UsedUp: { code: VoucherErrorCode.UsedUp, message: 'This voucher has already been used.' },
  UsedByUser: { code: VoucherErrorCode.UsedByUser, message: 'You have already used this voucher.' },
} as const;

export type VoucherRejectionReason = keyof typeof VoucherRejection;

/** A refused voucher as a 422 with the message under the `code` field. */
export function voucherError(reason: VoucherRejectionReason, params: Record<string, string> = {}): DomainError {
  const { code, message } = VoucherRejection[reason];
  const text = message.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '');
  return new DomainError(code, text, 422, { code: [text] });
}
