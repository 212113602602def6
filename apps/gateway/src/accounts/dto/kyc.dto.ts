import { AccountLimits, AccountMessages, KYC_SUBJECT_TYPES, type KycSubjectType } from '@aero/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { FieldRule, isGiven, OneOf, Text, textOf } from '../validation/account-fields.js';

/** `GET /api/kyc/pending?page=&search=`. */
export class KycPendingQuery {
  @ApiPropertyOptional({ example: 1, minimum: 1 })
  @FieldRule('isPage', AccountMessages.invalidChoice('page'), (value) => !isGiven(value) || /^[1-9]\d{0,5}$/.test(String(value)))
  page?: string;

  @ApiPropertyOptional({ description: 'Name or e-mail contains' })
  @Text({ label: 'search', max: 255 })
  search?: string;
}

/** The check in the path of `POST /kyc/{subject_type}/{id}/approve|decline`. */
export class KycSubjectParams {
  @ApiProperty({ enum: KYC_SUBJECT_TYPES })
  @OneOf('subject type', KYC_SUBJECT_TYPES)
  subject_type: KycSubjectType;

  @ApiProperty({ description: 'The company or user id' })
  @IsString()
  id: string;
}

/** Approving may note a reason. */
export class KycApproveDto {
  @ApiPropertyOptional({ maxLength: AccountLimits.kycReasonMax })
  @Text({ label: 'reason', max: AccountLimits.kycReasonMax })
  reason?: string;
}

/** Declining needs a reason. */
export class KycDeclineDto {
  @ApiProperty({ maxLength: AccountLimits.kycReasonMax })
  @Text({ label: 'reason', max: AccountLimits.kycReasonMax })
  @FieldRule('isNotEmpty', AccountMessages.kycReasonRequired, (value) => textOf(value) !== '')
  reason: string;
}
