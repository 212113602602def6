import { z } from 'zod';
import { formField, formSchema, textField } from '../common/form-schema.js';
import { accountEmailChecks, confirmationDiffers, newPasswordChecks } from './account-fields.schema.js';
import { AccountMessages } from './messages.js';

const EMAIL_DOC = { example: 'student@aeromaint.local', required: true };

/** `POST /password/email` (learning §8 Password reset): where to send the reset link. */
export const passwordResetLinkRequestSchema = formSchema({
  email: textField(accountEmailChecks(), EMAIL_DOC),
});
export type PasswordResetLinkRequest = z.input<typeof passwordResetLinkRequestSchema>;

const newPassword = () =>
  formField<string, string>(newPasswordChecks(), (value) => value as string, { type: 'string', example: 'Hangar2026', description: 'At least 8 characters with a number and an uppercase letter', required: true });
const confirmation = () => formField<string, string>([], (value) => value as string, { type: 'string', example: 'Hangar2026', required: true });
const confirms = { field: 'password_confirmation', message: AccountMessages.passwordConfirmation } as const;

/** `POST /password/reset`: the token and e-mail of the reset link, the new password and its confirmation. */
export const passwordResetRequestSchema = formSchema(
  {
    /** A bad token is answered under `token` by the service. */
    token: formField<string, string>([], (value) => value as string, { type: 'string', description: 'The token of the reset link; a bad one is reported under email', required: true }),
    email: textField(accountEmailChecks(), EMAIL_DOC),
    password: newPassword(),
    password_confirmation: confirmation(),
  },
  [{ ...confirms, breaks: (form) => confirmationDiffers(form.password, form.password_confirmation) }],
);
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** `PATCH /profile/password` (learning §2 profile): the current password, the new one and its confirmation. */
export const passwordChangeRequestSchema = formSchema(
  {
    current_password: formField<string, string>(
      [{ message: AccountMessages.currentPasswordWrong, breaks: (value) => typeof value !== 'string' || value === '' }],
      (value) => value as string,
      { type: 'string', required: true },
    ),
    password: newPassword(),
    password_confirmation: confirmation(),
  },
  [{ ...confirms, breaks: (form) => confirmationDiffers(form.password, form.password_confirmation) }],
);
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;
