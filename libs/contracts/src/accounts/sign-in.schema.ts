import { z } from 'zod';
import { checkboxField, formField, formSchema, textField } from '../common/form-schema.js';
import { accountEmailChecks, givenTextChecks } from './account-fields.schema.js';

/** `POST /login` (learning §8 Login): e-mail, password, remember me. */
export const loginRequestSchema = formSchema({
  email: textField(accountEmailChecks(), { example: 'student@aeromaint.local', required: true }),
  password: formField<string, string>(givenTextChecks('password'), (value) => value as string, { type: 'string', example: 'Aviation2026!', required: true }),
  /** Stay signed in for 3 years on this browser. */
  remember: checkboxField([], { description: 'Stay signed in for 3 years on this browser: true, 1 or "on"', example: true }).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

