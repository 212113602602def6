import 'reflect-metadata';
import { drainOnSignals, exitOnStartFailure, releaseMemoryWhenIdle } from '@aero/backend-observability';
import { startGateway } from './gateway.bootstrap.js';

try {
  const gateway = await startGateway();
  // SIGTERM and SIGINT drain: readiness down, no new connections, running requests finished.
  drainOnSignals(gateway.infra.logger, gateway.infra.config.DRAIN_TIMEOUT_MS, () => gateway.drain());
  // After a burst of requests, V8 keeps the heap it grew until it fills again: given back once quiet.
  releaseMemoryWhenIdle(gateway.infra.logger);
} catch (error) {
  exitOnStartFailure('gateway', error);
}
