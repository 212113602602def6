import {
  ACCOUNT_STATUSES,
  GENDERS,
  KYC_STATUSES,
  type AccountStatus,
  type BillingInformationDto,
  type CompanyDto,
  type Gender,
  type KycStatus,
  type PersonalInformationDto,
  type ProfileDto,
} from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { AccountUserResponse } from './account-user.response.js';

export class PersonalInformationResponse implements PersonalInformationDto {
  @ApiProperty({ type: String, nullable: true, example: '1990-05-17' })
  birth_date: string | null;

  @ApiProperty({ enum: GENDERS, nullable: true })
  gender: Gender | null;

  @ApiProperty({ type: String, nullable: true })
  birth_place: string | null;

  @ApiProperty({ description: 'Filled once: the form is read-only' })
  filled: boolean;

  @ApiProperty({ type: String, nullable: true })
  filled_at: string | null;
}

export class CompanyResponse implements CompanyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ type: String, nullable: true })
  code: string | null;

  @ApiProperty({ type: String, nullable: true })
  vat_number: string | null;

  @ApiProperty({ example: 'LT' })
  country: string;

  @ApiProperty({ example: 'Lithuania' })
  country_name: string;

  @ApiProperty()
  city: string;

  @ApiProperty()
  address: string;

  @ApiProperty()
  zip: string;

  @ApiProperty({ enum: KYC_STATUSES })
  kyc_status: KycStatus;

  @ApiProperty({ enum: ACCOUNT_STATUSES })
  status: AccountStatus;

  @ApiProperty({ type: String, nullable: true })
  review_until: string | null;

  @ApiProperty({ enum: [false] })
  editable: false;

  @ApiProperty({ description: 'The "contact support" text' })
  change_request_message: string;
}

export class ProfileKycResponse {
  @ApiProperty({ enum: KYC_STATUSES })
  status: KycStatus;

  @ApiProperty({ type: String, nullable: true })
  reason: string | null;

  @ApiProperty({ type: String, nullable: true })
  decided_at: string | null;
}

/** The profile page (`ProfileDto`). */
export class ProfileResponse extends AccountUserResponse implements ProfileDto {
  @ApiProperty({ enum: [false] })
  email_change_supported: false;

  @ApiProperty({ type: PersonalInformationResponse })
  personal_information: PersonalInformationResponse;

  @ApiProperty({ type: CompanyResponse, nullable: true })
  company: CompanyResponse | null;

  @ApiProperty({ type: ProfileKycResponse, nullable: true })
  kyc: ProfileKycResponse | null;
}

export class ProfileDataResponse {
  @ApiProperty({ type: ProfileResponse })
  data: ProfileResponse;
}

export class ProfileUpdatedResponse extends ProfileDataResponse {
  @ApiProperty()
  message: string;
}

export class PersonalInformationSavedResponse {
  @ApiProperty()
  message: string;

  @ApiProperty({ type: PersonalInformationResponse })
  data: PersonalInformationResponse;
}

export class AvatarUrlResponse {
  @ApiProperty({ example: '/profile/avatar?v=1763700000000' })
  avatar_url: string;
}

export class AvatarUploadedResponse {
  @ApiProperty()
  message: string;

  @ApiProperty({ type: AvatarUrlResponse })
  data: AvatarUrlResponse;
}

export class CompanyDataResponse {
  @ApiProperty({ type: CompanyResponse, nullable: true })
  data: CompanyResponse | null;
}

export class BillingInformationResponse implements BillingInformationDto {
  @ApiProperty()
  person: string;

  @ApiProperty()
  email: string;

  @ApiProperty()
  phone: string;

  @ApiProperty({ example: 'LT' })
  country: string;

  @ApiProperty()
  region: string;

  @ApiProperty()
  city: string;

  @ApiProperty()
  address: string;

  @ApiProperty()
  zip: string;

  @ApiProperty()
  to_company: boolean;

  @ApiProperty()
  company: string;

  @ApiProperty()
  company_code: string;

  @ApiProperty()
  vat: string;

  @ApiProperty({ type: String, nullable: true, description: 'Null until saved once (pre-filled from the account)' })
  updated_at: string | null;
}

export class BillingDataResponse {
  @ApiProperty({ type: BillingInformationResponse })
  data: BillingInformationResponse;
}
