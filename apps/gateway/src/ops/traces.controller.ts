import { spansFromOtlpJson, TraceStore, waterfallOrder, type StoredSpan, type TraceSummary } from '@aero/backend-observability';
import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderTrace, renderTraceList } from './trace-pages.js';

/** JSON when asked for (`?format=json`, or an Accept header naming JSON and not HTML), else a page. */
function wantsJson(request: FastifyRequest, format?: string): boolean {
  if (format === 'json') return true;
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

/**
 * The local trace viewer (operations port only). Every process of the product sends its spans to
 * `POST /v1/traces` (OTLP/HTTP, JSON) when OTEL_EXPORTER_OTLP_ENDPOINT is this port, as under
 * `npm start`; they are kept in Redis (TraceStore). `GET /traces` lists the newest traces
 * (`?correlationId=` finds a request's), `GET /traces/<traceId>` shows one as a waterfall of its
 * spans across the processes; both answer JSON when asked.
 */
@ApiExcludeController()
@Controller()
export class TracesController {
  constructor(@Inject(TraceStore) private readonly store: TraceStore) {}

  /** An OTLP/HTTP JSON export (`ExportTraceServiceRequest`); answers an `ExportTraceServiceResponse`. */
  @Post('v1/traces')
  @HttpCode(200)
  async receive(@Body() body: unknown): Promise<Record<string, never>> {
    await this.store.add(spansFromOtlpJson(body));
    return {};
  }

  @Get('traces')
  async list(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('limit') limit?: string,
    @Query('correlationId') correlationId?: string,
    @Query('format') format?: string,
  ): Promise<{ data: TraceSummary[] } | string> {
    const count = Math.min(500, Math.max(1, Number.parseInt(limit ?? '50', 10) || 50));
    const traces = await this.store.recent(count, correlationId || undefined);
    if (wantsJson(request, format)) return { data: traces };
    void reply.type('text/html; charset=utf-8');
    return renderTraceList(traces, correlationId || undefined);
  }

  @Get('traces/:traceId')
  async show(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('traceId') traceId: string,
    @Query('format') format?: string,
  ): Promise<{ data: { traceId: string; spans: (StoredSpan & { depth: number })[] } } | string> {
    const id = traceId.toLowerCase();
    const spans = await this.store.trace(id);
    if (!spans.length) throw new NotFoundException('No such trace: unknown, not received yet, or older than a day.');
    if (wantsJson(request, format)) return { data: { traceId: id, spans: waterfallOrder(spans).map(({ span, depth }) => ({ ...span, depth })) } };
    void reply.type('text/html; charset=utf-8');
    return renderTrace(id, spans);
  }
}
