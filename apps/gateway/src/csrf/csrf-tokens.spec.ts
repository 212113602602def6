import { describe, expect, it } from '@jest/globals';
import { CsrfTokens } from './csrf-tokens.js';

describe('CsrfTokens', () => {
  const tokens = new CsrfTokens('s'.repeat(40));

  it('derives one stable token per session, that only the same secret reproduces', () => {
    const token = tokens.tokenFor('session-a');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.tokenFor('session-a')).toBe(token);
    expect(tokens.tokenFor('session-b')).not.toBe(token);
    expect(new CsrfTokens('t'.repeat(40)).tokenFor('session-a')).not.toBe(token);
  });

  it('accepts the session\'s own token only', () => {
    const token = tokens.tokenFor('session-a');
    expect(tokens.matches('session-a', token)).toBe(true);
    expect(tokens.matches('session-b', token)).toBe(false);
    expect(tokens.matches('session-a', token.slice(1))).toBe(false);
    expect(tokens.matches('session-a', undefined)).toBe(false);
    expect(tokens.matches('session-a', '')).toBe(false);
  });
});
