import { z } from 'zod';
import { formSchema, textField, textOf } from '../common/form-schema.js';
import { accountTextChecks } from './account-fields.schema.js';
import { AccountLimits, AccountMessages } from './messages.js';

const reasonChecks = () => accountTextChecks({ label: 'reason', max: AccountLimits.kycReasonMax });

/** `POST /kyc/{subject_type}/{id}/approve` (learning §6): approving may note a reason. */
export const kycApprovalRequestSchema = formSchema({
  reason: textField(reasonChecks(), { maxLength: AccountLimits.kycReasonMax }).optional(),
});
export type KycApprovalRequest = z.input<typeof kycApprovalRequestSchema>;

/** `POST /kyc/{subject_type}/{id}/decline` (learning §6): declining needs a reason. */
export const kycDeclineRequestSchema = formSchema({
  reason: textField([...reasonChecks(), { message: AccountMessages.kycReasonRequired, breaks: (value) => textOf(value) === '' }], {
    maxLength: AccountLimits.kycReasonMax,
    required: true,
  }),
});
export type KycDeclineRequest = z.input<typeof kycDeclineRequestSchema>;
