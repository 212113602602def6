import { ACCOUNT_TYPES, AccountLimits, AccountMessages } from '@aero/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  ConfirmsPassword,
  Email,
  FieldRule,
  isGiven,
  isTicked,
  NewPassword,
  OneOf,
  OptionalText,
  Text,
  Ticked,
  VAT_FORMAT,
  When,
  ZIP_FORMAT,
} from '../validation/account-fields.js';

type Form = Record<string, unknown>;
const byInvitation = (form: Form) => isGiven(form.invitation_token);
/** Ticking is_corporate (or type company) makes a company account. */
const corporate = (form: Form) => isTicked(form.is_corporate) || form.type === 'company';
/** Company fields count only for a corporate account that is not registering from an invitation. */
const companyAccount = (form: Form) => corporate(form) && !byInvitation(form);

/**
 * `POST /register`: the registration form of shop §3 (RegistrationForm of libs/contracts), the
 * invitation variant (`invitation_token`: the invitation's e-mail is used, no corporate account)
 * and the redirect after success.
 */
export class RegisterDto {
  @ApiProperty({ example: 'lena.berg', minLength: AccountLimits.nickMin, maxLength: AccountLimits.nickMax })
  @Text({ label: 'nick', required: true, min: AccountLimits.nickMin, max: AccountLimits.nickMax })
  nick: string;

  @ApiProperty({ example: 'Lena', maxLength: AccountLimits.nameMax })
  @Text({ label: 'first name', required: true, max: AccountLimits.nameMax })
  first_name: string;

  @ApiProperty({ example: 'Berg', maxLength: AccountLimits.nameMax })
  @Text({ label: 'last name', required: true, max: AccountLimits.nameMax })
  last_name: string;

  @ApiPropertyOptional({ example: 'lena.berg@example.com', description: 'Ignored with an invitation (its e-mail is used)' })
  @When((form) => !byInvitation(form), Email())
  email?: string;

  @ApiProperty({ example: 'Hangar2026', description: 'At least 8 characters with a number and an uppercase letter' })
  @NewPassword()
  password: string;

  @ApiProperty({ example: 'Hangar2026' })
  @ConfirmsPassword()
  password_confirmation: string;

  @ApiPropertyOptional({ enum: ACCOUNT_TYPES, default: 'student' })
  @OneOf('type', ACCOUNT_TYPES)
  type?: string;

  @ApiProperty({ example: '1', description: 'Must be ticked' })
  @Ticked(AccountMessages.termsRequired)
  terms_and_conditions: unknown;

  @ApiPropertyOptional({ description: 'Ticked: a company account with the company fields' })
  @FieldRule('invitationCorporate', AccountMessages.invitationCorporate, (_value, form) => !(corporate(form) && byInvitation(form)))
  is_corporate?: unknown;

  @ApiPropertyOptional({ description: 'Subscribe to the newsletter' })
  @Allow()
  newsletters?: unknown;

  @ApiPropertyOptional({ maxLength: AccountLimits.companyNameMax })
  @When(companyAccount, Text({ label: 'company name', required: true, max: AccountLimits.companyNameMax }))
  company_name?: string;

  @ApiPropertyOptional({ maxLength: AccountLimits.companyCodeMax })
  @When(companyAccount, Text({ label: 'company code', max: AccountLimits.companyCodeMax }))
  company_code?: string;

  @ApiPropertyOptional({ maxLength: AccountLimits.vatMax })
  @When(companyAccount, Text({ label: 'VAT number', max: AccountLimits.vatMax, format: VAT_FORMAT }))
  vat_number?: string;

  @ApiPropertyOptional({ example: 'LT', description: 'ISO 3166 alpha-2 id (GET /countries/all)' })
  @When(companyAccount, Text({ label: 'company country', required: true, max: 100 }))
  company_country?: string;

  @ApiPropertyOptional({ maxLength: AccountLimits.cityMax })
  @When(companyAccount, Text({ label: 'city', required: true, max: AccountLimits.cityMax }))
  city?: string;

  @ApiPropertyOptional({ maxLength: AccountLimits.addressMax })
  @When(companyAccount, Text({ label: 'address', required: true, max: AccountLimits.addressMax }))
  address?: string;

  @ApiPropertyOptional({ maxLength: AccountLimits.zipMax })
  @When(companyAccount, Text({ label: 'zip code', required: true, max: AccountLimits.zipMax, format: ZIP_FORMAT }))
  zip?: string;

  @ApiPropertyOptional({ description: 'The token of the invitation link' })
  @OptionalText('invitation')
  invitation_token?: string;

  @ApiPropertyOptional({ description: 'Cookie consent given in the form' })
  @Allow()
  necessary_cookies_consent?: unknown;

  @ApiPropertyOptional()
  @Allow()
  statistics_cookies_consent?: unknown;

  @ApiPropertyOptional()
  @Allow()
  social_cookies_consent?: unknown;

  @ApiPropertyOptional({ example: '/cart', description: 'A path on this site; default /profile' })
  @OptionalText('redirect')
  redirect?: string;
}
