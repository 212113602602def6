import type { RpcClient } from '@aero/backend-messaging';
import type { Metrics } from '@aero/backend-observability';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { CsrfTokens } from './csrf/csrf-tokens.js';
import type { GatewayConfig } from './gateway.config.js';
import { GatewayDrain } from './lifecycle/drain.js';
import type { RateLimiter } from './rate-limit/rate-limiter.js';
import type { SessionCookies } from './session/session-cookies.js';
import type { SessionStore } from './session/session-store.js';

/**
 * The gateway's process-wide objects, created once by `startGateway`: one NATS connection and one
 * RpcClient, one Redis client for sessions and rate limits, the metrics registry.
 */
export class GatewayInfra {
  /** The graceful shutdown: `drain.draining` is true from SIGTERM on (readiness down). */
  readonly drain = new GatewayDrain();

  constructor(
    readonly config: GatewayConfig,
    readonly logger: Logger,
    readonly metrics: Metrics,
    readonly nats: NatsConnection,
    readonly redis: Redis,
    readonly rpc: RpcClient,
    readonly sessions: SessionStore,
    readonly sessionCookies: SessionCookies,
    readonly csrf: CsrfTokens,
    readonly rateLimiter: RateLimiter,
  ) {}
}
