import { AccountMessages } from '@aero/contracts';
import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ValidationFailedException } from '../errors/validation-failed.exception.js';

/**
 * The account forms' 422 carries the accounts service's top message (`AccountMessages.formInvalid`)
 * whether the gateway or the service found the errors; the field messages are the same already.
 */
@Catch(ValidationFailedException)
export class AccountFormErrorsFilter implements ExceptionFilter {
  async catch(exception: ValidationFailedException, host: ArgumentsHost): Promise<void> {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    await reply
      .code(exception.getStatus())
      .type('application/json; charset=utf-8')
      .send({ message: AccountMessages.formInvalid, errors: exception.errors });
  }
}
