import type { PaginationMeta } from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';

/** OpenAPI schema of `meta.pagination` in every list answer. */
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
