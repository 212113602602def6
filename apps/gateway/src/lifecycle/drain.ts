import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';

export interface DrainSettings {
  /**
   * How long readiness stays down while the gateway still serves as usual, before it stops
   * accepting connections: the time a load balancer needs to see the readiness probe fail and
   * route elsewhere (0 where the replicas share the port, as under `npm start --replicas`).
   */
  delayMs: number;
  /** How long keep-alive connections are given to send a last request (answered `Connection: close`). */
  keepAliveGraceMs: number;
  /** The most the whole drain may take; requests still running then are cut. */
  timeoutMs: number;
}

/**
 * The gateway's graceful shutdown. `register` (before listen) counts the requests in flight and,
 * once draining, answers every request with `Connection: close` so its client opens its next
 * connection elsewhere. `drain` then: readiness down (`draining`), the listening socket closed
 * (new connections go to the other replicas sharing the port, or fail over at the load
 * balancer), keep-alive connections given a moment to turn over, idle ones closed, the running
 * requests finished; the caller then closes the application and its connections.
 */
export class GatewayDrain {
  draining = false;
  private inFlight = 0;

  register(app: NestFastifyApplication): void {
    const fastify = app.getHttpAdapter().getInstance();
    fastify.addHook('onRequest', (request, reply, done) => {
      this.inFlight++;
      reply.raw.once('close', () => this.inFlight--);
      done();
    });
    fastify.addHook('onSend', (request, reply, payload, done) => {
      if (this.draining) void reply.header('connection', 'close');
      done(null, payload);
    });
  }

  /** Requests answered or being answered right now. */
  get running(): number {
    return this.inFlight;
  }

  async drain(app: NestFastifyApplication, settings: DrainSettings, logger: Logger): Promise<void> {
    const deadline = performance.now() + settings.timeoutMs;
    this.draining = true;
    if (settings.delayMs > 0) await sleep(settings.delayMs);
    const server: Server = app.getHttpServer();
    // net.Server's close stops accepting without http.Server's closing of idle keep-alive
    // connections: a client about to reuse one would see it reset.
    NetServer.prototype.close.call(server, () => undefined);
    const graceUntil = Math.min(performance.now() + settings.keepAliveGraceMs, deadline);
    while (performance.now() < graceUntil && ((await connections(server)) > 0 || this.inFlight > 0)) await sleep(50);
    server.closeIdleConnections();
    while (this.inFlight > 0 && performance.now() < deadline) await sleep(25);
    if (this.inFlight > 0) logger.warn({ unfinished: this.inFlight }, 'drain: requests still running at the drain timeout');
  }
}

function connections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}
