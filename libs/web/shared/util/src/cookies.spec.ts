import { describe, expect, it } from '@jest/globals';
import { readCookie } from './cookies.js';
import { stripTags, truncate } from './text.js';

describe('readCookie', () => {
  it('finds a cookie among others and URL-decodes it', () => {
    expect(readCookie('XSRF-TOKEN', 'session=1; XSRF-TOKEN=ab%3Dcd; other=2')).toBe('ab=cd');
  });

  it('is undefined when the cookie is missing', () => {
    expect(readCookie('XSRF-TOKEN', 'session=1')).toBeUndefined();
  });
});

describe('text helpers', () => {
  it('strips markup and cuts long names to the limit with an ellipsis', () => {
    expect(stripTags('<b>Part-145</b> Initial')).toBe('Part-145 Initial');
    expect(truncate('x'.repeat(41), 40)).toBe(`${'x'.repeat(40)}…`);
    expect(truncate('short', 40)).toBe('short');
  });
});
