import { Catch, type ArgumentsHost, type ExceptionFilter, type Type } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ValidationFailedException } from './validation-failed.exception.js';

/**
 * A filter for a family of forms whose 422 carries the family's own top message (and code),
 * whether the gateway or the service found the errors; the field messages are the same on both
 * sides already.
 */
export function formErrorsFilter(top: { message: string; code?: string }): Type<ExceptionFilter> {
  @Catch(ValidationFailedException)
  class FormErrorsFilter implements ExceptionFilter {
    async catch(exception: ValidationFailedException, host: ArgumentsHost): Promise<void> {
      const reply = host.switchToHttp().getResponse<FastifyReply>();
      await reply
        .code(exception.getStatus())
        .type('application/json; charset=utf-8')
        .send({ message: top.message, errors: exception.errors, ...(top.code === undefined ? {} : { code: top.code }) });
    }
  }
  return FormErrorsFilter;
}
