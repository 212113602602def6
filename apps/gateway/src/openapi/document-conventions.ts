import { ApiExtension } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { CSRF_FAILURE_MESSAGE, CSRF_FAILURE_STATUS } from '../csrf/csrf.hook.js';
import { SESSION_COOKIE as SESSION_COOKIE_NAME } from '../session/session-cookies.js';

/** The security scheme names of the API documents. */
export const SESSION_SCHEME = 'session';
export const CSRF_SCHEME = 'csrf';

/** Marks a route that takes no CSRF header (another server calls it and proves itself otherwise). */
const NO_CSRF = 'x-no-csrf';
export const ApiNoCsrf = (): MethodDecorator => ApiExtension(NO_CSRF, true);

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const ERROR_SCHEMA = 'ErrorResponse';

interface Operation {
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
  [key: string]: unknown;
}

export interface DocumentConventionOptions {
  /** The shop's public address (PUBLIC_BASE_URL): the document's server. */
  serverUrl: string;
}

/**
 * What the generated document needs beyond the controllers' decorators, so that a standard
 * linter (Redocly's recommended rules, redocly.yaml) accepts it:
 * - its server (the shop's public address);
 * - on every operation, the security it needs: the session cookie always (every browser has one,
 *   signed in or not, and the CSRF token is tied to it), and the CSRF header on a state-changing
 *   request; an operation that answers 401 needs a signed-in session, any other also works
 *   without one;
 * - a 4xx answer on every operation: 400 for an address or a body the gateway refuses before any
 *   route reads it (docs/api.md, "Input limits"), 419 for a state-changing request without its
 *   CSRF header;
 * - `type` next to `nullable` (OpenAPI 3.0 ignores `nullable` without it);
 * - a parameter's example as its schema types it (`1007` is the text `'1007'` in a path).
 */
export function applyDocumentConventions(document: OpenAPIObject, options: DocumentConventionOptions): OpenAPIObject {
  const schemas = { ...(document.components?.schemas ?? {}) } as Record<string, Record<string, unknown>>;
  schemas[ERROR_SCHEMA] ??= {
    type: 'object',
    properties: { message: { type: 'string' }, code: { type: 'string' } },
    required: ['message'],
  };
  const errorAnswer = (description: string, message: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA}` }, example: { message } } },
  });

  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
    paths[path] = { ...item };
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const { [NO_CSRF]: noCsrf, ...rest } = operation;
      const responses = { ...(rest.responses ?? {}) };
      const csrf = STATE_CHANGING.has(method) && noCsrf !== true;
      const signedIn = '401' in responses;
      let security: Record<string, string[]>[];
      if (csrf) security = [{ [SESSION_SCHEME]: [], [CSRF_SCHEME]: [] }];
      else if (signedIn) security = [{ [SESSION_SCHEME]: [] }];
      else if (noCsrf === true) security = [{}];
      else security = [{}, { [SESSION_SCHEME]: [] }];
      if (csrf && !(String(CSRF_FAILURE_STATUS) in responses)) {
        responses[String(CSRF_FAILURE_STATUS)] = errorAnswer('The X-XSRF-TOKEN header does not carry the session\'s CSRF token (the current token comes back in the XSRF-TOKEN cookie).', CSRF_FAILURE_MESSAGE);
      }
      if (!Object.keys(responses).some((status) => /^4/.test(status))) {
        responses['400'] = errorAnswer('An address or body the gateway refuses before the route reads it (docs/api.md, "Input limits").', 'The address is not valid.');
      }
      const parameters = (rest['parameters'] as Record<string, unknown>[] | undefined)?.map(withStringExample);
      paths[path][method] = { ...rest, ...(parameters ? { parameters } : {}), security: rest.security ?? security, responses };
    }
  }

  return {
    ...document,
    servers: [{ url: options.serverUrl, description: 'The shop' }],
    paths: paths,
    components: {
      ...document.components,
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE_NAME,
          description: 'The session cookie the gateway sets on a first visit; signed in after POST /login.',
        },
        [CSRF_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'X-XSRF-TOKEN',
          description: 'State-changing requests send the value of the XSRF-TOKEN cookie back in this header (else 419).',
        },
      },
      schemas: typedNullables(schemas) as Record<string, never>,
    },
  };
}

/** `{ nullable: true, allOf: [{ $ref }] }` gets the `type` of the schema it refers to. */
function typedNullables(schemas: Record<string, Record<string, unknown>>): Record<string, unknown> {
  const resolve = (schema: Record<string, unknown>): string | undefined => {
    if (typeof schema['type'] === 'string') return schema['type'];
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      const target = schemas[ref.replace('#/components/schemas/', '')];
      return target ? resolve(target) : undefined;
    }
    const parts = (schema['allOf'] ?? schema['anyOf'] ?? schema['oneOf']) as Record<string, unknown>[] | undefined;
    const types = new Set(parts?.map(resolve));
    return types.size === 1 ? [...types][0] : undefined;
  };
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    const object = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, walk(child)])) as Record<string, unknown>;
    if (object['nullable'] === true && object['type'] === undefined) {
      const type = resolve(object);
      if (type) object['type'] = type;
    }
    return object;
  };
  return walk(schemas) as Record<string, unknown>;
}

/** A string parameter's example as a string (`@ApiParam({ example: 1007 })` documents the text of the path). */
function withStringExample(parameter: Record<string, unknown>): Record<string, unknown> {
  const schema = parameter['schema'] as Record<string, unknown> | undefined;
  const example = schema?.['example'];
  if (schema?.['type'] !== 'string' || !(typeof example === 'number' || typeof example === 'boolean')) return parameter;
  return { ...parameter, schema: { ...schema, example: String(example) } };
}
