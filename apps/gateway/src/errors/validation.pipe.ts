import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ValidationFailedException } from './validation-failed.exception.js';

/**
 * The gateway's edge validation: DTO classes only, unknown fields rejected, payloads turned into
 * DTO instances. A handler without parameters (most GETs) never reaches it.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new ValidationFailedException(toFieldErrors(errors)),
  });
}

/** Checks that say the value is missing or must not be there at all: those read first. */
const PRESENCE_CONSTRAINTS = new Set(['whitelistValidation', 'isDefined', 'isNotEmpty', 'nestedValidation']);

/**
 * class-validator's tree as `{ "items.0.quantity": ["...", ...] }`. Decorators run bottom-up, so
 * its constraint order is the reverse of the source: reversed again, a field's messages follow
 * the order its decorators are written in, with presence checks first. So the first message is
 * the one a form should show.
 */
export function toFieldErrors(errors: ValidationError[], parentPath = ''): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    if (error.constraints) {
      const entries = Object.entries(error.constraints).reverse();
      const ordered = [
        ...entries.filter(([name]) => PRESENCE_CONSTRAINTS.has(name)),
        ...entries.filter(([name]) => !PRESENCE_CONSTRAINTS.has(name)),
      ];
      result[path] = ordered.map(([, message]) => message);
    }
    if (error.children?.length) Object.assign(result, toFieldErrors(error.children, path));
  }
  return result;
}
