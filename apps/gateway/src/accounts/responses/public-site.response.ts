import type { CountryDto } from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';

export class CountryResponse implements CountryDto {
  @ApiProperty({ example: 'LT', description: 'ISO 3166 alpha-2 id' })
  id: string;

  @ApiProperty({ example: 'Lithuania' })
  name: string;
}

export class CountryListResponse {
  @ApiProperty({ type: [CountryResponse] })
  data: CountryResponse[];
}

export class TermsResponse {
  @ApiProperty({ description: 'The page body (trusted HTML)' })
  body: string;

  @ApiProperty({ description: 'The version shown: when the terms article was last updated' })
  version: string;
}

export class TermsDataResponse {
  @ApiProperty({ type: TermsResponse })
  data: TermsResponse;
}
