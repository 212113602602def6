import { describe, expect, it } from '@jest/globals';
import { findInvalidText, formBodyProblem, isValidUtf8, jsonNestsDeeperThan, MAX_JSON_DEPTH, urlProblem } from './input-rules.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('urlProblem', () => {
  it('refuses every C0 control character and DEL in a path or query, percent-encoded in any case', () => {
    for (const escape of ['%00', '%01', '%09', '%0a', '%0D', '%1F', '%1f', '%7F']) {
      expect(urlProblem(`/api/content/articles/a${escape}b`)).toBe('control_character');
      expect(urlProblem(`/api/products/search?query=a${escape}`)).toBe('control_character');
    }
    expect(urlProblem('/raw\u0000nul')).toBe('control_character');
  });

  it('refuses %-escapes that are not UTF-8 (a lone byte, an overlong NUL, a cut sequence)', () => {
    expect(urlProblem('/api/products/search?query=%FF')).toBe('invalid_encoding');
    expect(urlProblem('/api/products/search?query=%C0%80')).toBe('invalid_encoding');
    expect(urlProblem('/api/products/search?query=%E2%82')).toBe('invalid_encoding');
  });

  it('accepts ordinary addresses: UTF-8 escapes, a literal %, an encoded "%00" as text', () => {
    expect(urlProblem('/api/products/search?query=M%C3%B6dul%207&limit=5')).toBeNull();
    expect(urlProblem('/api/products/search?query=100%')).toBeNull();
    expect(urlProblem('/api/products/search?query=%2500')).toBeNull();
    expect(urlProblem('/e-shop/b1-licence?x=%E2%82%AC')).toBeNull();
  });
});

describe('formBodyProblem', () => {
  it('keeps the line breaks and tabs of a textarea, refuses the other control characters', () => {
    expect(formBodyProblem('message=line%0D%0Aline%09tab')).toBeNull();
    expect(formBodyProblem('message=a%00b')).toBe('control_character');
    expect(formBodyProblem('message=a%0Bb')).toBe('control_character');
    expect(formBodyProblem('message=%FF')).toBe('invalid_encoding');
  });
});

describe('isValidUtf8', () => {
  it('tells UTF-8 from other bytes', () => {
    expect(isValidUtf8(bytes('{"name":"Rodūnios kelias"}'))).toBe(true);
    expect(isValidUtf8(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]))).toBe(false);
  });
});

describe('jsonNestsDeeperThan', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels of objects and arrays and refuses one more`, () => {
    expect(jsonNestsDeeperThan(bytes(nested(MAX_JSON_DEPTH)), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(bytes(nested(MAX_JSON_DEPTH + 1)), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestsDeeperThan(bytes(`${'{"a":'.repeat(33)}1${'}'.repeat(33)}`), MAX_JSON_DEPTH)).toBe(true);
  });

  it('counts depth, not the number of brackets: siblings do not add up', () => {
    const wide = `[${Array.from({ length: 1000 }, () => '{"a":[1]}').join(',')}]`;
    expect(jsonNestsDeeperThan(bytes(wide), 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(bytes(JSON.stringify({ text: '['.repeat(100) })), 1)).toBe(false);
    expect(jsonNestsDeeperThan(bytes(JSON.stringify({ text: `"\\"${'{'.repeat(100)}` })), 1)).toBe(false);
    expect(jsonNestsDeeperThan(bytes(`{"a":"\\\\",${'"b":['.repeat(3)}1]]]}`), 3)).toBe(true);
  });
});

describe('findInvalidText', () => {
  it('names the first field, in the order of the body, whose text or key is not acceptable', () => {
    expect(findInvalidText({ email: 'a\u0000@x.eu', password: 'b\u0000' })).toBe('email');
    expect(findInvalidText({ resource: { links: [{ href: 'ok' }, { href: 'x\u001b' }] } })).toBe('resource.links.1.href');
    expect(findInvalidText({ ok: 1, ['bad\u0000key']: 'value' })).toBe('bad\u0000key');
    expect(findInvalidText('\u0007')).toBe('');
  });

  it('refuses half of a surrogate pair, accepts a whole one', () => {
    expect(findInvalidText({ name: 'a\ud800' })).toBe('name');
    expect(findInvalidText({ name: '\udc00b' })).toBe('name');
    expect(findInvalidText({ name: 'pilot ✈ 🛩' })).toBeNull();
  });

  it('accepts text with tabs and line breaks, numbers, booleans and null', () => {
    expect(findInvalidText({ message: 'Hello\r\n\tworld', count: 3, flag: true, none: null, list: [] })).toBeNull();
  });
});
