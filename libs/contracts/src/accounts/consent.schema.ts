import { z } from 'zod';
import { binaryFlag, checkboxField, formField, formSchema, isTicked, textField } from '../common/form-schema.js';
import { mustBeTextChecks } from './account-fields.schema.js';
import { AccountMessages } from './messages.js';

/** `POST /terms/accept` (shop §2): the ticked terms and where to go afterwards. */
export const termsAcceptanceRequestSchema = formSchema({
  terms_and_conditions: checkboxField([{ message: AccountMessages.termsRequired, breaks: (value) => !isTicked(value) }], {
    example: '1',
    description: 'Must be ticked',
    required: true,
  }),
  /** A path on this site; default `/`. */
  redirect: textField(mustBeTextChecks('redirect'), { example: '/', description: 'A path on this site; default /' }).optional(),
});
export type TermsAcceptanceRequest = z.input<typeof termsAcceptanceRequestSchema>;

/** `PATCH /profile/update-newsletter-consent` (shop §2 newsletter consent dialog): 1 subscribes, 0 unsubscribes. */
export const newsletterConsentRequestSchema = formSchema({
  opt_in: formField<0 | 1, 0 | 1>(
    [{ message: AccountMessages.invalidChoice('opt in'), breaks: (value) => binaryFlag(value) === undefined }],
    (value) => (binaryFlag(value) ? 1 : 0),
    { type: 'number', enum: [1, 0], description: '1 subscribes, 0 unsubscribes', required: true },
  ),
});
export type NewsletterConsentRequest = z.input<typeof newsletterConsentRequestSchema>;
