import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsInt, IsOptional } from 'class-validator';

/** Numeric strings from forms become numbers; anything else stays as sent and fails IsInt. */
const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value);
const toFlag = ({ value }: { value: unknown }) =>
  value === '1' || value === 'true' || value === 1 ? true : value === '0' || value === 'false' || value === 0 ? false : value;

export class CartAddDto {
  @ApiProperty({ example: 107 })
  @IsDefined({ message: 'The product is required.' })
  @Transform(toNumber)
  @IsInt({ message: 'The selected product does not exist.' })
  product_id: number;

  @ApiProperty({ example: 1, description: 'Added to the line; with update, the new quantity (0 or below removes the line)' })
  @IsDefined({ message: 'The quantity is required.' })
  @Transform(toNumber)
  @IsInt({ message: 'The quantity must be a whole number of at least 1.' })
  quantity: number;

  @ApiPropertyOptional({ description: 'Set the quantity instead of adding to it' })
  @IsOptional()
  @Transform(toFlag)
  @IsBoolean({ message: 'The update flag must be true or false.' })
  update?: boolean;
}

export class CartRemoveDto {
  @ApiProperty({ example: 107 })
  @IsDefined({ message: 'The product is required.' })
  @Transform(toNumber)
  @IsInt({ message: 'The selected product does not exist.' })
  product_id: number;
}
