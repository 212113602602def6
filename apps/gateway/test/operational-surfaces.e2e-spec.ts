import { connectsTo, externalIPv4, freePort, spawnApp, type SpawnedProcess } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startGateway } from '../src/gateway.bootstrap.js';
import { startPlatform, type Platform } from './support/platform.js';

interface OpenApiDocument {
  info: { title: string };
  paths: Record<string, Record<string, { tags?: string[]; requestBody?: unknown }>>;
  tags?: { name: string }[];
  components: { schemas: Record<string, unknown> };
}

/** Routes of administrators and of the sandbox provider (a route each, from the controllers). */
const OPERATOR_ROUTES = [
  '/api/admin/payments/bank-wire/confirm',
  '/api/admin/announcements',
  '/api/sandbox/3ds/{transactionId}',
  '/sandbox/3ds/{transactionId}/complete',
  '/api/sandbox/paypal/{orderID}',
  '/sandbox/paypal/{orderID}/decide',
  '/sandbox/bank-wire/{orderId}/receive',
];

/** Every `$ref` name found in a JSON value. */
function refs(value: unknown): string[] {
  return [...JSON.stringify(value).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]);
}

/** This machine's address other than loopback: where another host would connect. */
function outsideAddress(): string {
  const address = externalIPv4();
  if (!address) throw new Error('this test needs a network interface with an IPv4 address other than loopback');
  return address;
}

describe('gateway: operational surfaces are not public', () => {
  let platform: Platform;
  let opsUrl: string;

  beforeAll(async () => {
    platform = await startPlatform();
    opsUrl = `http://127.0.0.1:${platform.gateway.opsPort}`;
  });

  afterAll(async () => {
    await platform?.stop();
  });

  describe('metrics', () => {
    it('are not served on the public port: a script gets 404, a browser the web app, neither the metrics', async () => {
      const script = await fetch(`${platform.url}/metrics`);
      expect(script.status).toBe(404);
      expect(await script.text()).not.toContain('http_request_duration_seconds');
      const browser = await fetch(`${platform.url}/metrics`, { headers: { accept: 'text/html' } });
      expect(await browser.text()).not.toContain('http_request_duration_seconds');
    });

    it('are served on the operations port, which is a port of its own', async () => {
      expect(platform.gateway.opsPort).not.toBe(platform.gateway.port);
      const res = await fetch(`${opsUrl}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('process_cpu_seconds_total{service="gateway"}');
    });

    it('the operations port listens on loopback only by default', async () => {
      await expect(connectsTo(outsideAddress(), platform.gateway.opsPort)).resolves.toBe(false);
      await expect(connectsTo('127.0.0.1', platform.gateway.opsPort)).resolves.toBe(true);
      // The public port is the one that listens everywhere (HOST).
    });

    it('SERVICE_HTTP_HOST=0.0.0.0 opens the operations port to other hosts (containers)', async () => {
      const gateway = await startGateway(platform.env.env({ GATEWAY_PORT: '0', SERVICE_HTTP_HOST: '0.0.0.0' }));
      try {
        await expect(connectsTo(outsideAddress(), gateway.opsPort)).resolves.toBe(true);
        expect((await fetch(`http://${outsideAddress()}:${gateway.opsPort}/metrics`)).status).toBe(200);
      } finally {
        await gateway.close();
      }
    });
  });

  describe('API documents', () => {
    let publicDoc: OpenApiDocument;
    let operatorDoc: OpenApiDocument;

    beforeAll(async () => {
      publicDoc = (await (await fetch(`${platform.url}/api/docs-json`)).json()) as OpenApiDocument;
      operatorDoc = (await (await fetch(`${opsUrl}/api/docs-json`)).json()) as OpenApiDocument;
    });

    it('the public document has no administrators\' or sandbox route', () => {
      const paths = Object.keys(publicDoc.paths);
      expect(paths.filter((path) => /^\/(api\/)?(admin|sandbox)\//.test(path))).toEqual([]);
      for (const route of OPERATOR_ROUTES) expect(paths).not.toContain(route);
      // It still documents the shop.
      expect(paths).toEqual(expect.arrayContaining(['/api/products', '/api/cart', '/login', '/api/checkout', '/health']));
    });

    it('the operators\' document, on the operations port only, has every route of the public one and the operator routes', () => {
      expect(operatorDoc.info.title).toMatch(/operators/);
      expect(Object.keys(operatorDoc.paths)).toEqual(expect.arrayContaining([...Object.keys(publicDoc.paths), ...OPERATOR_ROUTES]));
    });

    it('the public document keeps no schema that only operator routes use, and every schema it names is in it', () => {
      const adminBody = refs(operatorDoc.paths['/api/admin/payments/bank-wire/confirm'].post.requestBody);
      expect(adminBody).toEqual(['ConfirmBankWireDto']);
      expect(Object.keys(operatorDoc.components.schemas)).toContain('ConfirmBankWireDto');
      expect(Object.keys(publicDoc.components.schemas)).not.toContain('ConfirmBankWireDto');
      const named = new Set([...refs(publicDoc.paths), ...refs(publicDoc.components.schemas)]);
      for (const name of named) expect({ name, present: name in publicDoc.components.schemas }).toEqual({ name, present: true });
    });

    it('the public Swagger UI shows the public document', async () => {
      const init = await (await fetch(`${platform.url}/api/docs/swagger-ui-init.js`)).text();
      expect(init).toContain('/api/products');
      expect(init).not.toContain('/api/admin/');
      // (a card payment's answer may still give a sandbox page as an example address)
      expect(init).not.toContain('"/sandbox/3ds/{transactionId}/complete"');
      expect(init).not.toContain('"/api/sandbox/');
      const operatorInit = await (await fetch(`${opsUrl}/api/docs/swagger-ui-init.js`)).text();
      expect(operatorInit).toContain('/api/admin/payments/bank-wire/confirm');
    });
  });

  describe('services', () => {
    let exams: SpawnedProcess | undefined;

    afterAll(async () => {
      await exams?.stop();
    });

    it('a service\'s own port listens on loopback only by default', async () => {
      await expect(connectsTo('127.0.0.1', platform.catalogCartPort)).resolves.toBe(true);
      await expect(connectsTo(outsideAddress(), platform.catalogCartPort)).resolves.toBe(false);
    });

    it('SERVICE_HTTP_HOST=0.0.0.0 opens it to other hosts (containers)', async () => {
      const port = await freePort();
      exams = await spawnApp('exams', platform.env.env({ EXAMS_HTTP_PORT: String(port), SERVICE_HTTP_HOST: '0.0.0.0' }), {
        healthUrl: `http://127.0.0.1:${port}/health`,
      });
      expect((await fetch(`http://${outsideAddress()}:${port}/health`)).status).toBe(200);
    });
  });
});
