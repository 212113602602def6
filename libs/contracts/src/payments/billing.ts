import { z } from 'zod';

/**
 * The buyer's billing information at the moment the order was placed (learning spec §3,
 * "Billing information"). Kept on the order as it was, so a later profile edit never changes an
 * issued invoice. Every text field may be null when the buyer left it empty.
 */
export const billingSnapshotSchema = z.object({
  person: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  /** Bill to the company (`to_company` flag of the billing form) rather than to the person. */
  to_company: z.boolean(),
  company: z.string().nullable(),
  company_code: z.string().nullable(),
  vat: z.string().nullable(),
});

export type BillingSnapshot = z.infer<typeof billingSnapshotSchema>;
