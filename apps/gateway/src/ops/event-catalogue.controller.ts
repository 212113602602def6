import { asyncApiDocument } from '@aero/contracts';
import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';

/** Where the catalogue says subscribers find the events. */
export class EventCatalogueSettings {
  constructor(
    /** `host:port` of NATS, without credentials. */
    readonly natsHost: string,
    readonly prefix: string,
  ) {}

  static from(events: { natsUrl: string; prefix: string } | undefined): EventCatalogueSettings {
    if (!events) return new EventCatalogueSettings('nats:4222', '');
    const url = new URL(events.natsUrl.split(',')[0]);
    return new EventCatalogueSettings(url.host, events.prefix);
  }
}

/**
 * The published event catalogue (operations port only): an AsyncAPI 3.0 document generated from
 * the events' zod schemas in libs/contracts (`asyncApiDocument`), next to the OpenAPI document.
 */
@ApiExcludeController()
@Controller('api')
export class EventCatalogueController {
  private document: Record<string, unknown> | undefined;

  constructor(@Inject(EventCatalogueSettings) private readonly settings: EventCatalogueSettings) {}

  @Get('events-json')
  @Header('content-type', 'application/json; charset=utf-8')
  json(): Record<string, unknown> {
    return this.catalogue();
  }

  @Get('events-yaml')
  @Header('content-type', 'text/yaml; charset=utf-8')
  async yaml(): Promise<string> {
    // The YAML writer is loaded on the first request for it (operators seldom ask; about 1 MB of heap).
    const { stringify } = await import('yaml');
    return stringify(this.catalogue());
  }

  private catalogue(): Record<string, unknown> {
    this.document ??= asyncApiDocument({ natsHost: this.settings.natsHost, prefix: this.settings.prefix });
    return this.document;
  }
}
