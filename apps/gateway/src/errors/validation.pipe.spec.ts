import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { IsEmail, IsInt, IsNotEmpty, IsString, Max, Min, ValidateNested, validate } from 'class-validator';
import { toFieldErrors } from './validation.pipe.js';

class LineDto {
  @IsInt()
  @Min(1)
  @Max(999)
  quantity: number;
}

class OrderDto {
  @IsEmail()
  @IsNotEmpty()
  email: string;

  @IsString()
  @IsNotEmpty()
  name: string;

  @ValidateNested({ each: true })
  @Type(() => LineDto)
  lines: LineDto[];
}

async function errorsOf(value: object): Promise<Record<string, string[]>> {
  return toFieldErrors(await validate(Object.assign(new OrderDto(), value), { whitelist: true, forbidNonWhitelisted: true }));
}

describe('toFieldErrors', () => {
  it('lists a field\'s messages with "missing" first, then in the order the DTO declares its checks', async () => {
    const errors = await errorsOf({ email: '', name: 42, lines: [] });
    // isNotEmpty is declared after isEmail, yet an empty e-mail is first of all missing.
    expect(errors.email).toEqual(['email should not be empty', 'email must be an email']);
    expect(errors.name).toEqual(['name must be a string']);
  });

  it('names nested fields with dots and reports unknown fields', async () => {
    const lines = [Object.assign(new LineDto(), { quantity: 5 }), Object.assign(new LineDto(), { quantity: 'lots' })];
    const errors = await errorsOf({ email: 'a@b.eu', name: 'A', lines, coupon: 'X' });
    expect(errors).toEqual({
      'lines.1.quantity': ['quantity must be an integer number', 'quantity must not be less than 1', 'quantity must not be greater than 999'],
      coupon: ['property coupon should not exist'],
    });
  });
});
