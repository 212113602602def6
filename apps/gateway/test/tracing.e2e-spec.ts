import { freePort, studentForm, waitFor } from '@aero/backend-testing';
import type { StoredSpan, TraceSummary } from '@aero/backend-observability';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { RunningGateway } from '../src/gateway.bootstrap.js';
import { Browser } from './support/browser.js';
import { startMailPlatform, type MailPlatform } from './support/mail-catcher.js';

type TracedSpan = StoredSpan & { depth: number };

/**
 * One request's trace across the processes, as an operator follows it locally: every process
 * sends its spans to the gateway's operations port (OTEL_EXPORTER_OTLP_ENDPOINT, as npm start
 * sets it), which shows them at /traces.
 */
describe('gateway: a request traced end to end (OpenTelemetry, the local trace viewer)', () => {
  jest.setTimeout(90_000);
  let platform: MailPlatform;
  let gateway: RunningGateway;
  let ops: string;

  beforeAll(async () => {
    const opsPort = await freePort();
    ops = `http://127.0.0.1:${opsPort}`;
    platform = await startMailPlatform({
      appEnv: { OTEL_EXPORTER_OTLP_ENDPOINT: ops, OTEL_BSP_SCHEDULE_DELAY: '100', LOG_LEVEL: 'info' },
      gatewayEnv: { GATEWAY_OPS_PORT: String(opsPort), OTEL_EXPORTER_OTLP_ENDPOINT: ops, OTEL_BSP_SCHEDULE_DELAY: '100' },
    });
    gateway = platform.gateway;
  });

  afterAll(async () => {
    await platform?.stop();
  });

  async function json<T>(path: string): Promise<T> {
    const res = await fetch(`${ops}${path}`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  }

  /** The span's ancestors, nearest first (its parent, the parent's parent...). */
  function ancestors(spans: TracedSpan[], span: TracedSpan): TracedSpan[] {
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const chain: TracedSpan[] = [];
    for (let parent = span.parentSpanId && byId.get(span.parentSpanId); parent; parent = parent.parentSpanId && byId.get(parent.parentSpanId)) chain.push(parent);
    return chain;
  }

  it('follows a registration from the HTTP request through the RPC, the event and the e-mail job in one trace, whose ids the log lines carry', async () => {
    const browser = new Browser(`http://127.0.0.1:${gateway.port}`);
    await browser.request('GET', '/api/me');
    const form = studentForm();
    const email = form.email!;
    const answer = await browser.request('POST', '/register', { body: form, csrf: true });
    expect(answer.status).toBe(200);
    const correlationId = answer.headers.get('x-correlation-id')!;
    await waitFor(() => platform.smtp.messages.some((m) => m.envelopeTo.includes(email)), { timeoutMs: 30_000, what: 'the verification e-mail' });

    // The spans of the three processes arrive in batches; the trace is whole once the e-mail job's and the request's have.
    type Trace = { traceId: string; spans: TracedSpan[] };
    const { traceId, spans } = await (waitFor<Trace | null>(
      async () => {
        const { data: traces } = await json<{ data: TraceSummary[] }>(`/traces?correlationId=${correlationId}`);
        if (traces.length !== 1) return null;
        const { data } = await json<{ data: Trace }>(`/traces/${traces[0].traceId}`);
        // Each process sends its spans in batches of its own: wait until every span's parent is in.
        const ids = new Set(data.spans.map((s) => s.spanId));
        const whole = data.spans.every((s) => !s.parentSpanId || ids.has(s.parentSpanId));
        return whole && data.spans.some((s) => s.name === 'process email-send') && data.spans.some((s) => s.name === 'POST /register') ? data : null;
      },
      { timeoutMs: 20_000, what: "the request's whole trace with the e-mail job's span" },
    ) as Promise<Trace>);

    // One tree: a root, the gateway's server span of the request, and every other span under a span of the trace.
    const root = spans.filter((s) => !s.parentSpanId);
    expect(root).toEqual([expect.objectContaining({ name: 'POST /register', kind: 'server', service: 'gateway', depth: 0 })]);
    expect(root[0].attributes).toMatchObject({ 'aero.correlation_id': correlationId, 'http.response.status_code': 200 });
    const ids = new Set(spans.map((s) => s.spanId));
    expect(spans.filter((s) => s.parentSpanId && !ids.has(s.parentSpanId))).toEqual([]);
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([traceId]));
    expect([...new Set(spans.map((s) => s.service))].sort()).toEqual(expect.arrayContaining(['accounts-invitations', 'gateway', 'notifications']));

    // The job's span goes back to the request through the event and the RPC, across the process boundaries.
    const job = spans.find((s) => s.name === 'process email-send')!;
    const path = [job, ...ancestors(spans, job)].map((s) => `${s.service} ${s.kind}`);
    const hops = path.filter((hop, i) => hop !== path[i - 1]);
    expect(hops).toEqual([
      'notifications consumer', // the e-mail job
      'notifications producer', // its enqueueing
      'notifications consumer', // the user.registered event handled
      'accounts-invitations producer', // the event written to the outbox
      'accounts-invitations server', // the RPC handled
      'gateway client', // the RPC call
      'gateway server', // the HTTP request
    ]);
    const consumer = ancestors(spans, job).find((s) => s.kind === 'consumer')!;
    expect(consumer.name).toBe('process user.registered');

    // The log lines written inside the job carry the trace's id and the job span's id next to the correlation id.
    const lines = platform.notifications
      .output()
      .split('\n')
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      });
    const jobDone = lines.filter((line) => line['msg'] === 'e-mail job done' && line['correlationId'] === correlationId);
    expect(jobDone).toHaveLength(1);
    expect(jobDone[0]).toMatchObject({ trace_id: traceId, span_id: job.spanId });
    const notificationSpans = new Set(spans.filter((s) => s.service === 'notifications').map((s) => s.spanId));
    for (const line of lines.filter((l) => l['correlationId'] === correlationId)) {
      expect(line['trace_id']).toBe(traceId);
      expect(notificationSpans.has(line['span_id'] as string)).toBe(true);
    }

    // An operator reads it as pages: the list links the trace, the trace shows every process's spans on one time line.
    const list = await fetch(`${ops}/traces`);
    expect(list.headers.get('content-type')).toContain('text/html');
    expect(await list.text()).toContain(`/traces/${traceId}`);
    const page = await fetch(`${ops}/traces/${traceId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ['POST /register', 'process user.registered', 'process email-send', 'accounts-invitations', 'notifications', correlationId]) expect(html).toContain(text);
    expect((await fetch(`${ops}/traces/${'0'.repeat(31)}1`)).status).toBe(404);
  });

  it('does not answer the trace viewer on the public port', async () => {
    expect((await fetch(`http://127.0.0.1:${gateway.port}/traces`, { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${gateway.port}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).not.toBe(200);
  });
});
