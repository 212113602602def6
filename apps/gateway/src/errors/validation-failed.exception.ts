import { UnprocessableEntityException } from '@nestjs/common';

export const VALIDATION_FAILED_MESSAGE = 'The given data was invalid.';

/** 422 `{ message, errors: { field: [messages] } }`, the shape the spec's forms read. */
export class ValidationFailedException extends UnprocessableEntityException {
  constructor(readonly errors: Record<string, string[]>) {
    super({ message: VALIDATION_FAILED_MESSAGE, errors });
  }
}
