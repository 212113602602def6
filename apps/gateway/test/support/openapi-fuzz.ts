import fc from 'fast-check';

/**
 * Requests derived from the gateway's OpenAPI document by fast-check, for the fuzz test: every
 * documented operation, with its path and query parameters and its JSON body built from the
 * schemas (and their examples, so some requests are valid and go all the way to the services),
 * then spoiled in the ways clients and attackers spoil them.
 */

export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One route of the document, as the fuzzer uses it. */
export interface FuzzOperation {
  method: string;
  /** The documented path, with `{name}` parameters. */
  path: string;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  /** The JSON body's schema, references resolved lazily; none when the route documents no body. */
  bodySchema?: Schema;
}

export type Identity = 'anonymous' | 'student' | 'administrator';

/** One request to send: who sends it, where, and the exact bytes of its body. */
export interface FuzzRequest {
  identity: Identity;
  method: string;
  /** Path and query, percent-encoded as sent. */
  url: string;
  contentType?: string;
  body?: Uint8Array<ArrayBuffer>;
  /** Which route and which kind of spoiled input, for the report. */
  route: string;
  kind: string;
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(document: OpenApiDocument): FuzzOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        return {
          method: method.toUpperCase(),
          path,
          pathParameters: parameters.filter((p) => p.in === 'path'),
          queryParameters: parameters.filter((p) => p.in === 'query'),
          bodySchema: operation.requestBody?.content?.['application/json']?.schema,
        };
      }),
  );
}

// ---------------------------------------------------------------------------------------------
// Values

/** Control characters (tab and line breaks too: they are text in a body, not in an address). */
const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\u000b', '\f', '\r', '\u001b', '\u001f', '\u007f'];

/** Strings that broke some server somewhere once. */
const NOTORIOUS_STRINGS = [
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  '../../../../etc/passwd',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '%00',
  '%',
  '\\u0000',
  '\\',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  '\ufeff',
  '\u202e',
  '🛩️'.repeat(50),
];

const withControlCharacter = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...CONTROL_CHARACTERS), fc.string({ maxLength: 12 }))
  .map(([before, control, after]) => `${before}${control}${after}`);

const loneSurrogate = fc.tuple(fc.string({ maxLength: 8 }), fc.integer({ min: 0xd800, max: 0xdfff })).map(([text, unit]) => `${text}${String.fromCharCode(unit)}`);

/** Long text, cheap to make: one character repeated, from a few KB to past the body limit. */
const longText = fc
  .tuple(fc.constantFrom('x', 'é', '✈', '\u0000', '"'), fc.constantFrom(1_000, 10_000, 60_000, 70_000, 300_000))
  .map(([character, length]) => character.repeat(length));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 30 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 2 },
  { arbitrary: withControlCharacter, weight: 3 },
  { arbitrary: loneSurrogate, weight: 1 },
  { arbitrary: fc.constantFrom(...NOTORIOUS_STRINGS), weight: 3 },
  { arbitrary: fc.uuid(), weight: 1 },
  { arbitrary: fc.integer().map(String), weight: 1 },
  { arbitrary: fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n }).map(String), weight: 1 },
  { arbitrary: longText, weight: 1 },
);

/** A number literal written into the JSON text as it is (1e400 is JSON, and parses to Infinity). */
export class RawNumber {
  constructor(readonly text: string) {}
}

export const hostileNumber: fc.Arbitrary<number | RawNumber> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 0.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 2 ** 53 + 2, 2 ** 63, 1e308, -1e308, 5e-324),
  fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890', '1E+2', '0.0000000000000000000001', '-0.0').map((text) => new RawNumber(text)),
  fc.bigInt({ min: -(2n ** 128n), max: 2n ** 128n }).map((n) => new RawNumber(String(n))),
);

/** Any JSON value, the wrong type for most fields. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
  { arbitrary: hostileText, weight: 2 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}), weight: 2 },
);

/** Objects and arrays `depth` levels deep around a value. */
function nestedValue(depth: number, inner: unknown = 1): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

// ---------------------------------------------------------------------------------------------
// Values from schemas

function resolve(schema: Schema, document: OpenApiDocument): Schema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    current = document.components?.schemas?.[current.$ref.split('/').pop()!] ?? {};
  }
  return current;
}

/** A value the schema describes (often its example: a valid request goes further), at most `depth` deep. */
function wellFormedValue(schema: Schema, document: OpenApiDocument, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, document);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((alternative) => wellFormedValue(alternative, document, depth + 1)));
  if (resolved.allOf?.length) return wellFormedValue(resolved.allOf[0], document, depth + 1);
  const known = [resolved.example, resolved.default].filter((value) => value !== undefined);
  const byType = typedValue(resolved, document, depth);
  if (resolved.enum?.length) return fc.constantFrom(...resolved.enum);
  return known.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 2 }, { arbitrary: byType, weight: 1 }) : byType;
}

function typedValue(schema: Schema, document: OpenApiDocument, depth: number): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date' || schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, schema.format === 'date' ? 10 : 24));
      return fc.string({ maxLength: 20 });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.oneof(fc.integer({ min: -10, max: 1000 }), fc.double({ min: -10, max: 1000, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 4 ? fc.constant([]) : fc.array(wellFormedValue(schema.items ?? {}, document, depth + 1), { maxLength: 4 });
    case 'object':
    case undefined:
      if (schema.properties && depth <= 4) return objectValue(schema, document, depth);
      // Nest documents `unknown`-typed fields (checkboxes sent as true, 1 or "on") as bare objects.
      return fc.oneof(fc.boolean(), fc.constantFrom('1', 'on', 1, 0, 'true'), fc.string({ maxLength: 10 }));
    default:
      return anyJson;
  }
}

function objectValue(schema: Schema, document: OpenApiDocument, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [name, wellFormedValue(property, document, depth + 1)]),
  );
  return fc.record(model, { requiredKeys: schema.required?.filter((name) => name in model) ?? [] });
}

/** The body the schema describes, spoiled one way: fields missing, extra, of the wrong type, hostile. */
function spoiledObject(schema: Schema, document: OpenApiDocument): fc.Arbitrary<[string, unknown]> {
  const resolved = resolve(schema, document);
  const names = Object.keys(resolved.properties ?? {});
  const base = wellFormedValue(resolved, document).map((value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {}));
  const someField = names.length ? fc.constantFrom(...names) : fc.string({ maxLength: 10 });
  const replaced = (kind: string, value: fc.Arbitrary<unknown>) =>
    fc.tuple(base, someField, value).map(([object, field, v]) => [kind, { ...object, [field]: v }] as [string, unknown]);
  return fc.oneof(
    { arbitrary: base.map((object) => ['well formed', object] as [string, unknown]), weight: 3 },
    {
      arbitrary: fc
        .tuple(base, fc.subarray(names))
        .map(([object, missing]) => ['missing fields', Object.fromEntries(Object.entries(object).filter(([name]) => !missing.includes(name)))] as [string, unknown]),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(base, fc.dictionary(fc.oneof(hostileText, fc.constantFrom('__proto__', 'constructor', '_method', 'id', 'userId', 'status', 'role')), anyJson, { minKeys: 1, maxKeys: 4 }))
        .map(([object, extra]) => ['extra fields', { ...object, ...extra }] as [string, unknown]),
      weight: 2,
    },
    { arbitrary: replaced('wrong type', anyJson), weight: 3 },
    { arbitrary: replaced('hostile text', hostileText), weight: 3 },
    { arbitrary: replaced('control character', withControlCharacter), weight: 2 },
    { arbitrary: replaced('huge number', hostileNumber), weight: 2 },
    { arbitrary: replaced('nested value', fc.integer({ min: 2, max: 31 }).map((depth) => nestedValue(depth))), weight: 1 },
  );
}

// ---------------------------------------------------------------------------------------------
// Bodies

/** JSON text of a value, with RawNumber literals written as they are. */
export function jsonText(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const utf8 = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(text, 'utf8'));

interface Body {
  kind: string;
  contentType?: string;
  bytes?: Uint8Array<ArrayBuffer>;
}

/** Bytes that are not UTF-8: a lone byte, a continuation byte, an overlong NUL, a cut sequence, a surrogate. */
const NOT_UTF8 = [[0xff], [0x80], [0xc0, 0x80], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf5, 0x80, 0x80, 0x80]];

function withBytesInserted(text: string, bytes: number[], at: number): Uint8Array<ArrayBuffer> {
  const encoded = utf8(text);
  const index = Math.min(at, encoded.length);
  return new Uint8Array([...encoded.subarray(0, index), ...bytes, ...encoded.subarray(index)]);
}

/** The body the route documents, as its schema (and examples) describe it, or none. */
function wellFormedBody(operation: FuzzOperation, document: OpenApiDocument): fc.Arbitrary<Body> {
  if (!operation.bodySchema) return fc.constant<Body>({ kind: '' });
  return wellFormedValue(operation.bodySchema, document).map((value) => ({ kind: '', contentType: 'application/json', bytes: utf8(jsonText(value)) }));
}

function bodyArbitrary(operation: FuzzOperation, document: OpenApiDocument): fc.Arbitrary<Body> {
  const schema = operation.bodySchema ?? { type: 'object', properties: {} };
  const object = spoiledObject(schema, document);
  const json = (kind: string, text: string): Body => ({ kind, contentType: 'application/json', bytes: utf8(text) });
  return fc.oneof(
    { arbitrary: object.map(([kind, value]) => json(kind, jsonText(value))), weight: 12 },
    { arbitrary: anyJson.map((value) => json('top-level value of another type', jsonText(value))), weight: 2 },
    {
      arbitrary: object
        .map(([, value]) => jsonText(value))
        .chain((text) => fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => json('malformed JSON (cut short)', text.slice(0, cut)))),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom('{', '{"a":', '{"a":1,}', "{'a':1}", '[1,2', 'nul', '{"a":01}', '{"a":"\u0000"}', '{"a":"tab\there"}', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"a":1}{"b":2}', '\ufeff{}', '{"a":1} trailing')
        .map((text) => json('malformed or poisoned JSON', text)),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom(20, 31, 32, 33, 40, 2_000, 30_000)
        .map((depth) => json(`nested ${depth} levels`, `${'['.repeat(depth)}${']'.repeat(depth)}`)),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(object, fc.constantFrom(...NOT_UTF8), fc.nat({ max: 200 }))
        .map(([[, value], bytes, at]) => ({ kind: 'invalid UTF-8', contentType: 'application/json', bytes: withBytesInserted(jsonText(value), bytes, at) })),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom(60_000, 66_000, 1_100_000).map((size) => json(`body of ${size} bytes`, JSON.stringify({ a: 'x'.repeat(size) }))),
      weight: 1,
    },
    { arbitrary: fc.constant(json('empty JSON body', '')), weight: 1 },
    {
      arbitrary: fc
        .tuple(fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', '_method', 'email', 'a[b]')), fc.oneof(hostileText, fc.constant('')), { maxKeys: 5 }), fc.boolean())
        .map(([fields, raw]) => ({
          kind: 'form',
          contentType: 'application/x-www-form-urlencoded',
          bytes: raw ? withBytesInserted(new URLSearchParams(fields).toString(), [0x25, 0x46, 0x46], 0) : utf8(new URLSearchParams(fields).toString()),
        })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/octet-stream', 'application/JSON'), object)
        .map(([contentType, [, value]]) => ({ kind: `content type ${contentType}`, contentType, bytes: utf8(jsonText(value)) })),
      weight: 2,
    },
    { arbitrary: fc.constant<Body>({ kind: 'no body' }), weight: 1 },
  );
}

// ---------------------------------------------------------------------------------------------
// Addresses

/** A value for a path or query parameter that could be right: the example, a uuid, a small number. */
function plausibleValue(parameter: Parameter, document: OpenApiDocument): fc.Arbitrary<string> {
  const fromSchema = parameter.schema
    ? wellFormedValue(parameter.schema, document).map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')))
    : fc.string({ maxLength: 10 });
  return fc.oneof(
    { arbitrary: fromSchema, weight: 3 },
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: fc.integer({ min: -5, max: 500 }).map(String), weight: 1 },
  );
}

/** Percent-encoding of the UTF-8 of a text (half a surrogate pair becomes U+FFFD, as a browser sends it). */
function encodeText(text: string): string {
  return encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
}

const plainlyEncoded = (value: fc.Arbitrary<string>) => value.map((v) => ['', encodeText(v)] as [string, string]);

/**
 * A hostile value, percent-encoded, or followed by escapes no encoder writes: a lone `%`, a NUL,
 * bytes that are not UTF-8, an encoded slash or dot-dot.
 */
function hostileEncoded(): fc.Arbitrary<[string, string]> {
  const value = hostileText.filter((text) => text.length < 5_000);
  const malformed = fc.constantFrom('%', '%G1', '%0', '%00', '%0A', '%1b', '%7F', '%FF', '%C0%80', '%E2%82', '%ED%A0%80', '%2F', '%2e%2e%2F', '..', '%25', '+', '%u0000');
  return fc.oneof(
    { arbitrary: value.map((v) => ['hostile', encodeText(v)] as [string, string]), weight: 4 },
    { arbitrary: fc.tuple(value, malformed).map(([v, escape]) => ['raw escapes', `${encodeText(v).slice(0, 50)}${escape}`] as [string, string]), weight: 2 },
  );
}

/** The path with its parameters filled in; `hostile`: spoiled ones among them. */
function pathArbitrary(operation: FuzzOperation, document: OpenApiDocument, hostile: boolean): fc.Arbitrary<[string, string]> {
  const segments = operation.path.split(/(\{\w+\})/);
  const parts = segments.map((segment) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!name) return fc.constant<[string, string]>(['', segment]);
    const parameter = operation.pathParameters.find((p) => p.name === name) ?? { name, in: 'path' as const };
    const plausible = plainlyEncoded(plausibleValue(parameter, document));
    if (!hostile) return plausible;
    return fc.oneof(
      { arbitrary: plausible, weight: 2 },
      { arbitrary: hostileEncoded(), weight: 6 },
      { arbitrary: fc.constantFrom<[string, string]>(['empty segment', ''], ['very long segment', 'x'.repeat(3_000)]), weight: 1 },
    );
  });
  return fc.tuple(...parts).map((encodedParts) => {
    const kinds = encodedParts.map(([kind]) => kind).filter(Boolean);
    return [kinds.length ? `path: ${kinds.join(', ')}` : '', encodedParts.map(([, part]) => part).join('')] as [string, string];
  });
}

/** The documented query parameters (some left out); `hostile`: spoiled values and extra parameters. */
function queryArbitrary(operation: FuzzOperation, document: OpenApiDocument, hostile: boolean): fc.Arbitrary<[string, string]> {
  const documented = operation.queryParameters.map((parameter) => {
    const plausible = plainlyEncoded(plausibleValue(parameter, document));
    const value = hostile ? fc.oneof(plausible, hostileEncoded()) : plausible;
    return fc.option(value.map(([kind, v]) => [kind, `${encodeURIComponent(parameter.name)}=${v}`] as [string, string]), { freq: 3 });
  });
  const extraKey = fc.oneof(
    plainlyEncoded(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('_method', '__proto__', 'constructor[prototype]', 'page[]', 'limit'))),
    hostileEncoded(),
  );
  const extra = hostile
    ? fc.array(fc.tuple(extraKey, hostileEncoded()).map(([[, key], [kind, value]]) => [`extra parameter (${kind})`, `${key}=${value}`] as [string, string]), { maxLength: 3 })
    : fc.constant([]);
  return fc.tuple(fc.tuple(...documented), extra).map(([documentedPairs, extraPairs]) => {
    const pairs = [...documentedPairs.filter((pair): pair is [string, string] => pair !== null), ...extraPairs];
    if (!pairs.length) return ['', ''];
    const kinds = [...new Set(pairs.map(([kind]) => kind).filter(Boolean))];
    return [kinds.length ? `query: ${kinds.join(', ')}` : '', `?${pairs.map(([, pair]) => pair).join('&')}`];
  });
}

// ---------------------------------------------------------------------------------------------
// Requests

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * One request to one operation, as one of the identities. Most requests spoil one part (path,
 * query or body) and keep the others plausible, so the spoiled part is what the route reads;
 * some spoil everything at once.
 */
function requestTo(operation: FuzzOperation, document: OpenApiDocument, identities: fc.Arbitrary<Identity>): fc.Arbitrary<FuzzRequest> {
  const route = `${operation.method} ${operation.path}`;
  const hasBody = UNSAFE.has(operation.method);
  const spoiledBody = hasBody ? bodyArbitrary(operation, document) : fc.constant<Body>({ kind: '' });
  const plainBody = hasBody ? wellFormedBody(operation, document) : fc.constant<Body>({ kind: '' });
  const variant = (path: boolean, query: boolean, body: fc.Arbitrary<Body>) =>
    fc.tuple(identities, pathArbitrary(operation, document, path), queryArbitrary(operation, document, query), body);
  const hasPath = operation.pathParameters.length > 0;
  return fc
    .oneof(
      { arbitrary: variant(false, false, hasBody ? spoiledBody : plainBody), weight: hasBody ? 5 : 1 },
      { arbitrary: variant(true, false, plainBody), weight: hasPath ? 3 : 0 },
      { arbitrary: variant(false, true, plainBody), weight: 2 },
      { arbitrary: variant(true, true, spoiledBody), weight: 1 },
    )
    .map(([identity, [pathKind, path], [queryKind, query], payload]) => ({
      identity,
      method: operation.method,
      url: `${path}${query}`,
      contentType: payload.contentType,
      body: payload.bytes,
      route,
      kind: [pathKind, queryKind, payload.kind].filter(Boolean).join('; ') || 'plain',
    }));
}

/**
 * Requests to every operation, each operation as likely as any other. `identitiesFor` says who
 * may call an operation (e.g. a signed-in user must not sign out in the middle of the run).
 */
export function fuzzRequests(
  operations: FuzzOperation[],
  document: OpenApiDocument,
  identitiesFor: (operation: FuzzOperation) => Identity[],
): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...operations.map((operation) => requestTo(operation, document, fc.constantFrom(...identitiesFor(operation)))));
}
