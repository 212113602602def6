import { isTicked, type BillingInformationDto, type billingUpdateRequestSchema } from '@aero/contracts';
import type { z } from 'zod';

/** The billing fields once checked: the DTO without its timestamp. */
export type CheckedBilling = Omit<BillingInformationDto, 'updated_at'>;

/**
 * The billing form as it is stored, once it passed its rules (`billingRequestSchema`, spec:
 * learning §3, §5): text trimmed, the country id and the VAT number upper-case; without
 * `to_company` the company fields are cleared.
 */
export function checkedBilling(form: z.output<typeof billingUpdateRequestSchema>): CheckedBilling {
  const text = (value: string) => value.trim();
  const toCompany = isTicked(form.to_company);
  return {
    person: text(form.person),
    email: text(form.email),
    phone: text(form.phone),
    country: text(form.country).toUpperCase(),
    region: text(form.region),
    city: text(form.city),
    address: text(form.address),
    zip: text(form.zip),
    to_company: toCompany,
    company: toCompany ? text(form.company) : '',
    company_code: toCompany ? text(form.company_code) : '',
    vat: toCompany ? text(form.vat).toUpperCase() : '',
  };
}
