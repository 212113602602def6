import 'reflect-metadata';
import { ConfigError } from '@aero/backend-config';
import { InfrastructureError } from '@aero/backend-observability';
import { startGateway } from './gateway.bootstrap.js';

try {
  const gateway = await startGateway();
  const { logger, config } = gateway.infra;
  // SIGTERM and SIGINT drain: readiness down, no new connections, running requests finished.
  const stop = async (signal: string) => {
    logger.info({ signal }, 'draining');
    const started = performance.now();
    setTimeout(() => {
      logger.error({ afterMs: config.DRAIN_TIMEOUT_MS * 2 }, 'drain did not finish: exiting');
      process.exit(1);
    }, config.DRAIN_TIMEOUT_MS * 2).unref();
    await gateway.drain();
    logger.info({ ms: Math.round(performance.now() - started) }, 'drained');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
} catch (error) {
  if (error instanceof ConfigError || error instanceof InfrastructureError) {
    process.stderr.write(`[gateway] ${error.message}\n`);
  } else {
    process.stderr.write(`[gateway] failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
}
