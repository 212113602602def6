import { RpcClient } from '@aero/backend-messaging';
import { Metrics } from '@aero/backend-observability';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { GatewayInfra } from './gateway-infra.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { SessionStore } from './session/session-store.js';

/**
 * Makes the gateway's process-wide objects injectable in every module: GatewayInfra itself,
 * RpcClient, Metrics, RateLimiter and SessionStore.
 */
@Global()
@Module({})
export class GatewayInfraModule {
  static forRoot(infra: GatewayInfra): DynamicModule {
    const providers = [
      { provide: GatewayInfra, useValue: infra },
      { provide: RpcClient, useValue: infra.rpc },
      { provide: Metrics, useValue: infra.metrics },
      { provide: RateLimiter, useValue: infra.rateLimiter },
      { provide: SessionStore, useValue: infra.sessions },
    ];
    return { module: GatewayInfraModule, providers, exports: providers.map((p) => p.provide) };
  }
}
