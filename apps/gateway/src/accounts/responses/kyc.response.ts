import { KYC_STATUSES, KYC_SUBJECT_TYPES, type KycStatus, type KycSubjectDto, type KycSubjectType } from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { PaginationResponse } from '../../openapi/pagination.response.js';

export class KycSubjectResponse implements KycSubjectDto {
  @ApiProperty({ enum: KYC_SUBJECT_TYPES })
  subject_type: KycSubjectType;

  @ApiProperty({ format: 'uuid' })
  subject_id: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ type: String, nullable: true })
  country: string | null;

  @ApiProperty({ type: String, nullable: true })
  company_code: string | null;

  @ApiProperty({ type: String, nullable: true })
  vat_number: string | null;

  @ApiProperty({ enum: KYC_STATUSES })
  status: KycStatus;

  @ApiProperty({ type: String, nullable: true })
  reason: string | null;

  @ApiProperty({ type: String, nullable: true })
  decided_at: string | null;

  @ApiProperty()
  created_at: string;
}


export class KycListMetaResponse {
  @ApiProperty({ type: PaginationResponse })
  pagination: PaginationResponse;
}

export class KycListResponse {
  @ApiProperty({ type: [KycSubjectResponse] })
  data: KycSubjectResponse[];

  @ApiProperty({ type: KycListMetaResponse })
  meta: KycListMetaResponse;
}

export class KycDecidedResponse {
  @ApiProperty()
  message: string;

  @ApiProperty({ type: KycSubjectResponse })
  data: KycSubjectResponse;
}
