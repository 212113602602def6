import { PRODUCT_TYPES, type ProductDto, type ProductType } from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { PackageItemResponse } from './package-item.response.js';
import { ProductImagesResponse } from './product-images.response.js';

/**
 * OpenAPI schema of a product as the shop lists it. It `implements` the contract type, so the documentation
 * cannot drift from what catalog-cart sends.
 */
export class ProductResponse implements ProductDto {
  @ApiProperty({ example: 107 })
  id: number;

  @ApiProperty({ example: 'Part-66 Module 7: Maintenance Practices' })
  name: string;

  @ApiProperty()
  description: string;

  @ApiProperty({ enum: PRODUCT_TYPES })
  type: ProductType;

  @ApiProperty({ description: 'Euros', example: 199 })
  price: number;

  @ApiProperty()
  quantity: number;

  @ApiProperty({ description: 'Euros' })
  discount: number;

  @ApiProperty({ type: String, nullable: true })
  category: string | null;

  @ApiProperty({ example: '/e-shop/part-66-module-7-maintenance-practices' })
  url: string;

  @ApiProperty({ type: ProductImagesResponse })
  images: ProductImagesResponse;

  @ApiProperty({ example: '€199.00' })
  formatted_price: string;

  @ApiProperty({ enum: ['EUR'] })
  currency: 'EUR';

  @ApiProperty({ type: Number, nullable: true })
  program_id: number | null;

  @ApiProperty({ type: [PackageItemResponse], description: 'Contents of a package product' })
  package: PackageItemResponse[];

  @ApiProperty({ type: [String] })
  combination_tags: string[];
}
