import type { ProductImages } from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';

/**
 * OpenAPI schema of a product's pictures. It `implements` the contract type, so the documentation
 * cannot drift from what catalog-cart sends.
 */
export class ProductImagesResponse implements ProductImages {
  @ApiProperty({ name: '16by9', example: '/images/products/part-66-16by9.svg' })
  '16by9': string;

  @ApiProperty({ example: '/images/products/part-66-thumb.svg' })
  thumbnail: string;
}
