import { DomainError } from '@aero/backend-errors';
import { CommonErrorCode, fieldErrorsOf, type ErrorCode } from '@aero/contracts';
import type { PipeTransform } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';

/** The top message of a refused payload, unless the handler names its form's own. */
export const PAYLOAD_INVALID_MESSAGE = 'The given data was invalid.';

/** How a handler answers a payload that breaks its schema (default: 422 `validation_failed`, "The given data was invalid."). */
export interface PayloadRefusal {
  code?: ErrorCode;
  /** The top message, or how to word it from the field messages (e.g. `firstFieldMessage`). */
  message?: string | ((errors: Record<string, string[]>) => string);
  status?: number;
}

/** The top message of a refusal that says its first problem, as a one-field error does. */
export function firstFieldMessage(errors: Record<string, string[]>): string {
  return Object.values(errors)[0]?.[0] ?? PAYLOAD_INVALID_MESSAGE;
}

/**
 * Parses an RPC payload with its request schema of libs/contracts (the one the gateway validates
 * the HTTP request with): the handler receives the schema's output, typed and read (numbers from
 * form text, defaults applied, unknown fields left out). A payload that breaks it is answered
 * as a domain error with every field's messages (`{ code, message, status: 422, errors: { field:
 * [messages] } }`), in the order of the schema's checks. No payload is read as `{}`.
 */
export class ZodPayloadPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    private readonly schema: S,
    private readonly refusal: PayloadRefusal = {},
  ) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const { code = CommonErrorCode.Validation, message = PAYLOAD_INVALID_MESSAGE, status = 422 } = this.refusal;
    const errors = fieldErrorsOf(result.error);
    throw new DomainError(code, typeof message === 'function' ? message(errors) : message, status, errors);
  }
}

/**
 * The handler parameter of the payload, parsed with `schema`:
 *
 *   recall(@Ctx() ctx: RequestContext, @ZodPayload(shareIdRequestSchema) request: ShareIdRequest)
 *
 * The parameter's type is the schema's output (`z.output<typeof schema>`).
 */
export function ZodPayload(schema: z.ZodType, refusal?: PayloadRefusal): ParameterDecorator {
  return Payload(new ZodPayloadPipe(schema, refusal));
}
