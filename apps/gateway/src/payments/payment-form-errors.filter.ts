import { PaymentMessages, PaymentsErrorCode } from '@aero/contracts';
import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ValidationFailedException } from '../errors/validation-failed.exception.js';

/**
 * The payment forms' 422 says what the spec's payment page shows (`PaymentMessages.formInvalid`,
 * "The form is not valid. Please fix corresponding errors to complete your payment."), whether
 * the gateway or payments found the errors; the per-field messages are the same on both sides.
 */
@Catch(ValidationFailedException)
export class PaymentFormErrorsFilter implements ExceptionFilter {
  async catch(exception: ValidationFailedException, host: ArgumentsHost): Promise<void> {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    await reply
      .code(exception.getStatus())
      .type('application/json; charset=utf-8')
      .send({ message: PaymentMessages.formInvalid, errors: exception.errors, code: PaymentsErrorCode.FormInvalid });
  }
}
