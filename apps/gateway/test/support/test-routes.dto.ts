import { IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, Min } from 'class-validator';

/** Bodies of the test-only routes. */
export class ItemDto {
  @IsNotEmpty()
  @IsString()
  name: string;

  @IsInt()
  @Min(1)
  quantity: number;

  @IsOptional()
  @IsEmail()
  email?: string;
}

export class CartIdDto {
  @IsString()
  cartId: string;
}
