import { SERVICE_NAMES } from '@aero/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FakeServices } from './support/fake-services.js';
import { startPlatform, type Platform } from './support/platform.js';

/** The services this test does not run: fakes answer their health checks. */
const OTHER_SERVICES = SERVICE_NAMES.filter((name) => name !== 'catalog-cart');

interface HealthBody {
  status: string;
  gateway: { status: string; checks: Record<string, { status: string }> };
  services: Record<string, { status: string; error?: string; checks?: Record<string, { status: string }> }>;
}

describe('gateway: health, metrics and API docs', () => {
  let platform: Platform;
  let fakes: FakeServices;

  beforeAll(async () => {
    platform = await startPlatform();
    fakes = await FakeServices.connect(platform.env.natsPrefix);
    await fakes.healthy(...OTHER_SERVICES);
  });

  afterAll(async () => {
    await fakes?.close();
    await platform?.stop();
  });

  const health = async () => {
    const res = await fetch(`${platform.url}/health`);
    return { status: res.status, body: (await res.json()) as HealthBody };
  };

  it('GET /health is 200 and lists the gateway\'s Redis and NATS and every service as up', async () => {
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body.status).toBe('up');
    expect(body.gateway).toEqual({ status: 'up', checks: { redis: expect.objectContaining({ status: 'up' }), nats: expect.objectContaining({ status: 'up' }) } });
    expect(Object.keys(body.services).sort()).toEqual([...SERVICE_NAMES].sort());
    for (const name of SERVICE_NAMES) expect(body.services[name].status).toBe('up');
    // catalog-cart's own report comes through: its Postgres, Redis and NATS.
    expect(Object.keys(body.services['catalog-cart'].checks!).sort()).toEqual(['nats', 'postgres', 'redis']);
  });

  it('GET /health is 503 and names the service that does not answer', async () => {
    await fakes.stop('exams.health');
    try {
      const { status, body } = await health();
      expect(status).toBe(503);
      expect(body.status).toBe('down');
      expect(body.services.exams).toEqual({ status: 'down', error: 'no_responders' });
      expect(body.services['catalog-cart'].status).toBe('up');
      // The gateway itself is still fine: liveness stays 200.
      expect((await fetch(`${platform.url}/health/live`)).status).toBe(200);
    } finally {
      await fakes.healthy('exams');
    }
    expect((await health()).status).toBe(200);
  });

  it('GET /metrics on the operations port exposes Prometheus metrics with an HTTP duration histogram by route and status', async () => {
    await fetch(`${platform.url}/api/products`);
    await fetch(`${platform.url}/api/nothing-here`);
    const res = await fetch(`http://127.0.0.1:${platform.gateway.opsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*method="GET",route="\/api\/products",status_code="200"[^}]*\} [1-9]/);
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="not_found",status_code="404"/);
    expect(text).toMatch(/process_cpu_seconds_total\{service="gateway"\}/);
  });

  it('serves the OpenAPI document at /api/docs-json and Swagger UI at /api/docs', async () => {
    const doc = (await (await fetch(`${platform.url}/api/docs-json`)).json()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(doc.paths['/api/products']).toBeDefined();
    expect(doc.paths['/health']).toBeDefined();
    expect(Object.keys(doc.components.schemas.ProductResponse.properties)).toEqual(
      expect.arrayContaining(['id', 'name', 'price', 'formatted_price', 'images', 'package']),
    );
    const ui = await fetch(`${platform.url}/api/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toMatch(/swagger-ui/i);
  });
});
