import { healthRpc, type HealthReport, type ServiceName } from '@aero/contracts';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { TEST_INFRA } from '@aero/backend-testing';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Answers RPCs the way a Nest service does (`{ id, response | err, isDisposed }`), for services
 * this test does not start: their `<service>.health`, or a pattern that fails with a domain error.
 */
export class FakeServices {
  private readonly subscriptions = new Map<string, Subscription>();

  private constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
  ) {}

  static async connect(prefix: string): Promise<FakeServices> {
    return new FakeServices(await connect({ servers: TEST_INFRA.nats }), prefix);
  }

  /** `<service>.health` answering "up". */
  healthy(...services: ServiceName[]): Promise<void> {
    for (const service of services) {
      const report: HealthReport = { service, status: 'up', checks: { postgres: { status: 'up', latencyMs: 1 } } };
      this.answer(healthRpc(service).pattern, { response: report });
    }
    return this.nc.flush();
  }

  /** Every request to `pattern` fails with this error payload, as a service's RpcErrorFilter sends it. */
  failing(pattern: string, err: unknown): Promise<void> {
    this.answer(pattern, { err });
    return this.nc.flush();
  }

  /** Stops answering `pattern` (the service "went away"). */
  stop(pattern: string): Promise<void> {
    this.subscriptions.get(pattern)?.unsubscribe();
    this.subscriptions.delete(pattern);
    return this.nc.flush();
  }

  async close(): Promise<void> {
    await this.nc.close();
  }

  private answer(pattern: string, reply: { response?: unknown; err?: unknown }): void {
    const subscription = this.nc.subscribe(`${this.prefix}${pattern}`, {
      callback: (_error, msg) => {
        const { id } = JSON.parse(decoder.decode(msg.data)) as { id: string };
        msg.respond(encoder.encode(JSON.stringify({ id, ...reply, isDisposed: true })));
      },
    });
    this.subscriptions.set(pattern, subscription);
  }
}
