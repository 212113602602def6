import {
  ACCOUNT_ROLES,
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  KYC_STATUSES,
  type AccountRestrictionDto,
  type AccountRole,
  type AccountStatus,
  type AccountType,
  type AccountUserDto,
  type KycStatus,
} from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';

export class AccountRestrictionResponse implements AccountRestrictionDto {
  @ApiProperty({ enum: ['banned', 'compliance_review'] })
  status: Exclude<AccountStatus, 'active'>;

  @ApiProperty({ enum: ['user', 'company'] })
  scope: 'user' | 'company';

  @ApiProperty({ type: String, nullable: true, description: 'End of a compliance review (ISO time)' })
  review_until: string | null;

  @ApiProperty({ description: 'The account restriction notice' })
  message: string;
}

/** OpenAPI schema of the signed-in user (`AccountUserDto`). */
export class AccountUserResponse implements AccountUserDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'student@aeromaint.local' })
  email: string;

  @ApiProperty()
  nick: string;

  @ApiProperty()
  first_name: string;

  @ApiProperty()
  last_name: string;

  @ApiProperty({ description: '"First Last"' })
  name: string;

  @ApiProperty({ enum: ACCOUNT_ROLES, isArray: true })
  roles: AccountRole[];

  @ApiProperty({ enum: ACCOUNT_TYPES })
  type: AccountType;

  @ApiProperty({ type: String, nullable: true })
  company_id: string | null;

  @ApiProperty({ type: String, nullable: true })
  company_name: string | null;

  @ApiProperty()
  email_verified: boolean;

  @ApiProperty({ enum: ACCOUNT_STATUSES })
  status: AccountStatus;

  @ApiProperty({ type: String, nullable: true })
  review_until: string | null;

  @ApiProperty({ type: AccountRestrictionResponse, nullable: true })
  restriction: AccountRestrictionResponse | null;

  @ApiProperty({ type: String, nullable: true })
  terms_accepted_version: string | null;

  @ApiProperty({ type: String, nullable: true })
  terms_accepted_at: string | null;

  @ApiProperty({ description: 'False: show the terms acceptance form' })
  terms_up_to_date: boolean;

  @ApiProperty({ enum: KYC_STATUSES, nullable: true })
  kyc_status: KycStatus | null;

  @ApiProperty()
  newsletter_opt_in: boolean;

  @ApiProperty({ type: String, nullable: true })
  avatar_url: string | null;

  @ApiProperty()
  created_at: string;

  @ApiProperty({
    example: 1,
    description: 'Session generation: one more with every password change or reset, which signs out the sessions of earlier ones',
  })
  session_version: number;
}

/** `GET /api/me`. */
export class MeResponse {
  @ApiProperty({ type: AccountUserResponse, nullable: true })
  data: AccountUserResponse | null;
}

/** `POST /login`. */
export class LoginResponse {
  @ApiProperty({ type: AccountUserResponse })
  data: AccountUserResponse;

  @ApiProperty({ example: '/' })
  redirect: string;
}
