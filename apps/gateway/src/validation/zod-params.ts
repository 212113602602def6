import { Body, Param, Query } from '@nestjs/common';
import { ApiBody, ApiParam, ApiQuery } from '@nestjs/swagger';
import { isRequiredField, apiSchema } from '../openapi/zod-schemas.js';
import { fieldsOf, ZodValidationPipe, type RequestSchema, type ZodPipeOptions } from './zod-validation.pipe.js';

export type { SentFields } from './zod-validation.pipe.js';

/*
 * Parameter decorators that validate a request with its schema from libs/contracts and document
 * it with the same schema:
 *
 *   @ZodBody(cartAddRequestSchema) body: CartAddRequest
 *   @ZodQuery(pageQuerySchema) query: PageQuery
 *   @ZodParams(kycSubjectParamsSchema) subject: KycSubjectParams
 *
 * The handler's type names the schema's output (`z.output`), or its fields as sent with
 * `{ pass: 'sent' }` (see ZodPipeOptions).
 */

type MethodTarget = (target: object, key: string | symbol, descriptor: PropertyDescriptor) => unknown;

/** Applies method decorators from a parameter decorator (the documentation belongs to the operation). */
function onMethod(target: object, key: string | symbol | undefined, ...decorators: MethodTarget[]): void {
  if (key === undefined) throw new Error('request schemas decorate handler parameters');
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  if (!descriptor) throw new Error(`no method ${String(key)} to document`);
  for (const decorate of decorators) decorate(target, key, descriptor);
}

/** The JSON body, validated with `schema`; documented as the operation's request body. */
export function ZodBody(schema: RequestSchema, options?: ZodPipeOptions): ParameterDecorator {
  return (target, key, index) => {
    Body(new ZodValidationPipe(schema, options))(target, key, index);
    onMethod(target, key, ApiBody({ schema: apiSchema(schema) }));
  };
}

/** The query string's parameters, validated with `schema`; each field documented as a query parameter. */
export function ZodQuery(schema: RequestSchema, options?: ZodPipeOptions): ParameterDecorator {
  return (target, key, index) => {
    Query(new ZodValidationPipe(schema, options))(target, key, index);
    onMethod(
      target,
      key,
      ...fieldsOf(schema).map(([name, field]) => ApiQuery({ name, required: isRequiredField(field), schema: apiSchema(field) })),
    );
  };
}

/** The path's parameters, validated with `schema`; each field documented as a path parameter. */
export function ZodParams(schema: RequestSchema, options?: ZodPipeOptions): ParameterDecorator {
  return (target, key, index) => {
    Param(new ZodValidationPipe(schema, options))(target, key, index);
    onMethod(target, key, ...fieldsOf(schema).map(([name, field]) => ApiParam({ name, required: true, schema: apiSchema(field) })));
  };
}
