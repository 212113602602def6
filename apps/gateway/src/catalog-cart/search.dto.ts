import { PRODUCT_TYPES, type ProductType } from '@aero/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class ProductSearchQuery {
  @ApiPropertyOptional({ example: 'maintenance' })
  @IsOptional()
  @IsString({ message: 'The query must be text.' })
  @MaxLength(100, { message: 'The query may not be longer than 100 characters.' })
  query?: string;

  @ApiPropertyOptional({ example: 10, default: 10 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'The limit must be a whole number.' })
  @Min(1, { message: 'The limit must be at least 1.' })
  @Max(50, { message: 'The limit may not be greater than 50.' })
  limit?: number;

  @ApiPropertyOptional({ enum: PRODUCT_TYPES })
  @IsOptional()
  @IsIn(PRODUCT_TYPES, { message: 'The selected type is invalid.' })
  type?: ProductType;
}
