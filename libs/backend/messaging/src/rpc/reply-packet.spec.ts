import { describe, expect, it } from '@jest/globals';
import { NatsRecordSerializer } from '@nestjs/microservices/serializers/nats-record.serializer.js';
import { rawResponseText } from './reply-packet.js';

/** The text Nest's NATS transport really sends for a packet (the layout `rawResponseText` relies on). */
function nestReply(packet: Record<string, unknown>, id: string): string {
  return new NatsRecordSerializer().serialize({ ...packet, id }).data as string;
}

describe('rawResponseText', () => {
  it('cuts the response JSON out of the reply Nest sends, byte for byte', () => {
    const response = { data: [{ id: 1, name: 'Part-66 "Module 1"', tags: ['a', '}'] }], isDisposed: true, id: '7' };
    const text = nestReply({ response, isDisposed: true }, '7');
    expect(rawResponseText(text, '7')).toBe(JSON.stringify(response));
    expect(rawResponseText(nestReply({ response: 'plain' }, '8'), '8')).toBe('"plain"');
  });

  it('declines errors, other ids and layouts it does not know, so the caller parses them', () => {
    expect(rawResponseText(nestReply({ err: { code: 'x', status: 422, message: 'm' }, isDisposed: true }, '7'), '7')).toBeUndefined();
    expect(rawResponseText(nestReply({ response: { a: 1 }, isDisposed: true }, '7'), '70')).toBeUndefined();
    expect(rawResponseText(nestReply({ isDisposed: true }, '7'), '7')).toBeUndefined();
    expect(rawResponseText('{"id":"7","response":{"a":1}}', '7')).toBeUndefined();
  });
});
