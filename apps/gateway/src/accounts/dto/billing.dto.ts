import { AccountLimits, AccountMessages, REGION_REQUIRED_COUNTRIES } from '@aero/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { Email, FieldRule, isPhone, isTicked, Text, textOf, VAT_FORMAT, When, ZIP_FORMAT } from '../validation/account-fields.js';

const toCompany = (form: Record<string, unknown>) => isTicked(form.to_company);

/**
 * `PATCH /profile/billing` (learning §3 billing form): billing contact, billing address (region
 * required for the United States, Canada and Mexico) and, when billing to a company, its
 * company, code and VAT number.
 */
export class BillingDto {
  @ApiProperty({ example: 'Lena Berg', maxLength: AccountLimits.companyNameMax })
  @Text({ label: 'person', required: true, max: AccountLimits.companyNameMax })
  person: string;

  @ApiProperty({ example: 'billing@example.com' })
  @Email()
  email: string;

  @ApiPropertyOptional({ example: '+370 600 00000', maxLength: AccountLimits.phoneMax })
  @Text({ label: 'phone', max: AccountLimits.phoneMax, format: isPhone })
  phone?: string;

  @ApiProperty({ example: 'LT', description: 'ISO 3166 alpha-2 id (GET /countries/all)' })
  @Text({ label: 'country', required: true, max: 100 })
  country: string;

  @ApiPropertyOptional({ description: 'Required for US, CA and MX', maxLength: AccountLimits.regionMax })
  @Text({ label: 'region', max: AccountLimits.regionMax })
  @FieldRule('regionRequired', AccountMessages.regionRequired, (value, form) => {
    const country = textOf(form.country)?.toUpperCase() ?? '';
    return textOf(value) !== '' || !(REGION_REQUIRED_COUNTRIES as readonly string[]).includes(country);
  })
  region?: string;

  @ApiProperty({ example: 'Vilnius', maxLength: AccountLimits.cityMax })
  @Text({ label: 'city', required: true, max: AccountLimits.cityMax })
  city: string;

  @ApiProperty({ example: 'Rodūnios kelias 2', maxLength: AccountLimits.addressMax })
  @Text({ label: 'address', required: true, max: AccountLimits.addressMax })
  address: string;

  @ApiProperty({ example: 'LT-02189', maxLength: AccountLimits.zipMax })
  @Text({ label: 'zip code', required: true, max: AccountLimits.zipMax, format: ZIP_FORMAT })
  zip: string;

  @ApiPropertyOptional({ description: 'Bill to a company: company, company_code and vat become required' })
  @Allow()
  to_company?: unknown;

  @ApiPropertyOptional({ maxLength: AccountLimits.companyNameMax })
  @When(toCompany, Text({ label: 'company', required: true, max: AccountLimits.companyNameMax }))
  company?: string;

  @ApiPropertyOptional({ maxLength: AccountLimits.companyCodeMax })
  @When(toCompany, Text({ label: 'company code', required: true, max: AccountLimits.companyCodeMax }))
  company_code?: string;

  @ApiPropertyOptional({ maxLength: AccountLimits.vatMax })
  @When(toCompany, Text({ label: 'VAT number', required: true, max: AccountLimits.vatMax, format: VAT_FORMAT }))
  vat?: string;
}
