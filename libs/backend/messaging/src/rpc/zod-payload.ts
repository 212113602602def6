import { DomainError } from '@aero/backend-errors';
import { CommonErrorCode, emptyFieldErrors, fieldErrorsOf, type ErrorCode } from '@aero/contracts';
import type { PipeTransform } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';

/** The top message of a refused payload, unless the handler names its form's own. */
export const PAYLOAD_INVALID_MESSAGE = 'The given data was invalid.';

/** How a handler answers a payload that breaks its schema (default: 422 `validation_failed`, "The given data was invalid."). */
export interface PayloadRefusal {
  /** The code, or how to tell it from the field messages (a screen whose problems have codes of their own). */
  code?: ErrorCode | ((errors: Record<string, string[]>) => ErrorCode);
  /** The top message, or how to word it from the field messages (e.g. `firstFieldMessage`). */
  message?: string | ((errors: Record<string, string[]>) => string);
  status?: number;
}

/** The top message of a refusal that says its first problem, as a one-field error does. */
export function firstFieldMessage(errors: Record<string, string[]>): string {
  return Object.values(errors)[0]?.[0] ?? PAYLOAD_INVALID_MESSAGE;
}

/** The refusal of a payload with these field messages. */
function refused(refusal: PayloadRefusal, errors: Record<string, string[]>): DomainError {
  const { code = CommonErrorCode.Validation, message = PAYLOAD_INVALID_MESSAGE, status = 422 } = refusal;
  return new DomainError(typeof code === 'function' ? code(errors) : code, typeof message === 'function' ? message(errors) : message, status, errors);
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
    throw refused(this.refusal, fieldErrorsOf(result.error));
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

/**
 * A form whose rules also need the service's data (an address already taken, a country that
 * exists, a current password): the schema's problems, to which the service adds its own before
 * answering, so the form shows every problem at once. `parsed()` is the parsed form, or the
 * refusal with every field's messages.
 */
export class ParsedForm<S extends z.ZodType> {
  readonly errors: Record<string, string[]>;

  constructor(
    /** The payload as sent (for the service's own checks of a form the schema refused). */
    readonly sent: Record<string, unknown>,
    private readonly result: z.ZodSafeParseResult<z.output<S>>,
    private readonly refusal: PayloadRefusal = {},
  ) {
    this.errors = result.success ? emptyFieldErrors() : fieldErrorsOf(result.error);
  }

  /** Whether the field has a problem already (a data check then says nothing more of it). */
  has(field: string): boolean {
    return Boolean(this.errors[field]?.length);
  }

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /** The parsed form; a 422 with every field's messages when anything is wrong. */
  parsed(): z.output<S> {
    if (this.result.success && Object.keys(this.errors).length === 0) return this.result.data;
    throw refused(this.refusal, { ...this.errors });
  }
}

export class ZodFormPipe<S extends z.ZodType> implements PipeTransform<unknown, ParsedForm<S>> {
  constructor(
    private readonly schema: S,
    private readonly refusal: PayloadRefusal = {},
  ) {}

  transform(value: unknown): ParsedForm<S> {
    const sent = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    return new ParsedForm(sent, this.schema.safeParse(value ?? {}), this.refusal);
  }
}

/**
 * The handler parameter of a form payload whose rules need the service's data: a `ParsedForm`
 * (the schema's problems; the service adds its own, then `parsed()`):
 *
 *   register(@ZodForm(registrationRequestSchema, ACCOUNT_FORM) form: ParsedForm<typeof registrationRequestSchema>)
 */
export function ZodForm(schema: z.ZodType, refusal?: PayloadRefusal): ParameterDecorator {
  return Payload(new ZodFormPipe(schema, refusal));
}
