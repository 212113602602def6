import { AccountErrorCode, AccountMessages, REGISTRATION_DEFAULT_REDIRECT, type ErrorCode } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AccountsConfig } from './accounts-config.js';
import { isUuid } from './form-errors.js';
import { TokenSigner, type TokenPurpose } from './token-signer.js';
import { fullName, type UserRecord } from './user-directory.js';

export type TokenFailure = 'invalid' | 'expired' | 'used';
export type ConsumeResult = { ok: true; userId: string } | { ok: false; reason: TokenFailure };

/** What each link's form answers for each reason its token is refused. */
const REFUSALS: Record<TokenPurpose, Record<TokenFailure, { code: ErrorCode; message: string }>> = {
  verify_email: {
    invalid: { code: AccountErrorCode.VerificationInvalid, message: AccountMessages.verificationInvalid },
    expired: { code: AccountErrorCode.VerificationExpired, message: AccountMessages.verificationExpired },
    used: { code: AccountErrorCode.VerificationUsed, message: AccountMessages.verificationUsed },
  },
  reset_password: {
    invalid: { code: AccountErrorCode.ResetInvalid, message: AccountMessages.resetTokenInvalid },
    expired: { code: AccountErrorCode.ResetExpired, message: AccountMessages.resetTokenExpired },
    used: { code: AccountErrorCode.ResetUsed, message: AccountMessages.resetTokenUsed },
  },
};

/**
 * The link of the verification e-mail. `redirect`, a same-site path the registration came from
 * (the checkout), rides along so the verified page leads back there.
 */
export function verificationUrl(publicBaseUrl: string, token: string, redirect: string | null = null): string {
  const back = redirect && redirect !== REGISTRATION_DEFAULT_REDIRECT ? `&redirect=${encodeURIComponent(redirect)}` : '';
  return `${publicBaseUrl}/email/verify?token=${encodeURIComponent(token)}${back}`;
}

/**
 * The link of the password reset e-mail: the web app's new-password page `/password/reset/:token`
 * with the address filled in. (Links sent before had the token in the query,
 * `/password/reset?token=…&email=…`; the web app still opens those on the same page.)
 */
export function resetUrl(publicBaseUrl: string, token: string, email: string): string {
  return `${publicBaseUrl}/password/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`;
}

/** The fields a link e-mail's event carries besides the link: whom it goes to, when the link stops working, when it was asked for. */
export function linkMail(user: UserRecord, link: { expiresAt: Date }) {
  return {
    userId: user.id,
    email: user.email,
    name: fullName(user),
    expiresAt: link.expiresAt.toISOString(),
    requestedAt: new Date().toISOString(),
  };
}

/**
 * Issues and consumes the signed, expiring, single-use tokens of e-mail links. Everything runs
 * in the caller's transaction: a token is used exactly when the change it allows commits.
 */
@Injectable()
export class AccountTokens {
  private readonly signer: TokenSigner;

  constructor(private readonly config: AccountsConfig) {
    this.signer = new TokenSigner(config.tokenSecret);
  }

  /**
   * The purpose's e-mail link for the user: a new token, valid for the purpose's time (see
   * AccountsConfig), in the page it opens. `redirect`: where a verified address leads next.
   */
  async issueLink(
    manager: EntityManager,
    user: { id: string; email: string },
    purpose: TokenPurpose,
    redirect: string | null = null,
  ): Promise<{ url: string; expiresAt: Date }> {
    const base = this.config.publicBaseUrl;
    if (purpose === 'verify_email') {
      const { token, expiresAt } = await this.issue(manager, user.id, purpose, this.config.verificationTtlMs);
      return { url: verificationUrl(base, token, redirect), expiresAt };
    }
    const { token, expiresAt } = await this.issue(manager, user.id, purpose, this.config.resetTtlMs);
    return { url: resetUrl(base, token, user.email), expiresAt };
  }

  private async issue(manager: EntityManager, userId: string, purpose: TokenPurpose, ttlMs: number): Promise<{ token: string; expiresAt: Date }> {
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

  /**
   * `consume`, answering the token's user; a refused token becomes the form's 422, with the
   * purpose's code and message for the reason (REFUSALS), under `field`.
   */
  async consumeOrRefuse(
    manager: EntityManager,
    token: unknown,
    purpose: TokenPurpose,
    field: string,
    accept?: (userId: string) => Promise<boolean>,
  ): Promise<string> {
    const result = await this.consume(manager, token, purpose, accept);
    if (result.ok) return result.userId;
    const { code, message } = REFUSALS[purpose][result.reason];
    throw new DomainError(code, message, 422, { [field]: [message] });
  }
}
