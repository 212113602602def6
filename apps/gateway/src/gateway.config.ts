import { infraConfigSchema, loadConfig, publicBaseUrlConfig } from '@aero/backend-config';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/** Only for development and tests: a production gateway refuses to start without its own secret. */
const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-0123456789';

/** The workspace root (where nx.json is), found from this file in `src/` and in `dist/` alike. */
function workspaceRoot(from = import.meta.dirname): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json'))) return dir;
  }
  return process.cwd();
}

export const gatewayConfigSchema = infraConfigSchema
  .extend({
    GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /**
     * The shop's public address (an origin, no trailing slash), the same value as the services':
     * the activation address printed on tickets starts with it, never with the Host header a
     * request came with.
     */
    ...publicBaseUrlConfig,
    /**
     * The operations port: /metrics and the operators' API document. Never routed by the
     * ingress; it listens on SERVICE_HTTP_HOST (loopback unless a container opens it).
     */
    GATEWAY_OPS_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
    /**
     * Listen on GATEWAY_PORT with SO_REUSEPORT, so that several gateway processes on one machine
     * share the port and the kernel spreads the connections (`npm start -- --replicas N`).
     */
    GATEWAY_REUSE_PORT: z.stringbool().default(false),
    /**
     * SIGTERM: how long readiness is down while the gateway still serves, before it stops
     * accepting connections (the load balancer's time to notice; 0 when replicas share the port).
     */
    GATEWAY_DRAIN_DELAY_MS: z.coerce.number().int().min(0).default(0),
    /** SIGTERM: how long keep-alive connections may send a last request (answered `Connection: close`). */
    GATEWAY_DRAIN_KEEPALIVE_GRACE_MS: z.coerce.number().int().min(0).default(2000),
    /** Signs the CSRF tokens; at least 32 characters. Required in production. */
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** The Vite build of apps/web (`npm run build:web`). */
    WEB_DIST_DIR: z.string().default(join(workspaceRoot(), 'dist/apps/web')),
    /** Adds `Secure` to the cookies; set it wherever the site is served over HTTPS. */
    COOKIE_SECURE: z.stringbool().default(false),
    /**
     * Trust `X-Forwarded-For` from the proxy in front: `true`, or its addresses/CIDRs separated by
     * commas. Then rate limits by IP see the client's address, not the load balancer's.
     */
    TRUST_PROXY: z.string().default('false'),
    /**
     * Multiplies every rate limit. Only for load tests (tools/bench), where a few simulated
     * customers place hundreds of orders a minute; production keeps 1.
     */
    RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).default(1),
    /**
     * The same settings as notifications' and payments' (one shared value in deploy/): which third
     * parties the web app loads, so the Content-Security-Policy allows them and no others.
     * `recaptcha`: Google reCAPTCHA; `live`: the PayPal JS SDK.
     */
    CAPTCHA_PROVIDER: z.enum(['test', 'recaptcha']).default('test'),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'live']).default('sandbox'),
    /** How long `/health` waits for each service's answer. */
    HEALTH_TIMEOUT_MS: z.coerce.number().int().positive().default(1500),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
  });

export type GatewayConfig = Omit<z.infer<typeof gatewayConfigSchema>, 'SESSION_SECRET'> & { SESSION_SECRET: string };

/** Reads and validates the gateway's environment; throws a ConfigError naming every bad variable. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const config = loadConfig(gatewayConfigSchema, env);
  return { ...config, SESSION_SECRET: config.SESSION_SECRET ?? DEV_SESSION_SECRET };
}

/** Fastify's `trustProxy` from the TRUST_PROXY string: false, true or the proxies' addresses. */
export function trustProxySetting(value: string): boolean | string {
  if (value === 'false' || value === '') return false;
  if (value === 'true') return true;
  return value;
}
