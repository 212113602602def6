import { applyDecorators, Header } from '@nestjs/common';
import type { z } from 'zod';
import { ApiAnswer } from '../openapi/api-answer.decorator.js';

/** `{course_id}` of the course pages and exam routes, as the document describes it. */
export const COURSE_ID = { name: 'course_id', description: "The catalogue's program id", example: 1007 } as const;

/**
 * A route that passes exams' answer on as exams wrote it (`RpcClient.callRaw`: a course tree or
 * an exam is large, and parsing it to serialise it again costs more than the rest of the
 * request). The text goes out unparsed, so the route says it is JSON; `summary` and `answer`
 * document it.
 */
export const RawJsonAnswer = (summary: string, answer: z.ZodType): MethodDecorator =>
  applyDecorators(Header('content-type', 'application/json; charset=utf-8'), ApiAnswer(summary, answer));
