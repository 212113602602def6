import { NatsConnectionImpl, setTransportFactory } from '@nats-io/nats-core/internal';
import type { NatsConnection, NodeConnectionOptions } from '@nats-io/transport-node';
import { NodeTransport, nodeResolveHost } from '@nats-io/transport-node/lib/node_transport.js';

/**
 * The Node transport of nats.js, writing to the server at most once per turn of the event loop.
 * nats.js writes its pending commands after each microtask run, so under load every request
 * handled, reply sent or message acknowledged is a write of its own; on loopback each write also
 * runs the receiving side's TCP path, which made socket writes the largest share of the
 * gateway's CPU. Corked until the end of the turn (setImmediate), the commands of all the work
 * done in that turn leave in one write, in the order they were given.
 */
class CoalescingNodeTransport extends NodeTransport {
  private corked = false;

  override send(frame: Uint8Array): void {
    const socket = this.socket;
    if (socket && !this.corked && !socket.destroyed) {
      this.corked = true;
      socket.cork();
      setImmediate(() => {
        this.corked = false;
        socket.uncork();
      });
    }
    super.send(frame);
  }
}

/**
 * Connects to NATS like `connect` of @nats-io/transport-node, with writes coalesced per event
 * loop turn (CoalescingNodeTransport). Every connection of the services and the gateway is made
 * here; the transport factory is process-wide in nats.js, and reconnects take it from there.
 */
export function connectNats(options: NodeConnectionOptions): Promise<NatsConnection> {
  setTransportFactory({ factory: () => new CoalescingNodeTransport(), dnsResolveFn: nodeResolveHost });
  return NatsConnectionImpl.connect(options);
}
