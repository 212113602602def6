import { connectNats } from '@aero/backend-messaging';
import { TEST_INFRA, waitFor } from '@aero/backend-testing';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';

/** Socket writes made while `work` runs and until the end of the event loop turn after it. */
async function socketWritesDuring(work: () => Promise<void>): Promise<number> {
  const write = jest.spyOn(Socket.prototype as unknown as { _write: () => void }, '_write');
  const writev = jest.spyOn(Socket.prototype as unknown as { _writev: () => void }, '_writev');
  try {
    await work();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    return write.mock.calls.length + writev.mock.calls.length;
  } finally {
    write.mockRestore();
    writev.mockRestore();
  }
}

/** Ten publishes, each in a microtask of its own (as ten requests handled in one turn would be). */
async function tenPublishes(nc: NatsConnection, subject: string): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await Promise.resolve();
    nc.publish(subject, String(i));
  }
}

describe('NATS connections write once per event loop turn', () => {
  const connections: NatsConnection[] = [];

  afterEach(async () => {
    await Promise.all(connections.splice(0).map((nc) => nc.close()));
  });

  it('sends what was given in one turn in one socket write, in order', async () => {
    const subject = `test.coalescing.${randomUUID()}`;
    const receiver = await connect({ servers: TEST_INFRA.nats });
    const sender = await connectNats({ servers: TEST_INFRA.nats });
    connections.push(receiver, sender);
    const received: string[] = [];
    receiver.subscribe(subject, {
      callback: (_err, msg) => {
        received.push(msg.string());
      },
    });
    await receiver.flush();
    await sender.flush();

    expect(await socketWritesDuring(() => tenPublishes(sender, subject))).toBe(1);
    await waitFor(() => received.length === 10, { what: 'the ten messages' });
    expect(received).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('(for comparison: plain nats.js writes after every microtask)', async () => {
    const plain = await connect({ servers: TEST_INFRA.nats });
    connections.push(plain);
    await plain.flush();
    expect(await socketWritesDuring(() => tenPublishes(plain, `test.plain.${randomUUID()}`))).toBe(10);
  });

  it('answers requests like a plain connection', async () => {
    const subject = `test.request.${randomUUID()}`;
    const server = await connectNats({ servers: TEST_INFRA.nats });
    const client = await connectNats({ servers: TEST_INFRA.nats });
    connections.push(server, client);
    server.subscribe(subject, {
      callback: (_err, msg) => {
        msg.respond(`echo ${msg.string()}`);
      },
    });
    await server.flush();
    const answers = await Promise.all(['a', 'b', 'c'].map((text) => client.request(subject, text, { timeout: 2000 })));
    expect(answers.map((m) => m.string())).toEqual(['echo a', 'echo b', 'echo c']);
  });
});
