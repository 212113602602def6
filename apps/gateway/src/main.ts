import 'reflect-metadata';
import { drainOnSignals, exitOnStartFailure } from '@aero/backend-observability';
import { startGateway } from './gateway.bootstrap.js';

try {
  const gateway = await startGateway();
  // SIGTERM and SIGINT drain: readiness down, no new connections, running requests finished.
  drainOnSignals(gateway.infra.logger, gateway.infra.config.DRAIN_TIMEOUT_MS, () => gateway.drain());
} catch (error) {
  exitOnStartFailure('gateway', error);
}
