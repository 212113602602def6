import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AccountsConfig } from './accounts-config.js';
import { isUuid } from './form-errors.js';
import { TokenSigner, type TokenPurpose } from './token-signer.js';

export type TokenFailure = 'invalid' | 'expired' | 'used';
export type ConsumeResult = { ok: true; userId: string } | { ok: false; reason: TokenFailure };

/**
 * Issues and consumes the signed, expiring, single-use tokens of e-mail links. Everything runs
 * in the caller's transaction: a token is used exactly when the change it allows commits.
 */
@Injectable()
export class AccountTokens {
  private readonly signer: TokenSigner;

  constructor(config: AccountsConfig) {
    this.signer = new TokenSigner(config.tokenSecret);
  }

  async issue(manager: EntityManager, userId: string, purpose: TokenPurpose, ttlMs: number): Promise<{ token: string; expiresAt: Date }> {
    const tokenId = randomUUID();
    // Whole seconds: the signed expiry and the stored one are the same instant.
    const expiresAt = new Date(Math.floor((Date.now() + ttlMs) / 1000) * 1000);
    await manager.query(
      `INSERT INTO accounts_invitations.account_tokens (id, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)`,
      [tokenId, userId, purpose, expiresAt],
    );
    return { token: this.signer.sign({ purpose, tokenId, userId, expiresAt }), expiresAt };
  }

  /** Earlier links of this purpose stop working (a new reset link replaces the old ones). */
  async revokeOutstanding(manager: EntityManager, userId: string, purpose: TokenPurpose): Promise<void> {
    await manager.query(
      `UPDATE accounts_invitations.account_tokens SET revoked_at = now()
        WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND revoked_at IS NULL`,
      [userId, purpose],
    );
  }

  /**
   * Checks the signature, then uses the token under a row lock. `accept` may refuse a valid
   * token (e.g. the e-mail typed in the reset form is not the token's user's): it then stays unused.
   */
  async consume(
    manager: EntityManager,
    token: unknown,
    purpose: TokenPurpose,
    accept: (userId: string) => Promise<boolean> = () => Promise.resolve(true),
  ): Promise<ConsumeResult> {
    const claims = this.signer.read(token, purpose);
    if (!claims || !isUuid(claims.tokenId) || !isUuid(claims.userId)) return { ok: false, reason: 'invalid' };
    const { tokenId, userId } = claims;
    const [row]: { used_at: Date | null; revoked_at: Date | null; expired: boolean }[] = await manager.query(
      `SELECT used_at, revoked_at, expires_at <= now() AS expired FROM accounts_invitations.account_tokens
        WHERE id = $1 AND user_id = $2 AND purpose = $3 FOR UPDATE`,
      [tokenId, userId, purpose],
    );
    if (!row || row.revoked_at) return { ok: false, reason: 'invalid' };
    if (row.used_at) return { ok: false, reason: 'used' };
    // An expired link still tells "already used" apart from "expired" (checked above).
    if (claims.expiresAt.getTime() <= Date.now() || row.expired) return { ok: false, reason: 'expired' };
    if (!(await accept(userId))) return { ok: false, reason: 'invalid' };
    await manager.query(`UPDATE accounts_invitations.account_tokens SET used_at = now() WHERE id = $1`, [tokenId]);
    return { ok: true, userId };
  }
}
