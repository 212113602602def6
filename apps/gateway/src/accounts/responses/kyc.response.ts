import { KYC_STATUSES, KYC_SUBJECT_TYPES, type KycStatus, type KycSubjectDto, type KycSubjectType, type PaginationMeta } from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';

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

export class PaginationResponse implements PaginationMeta {
  @ApiProperty()
  total: number;

  @ApiProperty()
  count: number;

  @ApiProperty()
  per_page: number;

  @ApiProperty()
  current_page: number;

  @ApiProperty()
  total_pages: number;
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
