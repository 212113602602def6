import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenPurpose = 'verify_email' | 'reset_password';

const PURPOSE_CODES: Record<TokenPurpose, string> = { verify_email: 'v', reset_password: 'r' };

export interface TokenClaims {
  purpose: TokenPurpose;
  /** The account_tokens row that makes the token single-use. */
  tokenId: string;
  userId: string;
  expiresAt: Date;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Signed e-mail tokens: `base64url(purpose.tokenId.userId.expirySeconds).base64url(HMAC-SHA256)`.
 * The signature makes them unforgeable and binds them to one purpose and one user; expiry is
 * inside the signed part. Single use is the database's job (account_tokens).
 */
export class TokenSigner {
  constructor(private readonly secret: string) {}

  sign(claims: TokenClaims): string {
    const payload = [
      PURPOSE_CODES[claims.purpose],
      claims.tokenId,
      claims.userId,
      Math.floor(claims.expiresAt.getTime() / 1000),
    ].join('.');
    return `${Buffer.from(payload).toString('base64url')}.${this.mac(payload).toString('base64url')}`;
  }

  /** The claims of a token with a valid signature for this purpose (expired or not), else null. */
  read(token: unknown, purpose: TokenPurpose): TokenClaims | null {
    if (typeof token !== 'string' || token.length > 512) return null;
    const parts = token.trim().split('.');
    if (parts.length !== 2 || !parts.every((p) => /^[A-Za-z0-9_-]+$/.test(p))) return null;
    const payload = Buffer.from(parts[0], 'base64url').toString();
    const given = Buffer.from(parts[1], 'base64url');
    const expected = this.mac(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const [code, tokenId, userId, expiry] = payload.split('.');
    if (code !== PURPOSE_CODES[purpose] || !tokenId || !userId || !/^\d+$/.test(expiry ?? '')) return null;
    return { purpose, tokenId, userId, expiresAt: new Date(Number(expiry) * 1000) };
  }

  /** Signature, purpose and expiry. */
  check(token: unknown, purpose: TokenPurpose, now: Date = new Date()): TokenCheck {
    const claims = this.read(token, purpose);
    if (!claims) return { ok: false, reason: 'invalid' };
    if (claims.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.secret).update(payload).digest();
  }
}
