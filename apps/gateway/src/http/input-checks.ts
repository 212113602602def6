import { BadRequestException } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { BadInputCode, BadInputException, BadInputMessages } from '../errors/bad-input.exception.js';
import { findInvalidText, formBodyProblem, isValidUtf8, jsonNestsDeeperThan, MAX_JSON_DEPTH, urlProblem } from './input-rules.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by @BodyLimit(): this route's body limit in bytes, instead of DEFAULT_BODY_LIMIT. */
    bodyLimit?: number;
  }
}

/**
 * A route that accepts larger bodies than DEFAULT_BODY_LIMIT (the avatar upload). Like every
 * `@RouteConfig`, it replaces the route's other config (e.g. @SkipCsrf): do not combine them.
 */
export const BodyLimit = (bytes: number): MethodDecorator => RouteConfig({ bodyLimit: bytes });

/** onRoute: a route's own limit becomes Fastify's limit for it, checked before the body is read into memory. */
export function applyRouteBodyLimit(route: RouteOptions): void {
  const limit = route.config?.bodyLimit;
  if (limit !== undefined) route.bodyLimit = limit;
}

/**
 * onRequest, first after the correlation id: refuses a path or query carrying a control
 * character (a NUL would otherwise reach Postgres, which refuses it with an error) or %-escapes
 * that are not UTF-8. Route parameters and the query come from this URL, so every route is covered.
 */
export function rejectUnsafeUrlHook(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const problem = urlProblem(request.url);
  if (problem === null) return done();
  done(
    problem === 'control_character'
      ? new BadInputException(BadInputCode.InvalidCharacters, BadInputMessages.urlControlCharacter)
      : new BadInputException(BadInputCode.InvalidEncoding, BadInputMessages.urlEncoding),
  );
}

/** Nest's own words for it, kept from its form parser. */
const FORBIDDEN_PROTOTYPE_MESSAGE = 'Object contains forbidden prototype property';

type ParserDone = (error: Error | null, body?: unknown) => void;
type JsonParser = (request: FastifyRequest, body: string, done: ParserDone) => void;

/**
 * The JSON body parser (Fastify's, with prototype poisoning refused), behind checks made on the
 * bytes first: UTF-8, and nesting at most MAX_JSON_DEPTH deep, so a hostile body is refused
 * before it becomes objects. Once parsed, every text (keys too) must be free of control
 * characters. The size limit was checked by Fastify while reading.
 */
export function createJsonBodyParser(fastify: FastifyInstance) {
  const parse = fastify.getDefaultJsonParser('error', 'error') as unknown as JsonParser;
  return function jsonBodyParser(request: FastifyRequest, body: Buffer, done: ParserDone): void {
    if (body.length === 0) return done(new BadInputException(BadInputCode.InvalidJson, BadInputMessages.emptyJson));
    if (!isValidUtf8(body)) return done(new BadInputException(BadInputCode.InvalidEncoding, BadInputMessages.bodyEncoding));
    if (jsonNestsDeeperThan(body, MAX_JSON_DEPTH)) {
      return done(new BadInputException(BadInputCode.BodyTooDeep, BadInputMessages.bodyTooDeep));
    }
    parse(request, body.toString('utf8'), (error, parsed) => {
      if (error) return done(new BadInputException(BadInputCode.InvalidJson, BadInputMessages.invalidJson));
      done(textProblem(parsed), parsed);
    });
  };
}

/**
 * The form body parser: the same checks on the encoded text (line breaks and tabs are text
 * here), then the fields, a repeated one as a list. `__proto__` is refused as Nest's own
 * parser does, and the object has no prototype, so no field name can reach one.
 */
export function formBodyParser(_request: FastifyRequest, body: Buffer, done: ParserDone): void {
  if (!isValidUtf8(body)) return done(new BadInputException(BadInputCode.InvalidEncoding, BadInputMessages.bodyEncoding));
  const text = body.toString('utf8');
  const problem = formBodyProblem(text);
  if (problem === 'control_character') {
    return done(new BadInputException(BadInputCode.InvalidCharacters, BadInputMessages.bodyControlCharacter('')));
  }
  if (problem === 'invalid_encoding') return done(new BadInputException(BadInputCode.InvalidEncoding, BadInputMessages.bodyEncoding));
  const fields = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(text)) {
    if (name === '__proto__') return done(new BadRequestException(FORBIDDEN_PROTOTYPE_MESSAGE));
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  done(textProblem(fields), fields);
}

function textProblem(parsed: unknown): BadInputException | null {
  const field = findInvalidText(parsed);
  return field === null ? null : new BadInputException(BadInputCode.InvalidCharacters, BadInputMessages.bodyControlCharacter(field));
}

/**
 * Fastify's `frameworkErrors`: the router answers an address it cannot decode (400) or an
 * over-long path parameter (414) before any hook or filter runs; the answer is still
 * `{ message, code }` like every other refusal. Any other router error keeps Fastify's answer.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const refusal =
    error.code === 'FST_ERR_BAD_URL'
      ? { status: 400, body: { message: BadInputMessages.invalidUrl, code: BadInputCode.InvalidUrl } }
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? { status: 414, body: { message: BadInputMessages.urlTooLong, code: BadInputCode.UrlTooLong } }
        : null;
  if (refusal === null) {
    void reply.send(error);
    return;
  }
  void reply.code(refusal.status).type('application/json; charset=utf-8').send(refusal.body);
}

/**
 * The refusals Fastify makes itself while reading a body, in the gateway's format: Nest turns
 * them into HttpExceptions with the Fastify error as their cause. Null for any other exception.
 */
export function fastifyRefusal(cause: unknown, request: FastifyRequest): { status: number; body: Record<string, unknown> } | null {
  const code = (cause as Partial<FastifyError> | undefined)?.code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, body: { message: BadInputMessages.bodyTooLarge(request.routeOptions.bodyLimit), code: BadInputCode.BodyTooLarge } };
  }
  return null;
}
