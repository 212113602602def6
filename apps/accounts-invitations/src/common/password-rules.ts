import { AccountLimits, AccountMessages } from '@aero/contracts';
import type { FormErrors } from './form-errors.js';

/**
 * The password rules (docs/decisions.md #1): at least 8 characters, a number and an uppercase
 * letter, and equal to its confirmation. The password is never trimmed. The confirmation
 * message goes under `confirmationField`, next to the box the user mistyped.
 */
export function checkPassword(
  errors: FormErrors,
  password: unknown,
  confirmation: unknown,
  fields: { password: string; confirmation: string } = { password: 'password', confirmation: 'password_confirmation' },
): string {
  if (password === undefined || password === null || password === '') {
    errors.add(fields.password, AccountMessages.required('password'));
    return '';
  }
  if (typeof password !== 'string') {
    errors.add(fields.password, AccountMessages.mustBeText('password'));
    return '';
  }
  if (password.length < AccountLimits.passwordMin) {
    errors.add(fields.password, AccountMessages.minLength('password', AccountLimits.passwordMin));
  }
  if (password.length > AccountLimits.passwordMax) {
    errors.add(fields.password, AccountMessages.maxLength('password', AccountLimits.passwordMax));
  }
  if (!/\p{Nd}/u.test(password)) errors.add(fields.password, AccountMessages.passwordNumber);
  if (!/\p{Lu}/u.test(password)) errors.add(fields.password, AccountMessages.passwordUppercase);
  if (confirmation !== password) errors.add(fields.confirmation, AccountMessages.passwordConfirmation);
  return password;
}
