import { describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildErrorReport, NOT_LOGGED_IN, SentryEnvelopeSink, type ErrorReportSettings } from './error-reports.js';
import { runWithContext } from './request-context.js';

const settings: ErrorReportSettings = { source: 'payments', release: '0.1.0', environment: 'test', redisUrl: 'redis://unused', redisPrefix: 'unused' };

describe('error reports', () => {
  it("take who from the current context: the actor, else the session's user, else 'Not logged in'", () => {
    const actor = { userId: 'u-1', companyId: null, roles: ['student'], status: null };
    expect(runWithContext({ correlationId: 'c-1', actor }, () => buildErrorReport(new Error('x'), { kind: 'rpc', route: 'payments.pay' }, settings))).toMatchObject({ userId: 'u-1', correlationId: 'c-1' });
    expect(runWithContext({ correlationId: 'c-2', session: { id: 's', userId: 'u-2' } }, () => buildErrorReport(new Error('x'), { kind: 'rpc', route: 'r' }, settings)).userId).toBe('u-2');
    expect(runWithContext({ correlationId: 'c-3', actor: null }, () => buildErrorReport(new Error('x'), { kind: 'rpc', route: 'r' }, settings)).userId).toBe(NOT_LOGGED_IN);
    expect(NOT_LOGGED_IN).toBe('Not logged in');
  });

  it('go to a Sentry-compatible service as an envelope on the DSN project (ERROR_REPORTS_DSN)', async () => {
    const received: { url?: string; headers: IncomingHttpHeaders; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ url: req.url, headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const sink = new SentryEnvelopeSink(`http://publickey@127.0.0.1:${port}/42`);
      const report = runWithContext({ correlationId: 'corr-9' }, () =>
        buildErrorReport(new TypeError('boom'), { kind: 'http', route: 'GET /api/cart', userId: 'user-5', status: 500 }, settings),
      );
      await sink.write(report);
      expect(received).toHaveLength(1);
      expect(received[0].url).toBe('/api/42/envelope/');
      expect(received[0].headers['x-sentry-auth']).toContain('sentry_key=publickey');
      const [header, item, event] = received[0].body.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(header).toMatchObject({ event_id: report.id.replace(/-/g, '') });
      expect(item).toEqual({ type: 'event' });
      expect(event).toMatchObject({
        release: '0.1.0',
        transaction: 'GET /api/cart',
        user: { id: 'user-5' },
        tags: { correlation_id: 'corr-9', kind: 'http', source: 'payments', status: '500' },
        exception: { values: [{ type: 'TypeError', value: 'boom' }] },
      });
    } finally {
      server.close();
    }
  });
});
