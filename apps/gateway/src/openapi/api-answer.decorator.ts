import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { z } from 'zod';
import { apiSchema } from './zod-schemas.js';

/**
 * A route's summary and its 200 answer, documented from the contract's schema (the one the
 * services answer with), so that a route cannot name one schema in the document and answer another.
 */
export const ApiAnswer = (summary: string, answer: z.ZodType): MethodDecorator =>
  applyDecorators(ApiOperation({ summary }), ApiOkResponse({ schema: apiSchema(answer) }));
