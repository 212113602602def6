import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE } from '../session/session-cookies.js';

/**
 * Swagger UI at /api/docs and the document at /api/docs-json, generated from the controllers'
 * decorators and DTO classes. Built on the first request, not at start-up.
 */
export function setupOpenApi(app: NestFastifyApplication): void {
  const config = new DocumentBuilder()
    .setTitle('AeroMaint Academy API')
    .setDescription(
      'The public HTTP API of the shop. State-changing requests must send the XSRF-TOKEN cookie back ' +
        'in the X-XSRF-TOKEN header (else 419). Validation errors are 422 `{ message, errors: { field: [...] } }`.',
    )
    .setVersion('1')
    .addCookieAuth(SESSION_COOKIE)
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' }, 'csrf')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, config), {
    jsonDocumentUrl: 'api/docs-json',
  });
}
