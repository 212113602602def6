import 'reflect-metadata';
import { ConfigError } from '@aero/backend-config';
import { InfrastructureError } from '@aero/backend-observability';
import { startGateway } from './gateway.bootstrap.js';

try {
  const gateway = await startGateway();
  const stop = async () => {
    await gateway.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
} catch (error) {
  if (error instanceof ConfigError || error instanceof InfrastructureError) {
    process.stderr.write(`[gateway] ${error.message}\n`);
  } else {
    process.stderr.write(`[gateway] failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
}
