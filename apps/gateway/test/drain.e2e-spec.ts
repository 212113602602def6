import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Controller, Get, Module } from '@nestjs/common';
import { request as httpRequest } from 'node:http';
import { startPlatform, type Platform } from './support/platform.js';

let openGate!: () => void;
const gate = new Promise<void>((resolve) => (openGate = resolve));
let slowArrived!: () => void;
const slowReceived = new Promise<void>((resolve) => (slowArrived = resolve));

/** A request that is still running when the drain starts: it answers once the test opens the gate. */
@Controller('api/test-drain')
class SlowController {
  @Get('slow')
  async slow() {
    slowArrived();
    await gate;
    return { finished: true };
  }
}

@Module({ controllers: [SlowController] })
class SlowModule {}

/** GET on a new connection: status, body and the Connection header as sent. */
function get(url: string): Promise<{ status: number; connection: string | undefined; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(text) as unknown }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('gateway: graceful drain (SIGTERM)', () => {
  jest.setTimeout(60_000);
  let platform: Platform;

  beforeAll(async () => {
    // A drain delay opens the window in which a load balancer (here, the test) reads readiness.
    platform = await startPlatform({ modules: [SlowModule], gatewayEnv: { GATEWAY_DRAIN_DELAY_MS: '10000' } });
  });

  afterAll(async () => {
    openGate();
    await platform?.stop();
  });

  it('is ready until the drain, then reports not ready, answers with Connection: close, finishes the running request and stops accepting', async () => {
    const ready = await get(`${platform.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual(expect.objectContaining({ status: 'up', draining: false }));

    const running = get(`${platform.url}/api/test-drain/slow`);
    await slowReceived;
    const drained = platform.gateway.drain();

    const whileDraining = await get(`${platform.url}/health/ready`);
    expect(whileDraining.status).toBe(503);
    expect(whileDraining.body).toEqual(expect.objectContaining({ status: 'down', draining: true }));
    expect(whileDraining.connection).toBe('close');
    // The platform-wide health is down too, whatever the services say.
    expect((await get(`${platform.url}/health`)).status).toBe(503);

    openGate();
    await expect(running).resolves.toEqual(expect.objectContaining({ status: 200, body: { finished: true } }));
    await drained;
    await expect(get(`${platform.url}/health/ready`)).rejects.toThrow(/ECONNREFUSED/);
  });
});
