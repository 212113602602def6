import { ApiPropertyOptional } from '@nestjs/swagger';
import { Text } from '../validation/account-fields.js';

/** `GET /countries/search?q=`: matches ids and names. */
export class CountrySearchQuery {
  @ApiPropertyOptional({ example: 'lit' })
  @Text({ label: 'search query', max: 100 })
  q?: string;
}
