import {
  AccountLimits,
  AccountMessages,
  REGION_REQUIRED_COUNTRIES,
  type BillingInformationDto,
  type UpdateBillingRequest,
} from '@aero/contracts';
import { FormErrors, parseFlag, readEmail, readText } from '../common/form-errors.js';

/** The billing fields once checked: the DTO without its timestamp. */
export type CheckedBilling = Omit<BillingInformationDto, 'updated_at'>;

const PHONE = /^\+?[0-9 ()./-]+$/;
const ZIP = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
const VAT = /^[A-Za-z0-9][A-Za-z0-9 .-]*$/;

/**
 * The billing form (spec: learning §3, §5): billing contact (person and email required, phone
 * optional), billing address (country as an ISO id, region required for US/CA/MX, city,
 * address, zip) and, when billing to a company, company, company code and VAT required. Without
 * `to_company` the company fields are cleared.
 */
export function checkBilling(input: UpdateBillingRequest, isCountry: (id: string) => boolean): { value: CheckedBilling; errors: FormErrors } {
  const errors = new FormErrors();
  const person = readText(errors, 'person', input.person, { label: 'person', required: true, max: AccountLimits.companyNameMax });
  const email = readEmail(errors, 'email', input.email);
  const phone = readText(errors, 'phone', input.phone, { label: 'phone', max: AccountLimits.phoneMax });
  if (phone && !errors.has('phone') && (!PHONE.test(phone) || (phone.match(/\d/g) ?? []).length < 5)) {
    errors.add('phone', AccountMessages.invalidFormat('phone'));
  }
  const countryText = readText(errors, 'country', input.country, { label: 'country', required: true, max: 100 });
  const country = countryText.toUpperCase();
  if (countryText && !errors.has('country') && !isCountry(country)) errors.add('country', AccountMessages.invalidChoice('country'));
  const regionRequired = (REGION_REQUIRED_COUNTRIES as readonly string[]).includes(country);
  const region = readText(errors, 'region', input.region, { label: 'region', max: AccountLimits.regionMax });
  if (regionRequired && !region && !errors.has('region')) errors.add('region', AccountMessages.regionRequired);
  const city = readText(errors, 'city', input.city, { label: 'city', required: true, max: AccountLimits.cityMax });
  const address = readText(errors, 'address', input.address, { label: 'address', required: true, max: AccountLimits.addressMax });
  const zip = readText(errors, 'zip', input.zip, { label: 'zip code', required: true, max: AccountLimits.zipMax });
  if (zip && !errors.has('zip') && !ZIP.test(zip)) errors.add('zip', AccountMessages.invalidFormat('zip code'));

  const toCompany = parseFlag(input.to_company);
  let company = '';
  let companyCode = '';
  let vat = '';
  if (toCompany) {
    company = readText(errors, 'company', input.company, { label: 'company', required: true, max: AccountLimits.companyNameMax });
    companyCode = readText(errors, 'company_code', input.company_code, { label: 'company code', required: true, max: AccountLimits.companyCodeMax });
    vat = readText(errors, 'vat', input.vat, { label: 'VAT number', required: true, max: AccountLimits.vatMax });
    if (vat && !errors.has('vat') && !VAT.test(vat)) errors.add('vat', AccountMessages.invalidFormat('VAT number'));
  }
  return {
    value: { person, email, phone, country, region, city, address, zip, to_company: toCompany, company, company_code: companyCode, vat: vat.toUpperCase() },
    errors,
  };
}
