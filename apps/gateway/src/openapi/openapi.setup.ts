import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { applyDocumentConventions, type DocumentConventionOptions } from './document-conventions.js';
import './document-schemas.js';
import { schemaComponents } from './zod-schemas.js';

/**
 * Routes documented for operators only: the administrators' API and the sandbox provider's
 * pages and bank. They are served like any route (their guards decide who may call them), but
 * the public document does not advertise them.
 */
export const OPERATOR_ONLY_PREFIXES = ['/api/admin/', '/api/sandbox/', '/sandbox/'] as const;

export function isOperatorOnlyPath(path: string): boolean {
  return OPERATOR_ONLY_PREFIXES.some((prefix) => path.startsWith(prefix));
}

const DESCRIPTION =
  'State-changing requests must send the XSRF-TOKEN cookie back in the X-XSRF-TOKEN header (else 419). ' +
  'Validation errors are 422 `{ message, errors: { field: [...] } }`.';

/**
 * The gateway's two OpenAPI documents, generated from the controllers' decorators and the zod
 * schemas of libs/contracts (zod-schemas.ts) on first use (not at start-up): the operators' one
 * with every route, and the public one without the operator-only routes and the schemas only
 * they use.
 */
export class ApiDocuments {
  private scanned: OpenAPIObject | undefined;
  private operatorDocument: OpenAPIObject | undefined;
  private publicDocument: OpenAPIObject | undefined;

  constructor(
    private readonly app: INestApplication,
    private readonly options: DocumentConventionOptions = { serverUrl: 'http://localhost:3000' },
  ) {}

  operator(): OpenAPIObject {
    const all = this.all();
    this.operatorDocument ??= {
      ...all,
      info: {
        ...all.info,
        title: 'AeroMaint Academy API (operators)',
        description: `Every route of the gateway, the administrators' and the sandbox provider's included. ${DESCRIPTION}`,
      },
    };
    return this.operatorDocument;
  }

  public(): OpenAPIObject {
    this.publicDocument ??= withoutOperatorRoutes(this.all());
    return this.publicDocument;
  }

  private all(): OpenAPIObject {
    this.scanned ??= this.scan();
    return this.scanned;
  }

  private scan(): OpenAPIObject {
    // First: fills the schemas the decorators left as placeholders in the operations.
    const components = schemaComponents();
    const document = SwaggerModule.createDocument(
      this.app,
      new DocumentBuilder()
        .setTitle('AeroMaint Academy API')
        .setDescription(`The public HTTP API of the shop. ${DESCRIPTION}`)
        .setVersion('1')
        .setLicense('Proprietary', `${this.options.serverUrl}/terms`)
        .build(),
    );
    return applyDocumentConventions(
      { ...document, components: { ...document.components, schemas: { ...document.components?.schemas, ...components } } },
      this.options,
    );
  }
}

/**
 * The document without the operator-only paths, and without the component schemas and tags that
 * only those paths used (a schema would otherwise still describe an administrator's request).
 */
export function withoutOperatorRoutes(document: OpenAPIObject): OpenAPIObject {
  const paths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => !isOperatorOnlyPath(path)));
  const schemas = document.components?.schemas ?? {};
  const used = referencedSchemas(paths, schemas);
  const usedTags = new Set(
    Object.values(paths).flatMap((item) => Object.values(item as Record<string, { tags?: string[] }>).flatMap((operation) => operation?.tags ?? [])),
  );
  return {
    ...document,
    paths,
    ...(document.tags ? { tags: document.tags.filter((tag) => usedTags.has(tag.name)) } : {}),
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}

const SCHEMA_REF = '#/components/schemas/';

/** The names of the schemas `root` refers to, directly or through other schemas. */
function referencedSchemas(root: unknown, schemas: Record<string, unknown>): Set<string> {
  const found = new Set<string>();
  const pending: unknown[] = [root];
  while (pending.length) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      pending.push(...(value as unknown[]));
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF)) {
          const name = child.slice(SCHEMA_REF.length);
          if (!found.has(name)) {
            found.add(name);
            pending.push(schemas[name]);
          }
        } else {
          pending.push(child);
        }
      }
    }
  }
  return found;
}

/** The public Swagger UI at /api/docs and its document at /api/docs-json (and -yaml). */
export function setupPublicApiDocs(app: INestApplication, documents: ApiDocuments): void {
  SwaggerModule.setup('api/docs', app, () => documents.public(), { jsonDocumentUrl: 'api/docs-json' });
}

/** The operators' Swagger UI and document, at the same paths of the operations server. */
export function setupOperatorApiDocs(opsApp: INestApplication, documents: ApiDocuments): void {
  SwaggerModule.setup('api/docs', opsApp, () => documents.operator(), { jsonDocumentUrl: 'api/docs-json' });
}
