import { defineRpc, type RpcDefinition, type ServiceName } from './rpc-definition.js';

export type DependencyStatus = 'up' | 'down';

/** What a service reports about itself and the servers it depends on. */
export interface HealthReport {
  service: string;
  status: DependencyStatus;
  checks: Record<string, { status: DependencyStatus; latencyMs?: number; error?: string }>;
}

/** Every service answers `<service>.health` so the gateway can report the whole platform. */
export function healthRpc(service: ServiceName): RpcDefinition<Record<string, never>, HealthReport> {
  return defineRpc<Record<string, never>, HealthReport>(`${service}.health`);
}
