import { ConfigError } from '@aero/backend-config';
import type { Logger } from 'pino';
import { InfrastructureError } from './dependency-checks.js';

/**
 * SIGTERM and SIGINT drain the process (`drain`: readiness down, no new work, running work
 * finished), then it exits 0. A drain that hangs (a handler stuck on a dead dependency) must not
 * keep the process: after twice `drainTimeoutMs` it exits 1, leaving what is unfinished to be
 * redelivered (JetStream, BullMQ) or failed fast for its caller.
 */
export function drainOnSignals(logger: Logger, drainTimeoutMs: number, drain: () => Promise<void>): void {
  const stop = async (signal: string) => {
    logger.info({ signal }, 'draining');
    const started = performance.now();
    setTimeout(() => {
      logger.error({ afterMs: drainTimeoutMs * 2 }, 'drain did not finish: exiting');
      process.exit(1);
    }, drainTimeoutMs * 2).unref();
    await drain();
    logger.info({ ms: Math.round(performance.now() - started) }, 'drained');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/** A process that could not start: a bad setting or an unreachable server says so in one line, anything else with its stack. */
export function exitOnStartFailure(name: string, error: unknown): never {
  if (error instanceof ConfigError || error instanceof InfrastructureError) {
    process.stderr.write(`[${name}] ${error.message}\n`);
  } else {
    process.stderr.write(`[${name}] failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
}
