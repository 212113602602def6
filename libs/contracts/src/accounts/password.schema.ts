import { z } from 'zod';
import { formField, formSchema, textField } from '../common/form-schema.js';
import { accountEmailChecks, confirmationDiffers, newPasswordChecks } from './account-fields.schema.js';
import { AccountMessages } from './messages.js';

/** `POST /password/email` (learning §8 Password reset): where to send the reset link. */
export const passwordResetLinkRequestSchema = formSchema({
  email: textField(accountEmailChecks()),
});
export type PasswordResetLinkRequest = z.input<typeof passwordResetLinkRequestSchema>;

const newPassword = () => formField<string, string>(newPasswordChecks(), (value) => value as string);
const confirmation = () => formField<string, string>([], (value) => value as string);
const confirms = { field: 'password_confirmation', message: AccountMessages.passwordConfirmation } as const;

/** `POST /password/reset`: the token and e-mail of the reset link, the new password and its confirmation. */
export const passwordResetRequestSchema = formSchema(
  {
    /** A bad token is answered under `token` by the service. */
    token: formField<string, string>([], (value) => value as string),
    email: textField(accountEmailChecks()),
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
    ),
    password: newPassword(),
    password_confirmation: confirmation(),
  },
  [{ ...confirms, breaks: (form) => confirmationDiffers(form.password, form.password_confirmation) }],
);
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;
