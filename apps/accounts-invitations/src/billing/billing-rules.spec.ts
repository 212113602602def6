import { AccountMessages, billingUpdateRequestSchema, formErrors } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { checkedBilling } from './billing-rules.js';

const base = { person: 'Lena Berg', email: 'lena@example.com', country: 'DE', city: 'Berlin', address: 'Main 1', zip: '10115' };

/** The billing form as accounts-invitations reads it: its field errors, and the stored fields when it has none. */
function checkBilling(form: Record<string, unknown>) {
  const errors = formErrors(billingUpdateRequestSchema, form) ?? {};
  const any = Object.keys(errors).length > 0;
  return { value: any ? null : checkedBilling(billingUpdateRequestSchema.parse(form)), errors: { any, toRecord: () => errors } };
}

describe('billing rules', () => {
  it('accepts a private billing address and clears the company fields', () => {
    const { value, errors } = checkBilling({ ...base, company: 'left over', vat: 'DE1' });
    expect(errors.any).toBe(false);
    expect(value).toEqual(expect.objectContaining({ to_company: false, company: '', company_code: '', vat: '', region: '', phone: '' }));
  });

  it('requires the region for US, CA and MX only', () => {
    for (const country of ['US', 'CA', 'MX']) {
      expect(checkBilling({ ...base, country }).errors.toRecord()).toEqual({ region: [AccountMessages.regionRequired] });
      expect(checkBilling({ ...base, country, region: 'X' }).errors.any).toBe(false);
    }
    expect(checkBilling({ ...base, country: 'FR' }).errors.any).toBe(false);
  });

  it('requires company, company code and VAT when billing to a company', () => {
    expect(checkBilling({ ...base, to_company: 1 }).errors.toRecord()).toEqual({
      company: ['The company is required.'],
      company_code: ['The company code is required.'],
      vat: ['The VAT number is required.'],
    });
  });

  it('checks the phone format when a phone is given', () => {
    expect(checkBilling({ ...base, phone: '+1 (555) 010-9999' }).errors.any).toBe(false);
    for (const phone of ['12', 'call me', '+49 30 <script>']) {
      expect(checkBilling({ ...base, phone }).errors.toRecord()).toEqual({ phone: ['The phone has an invalid format.'] });
    }
  });
});
