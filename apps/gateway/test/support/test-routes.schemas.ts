import { formField, ifSent, isMissing } from '@aero/contracts';
import { z } from 'zod';

/** Bodies of the test-only routes, with the messages the tests read. */
export const itemSchema = z.object({
  name: formField<string>(
    [
      { message: 'name should not be empty', breaks: (value) => isMissing(value) || value === '' },
      { message: 'name must be a string', breaks: (value) => typeof value !== 'string' },
    ],
    (value) => value as string,
  ),
  quantity: formField<number>(
    [
      { message: 'quantity must be an integer number', breaks: (value) => !Number.isInteger(value) },
      { message: 'quantity must not be less than 1', breaks: (value) => !(typeof value === 'number' && value >= 1) },
    ],
    (value) => value as number,
  ),
  email: formField<string | undefined>(
    ifSent([{ message: 'email must be an email', breaks: (value) => !z.email().safeParse(value).success }]),
    (value) => (isMissing(value) ? undefined : (value as string)),
  ),
});
export type Item = z.output<typeof itemSchema>;

export const cartIdSchema = z.object({
  cartId: formField<string>([{ message: 'cartId must be a string', breaks: (value) => typeof value !== 'string' }], (value) => value as string),
});
export type CartId = z.output<typeof cartIdSchema>;
