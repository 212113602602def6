import { describe, expect, it, jest } from '@jest/globals';
import { NatsRpcServer } from './nats-rpc.server.js';

describe('NatsRpcServer routes', () => {
  const server = new NatsRpcServer({ servers: 'nats://127.0.0.1:4222', queue: 'q', prefix: '', name: 'route-test' });

  it('take a plain subject as the handler key, without trying to parse it as JSON first', () => {
    const parse = jest.spyOn(JSON, 'parse');
    try {
      expect(server.getRouteFromPattern('catalog.products.list')).toBe('catalog.products.list');
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it("still read a pattern written as an object as Nest does", () => {
    expect(server.getRouteFromPattern('{"cmd":"sum","role":"math"}')).toBe('{"cmd":"sum","role":"math"}');
    expect(server.getRouteFromPattern('{"role":"math","cmd":"sum"}')).toBe('{"cmd":"sum","role":"math"}');
  });
});
