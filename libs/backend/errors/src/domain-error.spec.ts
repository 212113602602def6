import { AccountErrorCode, CommonErrorCode, PaymentsErrorCode } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { DomainError } from './domain-error.js';

describe('DomainError', () => {
  it('carries a code of contracts\' ErrorCode union to the answer', () => {
    expect(new DomainError(PaymentsErrorCode.CartEmpty, 'Your cart is empty.', 422).toPayload()).toEqual({
      code: 'order.cart_empty',
      message: 'Your cart is empty.',
      status: 422,
    });
    expect(DomainError.field('email', 'The email has already been taken.', AccountErrorCode.EmailTaken).toPayload()).toEqual({
      code: 'accounts.email_taken',
      message: 'The email has already been taken.',
      status: 422,
      errors: { email: ['The email has already been taken.'] },
    });
    expect(DomainError.notFound('Order not found.').code).toBe(CommonErrorCode.NotFound);
  });

  it('refuses a code that is not one of them (a misspelling fails the type check)', () => {
    // @ts-expect-error 'order.cart_emtpy' is not an ErrorCode
    const misspelt = new DomainError('order.cart_emtpy', 'Your cart is empty.');
    // @ts-expect-error any text is not an ErrorCode either
    const anyText = DomainError.field('email', 'Wrong.', 'email.wrong' as string);
    expect([misspelt.code, anyText.code]).toEqual(['order.cart_emtpy', 'email.wrong']);
  });
});
