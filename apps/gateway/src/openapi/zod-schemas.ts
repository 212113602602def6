import { z } from 'zod';

/*
 * The OpenAPI document's schemas, generated from the zod schemas of libs/contracts (the same ones
 * that validate the requests): decorators leave a placeholder where a schema goes, and the
 * placeholders are filled when the document is generated, on first use. A schema with a
 * component name (`nameSchemas`) is a `$ref` to `#/components/schemas/<name>`; any other is
 * written out in place.
 */

const COMPONENTS = '#/components/schemas/';

/** The component names of the document's schemas. */
const componentNames = z.registry<{ id: string }>();

/** Placeholders left by the decorators, each with the schema it stands for. */
const placeholders = new Map<Record<string, unknown>, z.ZodType>();

/**
 * Gives schemas their component names. The request and answer schemas keep the names the API
 * document has always given them, so clients generated from it keep their type names.
 */
export function nameSchemas(names: Record<string, z.ZodType>): void {
  for (const [id, schema] of Object.entries(names)) {
    const named = componentNames.get(schema);
    if (named && named.id !== id) throw new Error(`schema named twice in the API document: ${named.id} and ${id}`);
    componentNames.add(schema, { id });
  }
}

/**
 * The place of `schema` in an operation (request body, answer, parameter), to give swagger's
 * decorators (`@ApiOkResponse({ schema: apiSchema(orderSchema) })`); filled in by `schemaComponents()`.
 */
export function apiSchema(schema: z.ZodType): Record<string, unknown> {
  const placeholder: Record<string, unknown> = {};
  placeholders.set(placeholder, schema);
  return placeholder;
}

const JSON_SCHEMA_OPTIONS = {
  target: 'openapi-3.0',
  // What a client sends, and what it reads (answers have no transforms).
  io: 'input',
  // Form fields accept any JSON value: their metadata says what the form sends.
  unrepresentable: 'any',
  // zod drops the default of a field that reads its value (it is the output's); a query
  // parameter's default (the page size) is what the server uses when none is sent.
  override: ({ zodSchema, jsonSchema }) => {
    const documented = z.globalRegistry.get(zodSchema)?.['default'];
    if (documented !== undefined) jsonSchema.default = documented;
  },
} satisfies Parameters<typeof z.toJSONSchema>[1];

/**
 * Fills every placeholder and answers the named schemas as the document's components. Called
 * when the document is generated, once every controller (and so every decorator) is loaded.
 */
export function schemaComponents(): Record<string, Record<string, unknown>> {
  const { schemas } = z.toJSONSchema(componentNames, { ...JSON_SCHEMA_OPTIONS, uri: (id) => `${COMPONENTS}${id}` });
  for (const [placeholder, schema] of placeholders) {
    const name = componentNames.get(schema)?.id;
    Object.assign(placeholder, name ? { $ref: `${COMPONENTS}${name}` } : inlineSchema(schema));
  }
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, openApiSchema(schema as Record<string, unknown>)]));
}

/** A schema written out in full, its named parts too. */
export function inlineSchema(schema: z.ZodType): Record<string, unknown> {
  return openApiSchema(z.toJSONSchema(schema, JSON_SCHEMA_OPTIONS));
}

/**
 * The generated JSON Schema as OpenAPI 3.0 reads it: without JSON Schema's `$schema` and `$id`,
 * and with the form fields' `required: true` (their metadata: the form must send them; zod sees
 * every form field as optional, as its checks say what a missing one is) moved to the object's
 * `required` list.
 */
function openApiSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return liftRequired(rest) as Record<string, unknown>;
}

function liftRequired(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(liftRequired);
  if (!value || typeof value !== 'object') return value;
  const object = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, liftRequired(child)]));
  const properties = object['properties'] as Record<string, Record<string, unknown>> | undefined;
  if (properties && typeof properties === 'object') {
    const required = new Set<string>(Array.isArray(object['required']) ? (object['required'] as string[]) : []);
    for (const [name, property] of Object.entries(properties)) {
      if (property && property['required'] === true) {
        required.add(name);
        delete property['required'];
      } else if (property && property['required'] === false) {
        required.delete(name);
        delete property['required'];
      }
    }
    if (required.size > 0) object['required'] = Object.keys(properties).filter((name) => required.has(name));
    else delete object['required'];
  }
  return object;
}

/** Whether a query or path parameter must be given: its metadata says so, else its schema. */
export function isRequiredField(field: z.ZodType): boolean {
  const documented = z.globalRegistry.get(field)?.['required'];
  if (typeof documented === 'boolean') return documented;
  return !field.safeParse(undefined).success;
}
