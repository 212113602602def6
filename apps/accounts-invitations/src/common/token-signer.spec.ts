import { describe, expect, it } from '@jest/globals';
import { TokenSigner } from './token-signer.js';

const signer = new TokenSigner('a-test-secret-that-is-at-least-32-chars');
const claims = {
  purpose: 'verify_email' as const,
  tokenId: '0b7c1f7e-8b9f-4d7e-9d1c-1a2b3c4d5e6f',
  userId: '5a1d0000-0000-4000-8000-000000000001',
  expiresAt: new Date('2030-01-01T00:00:00Z'),
};

describe('signed e-mail tokens', () => {
  it('round-trips its claims and is URL-safe', () => {
    const token = signer.sign(claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(signer.check(token, 'verify_email', new Date('2029-12-31T23:59:59Z'))).toEqual({ ok: true, claims });
  });

  it('expires at its expiry instant', () => {
    const token = signer.sign(claims);
    expect(signer.check(token, 'verify_email', new Date('2030-01-01T00:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
    expect(signer.read(token, 'verify_email')).toEqual(claims);
  });

  it('is bound to its purpose: a verification token is no reset token', () => {
    expect(signer.check(signer.sign(claims), 'reset_password', new Date(0))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses any change to the payload or the signature, another secret and garbage', () => {
    const token = signer.sign(claims);
    const [payload, mac] = token.split('.');
    const otherUser = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('0001', '0002')).toString('base64url');
    const now = new Date('2029-01-01T00:00:00Z');
    expect(signer.check(`${otherUser}.${mac}`, 'verify_email', now).ok).toBe(false);
    expect(signer.check(`${payload}.${mac.slice(1)}`, 'verify_email', now).ok).toBe(false);
    expect(new TokenSigner('another-secret-that-is-at-least-32-chars').check(token, 'verify_email', now).ok).toBe(false);
    for (const garbage of ['', 'a.b.c', '...', 'x'.repeat(600), 42, null, undefined]) {
      expect(signer.check(garbage, 'verify_email', now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
