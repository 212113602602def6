import { Metrics, PinoNestLogger, TraceStore } from '@aero/backend-observability';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { setupOperatorApiDocs, type ApiDocuments } from '../openapi/openapi.setup.js';
import { ErrorReportsController } from './error-reports.controller.js';
import { EventCatalogueController, EventCatalogueSettings } from './event-catalogue.controller.js';
import { MetricsController } from './metrics.controller.js';
import { TracesController } from './traces.controller.js';

@Module({})
class OpsModule {
  static forMetrics(metrics: Metrics, events: EventCatalogueSettings, traces: TraceStore): DynamicModule {
    return {
      module: OpsModule,
      controllers: [MetricsController, EventCatalogueController, ErrorReportsController, TracesController],
      providers: [
        { provide: Metrics, useValue: metrics },
        { provide: EventCatalogueSettings, useValue: events },
        { provide: TraceStore, useValue: traces },
      ],
    };
  }
}

export interface OpsServerOptions {
  port: number;
  host: string;
  /** Where the event catalogue (`/api/events-json`) says the events are: NATS_URL and NATS_PREFIX. */
  events?: { natsUrl: string; prefix: string };
  /** The local trace viewer's store (`/v1/traces` writes it, `/traces` reads it). */
  traces: TraceStore;
}

/** An OTLP export batch (up to 512 spans with their attributes) fits. */
const OPS_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The gateway's operations server, on a port of its own that the ingress never routes:
 * `/metrics` for Prometheus, the operators' API document (`/api/docs`, `/api/docs-json`),
 * which documents the administrators' and sandbox routes the public document leaves out, and
 * the event catalogue (`/api/events-json`, `/api/events-yaml`: AsyncAPI 3.0), the error
 * reports (`/errors`) and the local trace viewer (`/traces`, fed by every process at `/v1/traces`).
 * The public port answers neither.
 */
export async function startOpsServer(metrics: Metrics, documents: ApiDocuments, logger: Logger, options: OpsServerOptions): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(OpsModule.forMetrics(metrics, EventCatalogueSettings.from(options.events), options.traces), new FastifyAdapter({ bodyLimit: OPS_BODY_LIMIT }), {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
    forceCloseConnections: true,
  });
  try {
    setupOperatorApiDocs(app, documents);
    await app.listen(options.port, options.host);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/** The port a started Nest application listens on. */
export function boundPort(app: NestFastifyApplication, fallback: number): number {
  const address = app.getHttpServer().address();
  return typeof address === 'object' && address ? address.port : fallback;
}
