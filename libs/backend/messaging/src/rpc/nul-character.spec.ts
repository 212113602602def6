import { describe, expect, it } from '@jest/globals';
import { carriesNulCharacter } from './nul-character.js';

const encoded = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('carriesNulCharacter', () => {
  it('finds a NUL in any string of the request, keys included', () => {
    expect(carriesNulCharacter(encoded({ slug: 'a\u0000b' }))).toBe(true);
    expect(carriesNulCharacter(encoded({ payload: { list: ['ok', '\u0000'] } }))).toBe(true);
    expect(carriesNulCharacter(encoded({ ['key\u0000']: 1 }))).toBe(true);
    expect(carriesNulCharacter(encoded({ slug: '\\\u0000' }))).toBe(true);
  });

  it('does not mistake the text "\\u0000" (an escaped backslash) for a NUL', () => {
    expect(carriesNulCharacter(encoded({ slug: '\\u0000' }))).toBe(false);
    expect(carriesNulCharacter(encoded({ slug: '\\\\u0000' }))).toBe(false);
    expect(carriesNulCharacter(encoded({ slug: 'plain text, \u0001 and tabs\t' }))).toBe(false);
  });

  it('finds a raw 0x00 byte, and reads a view into a larger buffer only within its bounds', () => {
    expect(carriesNulCharacter(new Uint8Array([0x7b, 0x00, 0x7d]))).toBe(true);
    const larger = new Uint8Array([0x00, ...encoded({ a: 'b' }), 0x00]);
    expect(carriesNulCharacter(larger.subarray(1, larger.length - 1))).toBe(false);
  });
});
