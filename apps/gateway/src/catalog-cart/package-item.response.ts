import type { PackageItem } from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';

/**
 * OpenAPI schema of one product inside a package. It `implements` the contract type, so the documentation
 * cannot drift from what catalog-cart sends.
 */
export class PackageItemResponse implements PackageItem {
  @ApiProperty({ example: 201 })
  id: number;

  @ApiProperty({ example: 'Part-145 Initial Training' })
  name: string;

  @ApiProperty({ example: '/e-shop/part-145-initial-training' })
  url: string;

  @ApiProperty({ example: 5 })
  quantity: number;
}
