import { ApiProperty } from '@nestjs/swagger';
import { ProductResponse } from './product.response.js';

/** OpenAPI schema of `GET /api/products`. */
export class ProductListResponse {
  @ApiProperty({ type: [ProductResponse] })
  data: ProductResponse[];
}
