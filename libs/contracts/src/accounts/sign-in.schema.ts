import { z } from 'zod';
import { checkboxField, formField, formSchema, textField } from '../common/form-schema.js';
import { accountEmailChecks, givenTextChecks } from './account-fields.schema.js';

/** `POST /login` (learning §8 Login): e-mail, password, remember me. */
export const loginRequestSchema = formSchema({
  email: textField(accountEmailChecks()),
  password: formField<string, string>(givenTextChecks('password'), (value) => value as string),
  /** Stay signed in for 3 years on this browser. */
  remember: checkboxField().optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

