import {
  AccountErrorCode,
  AccountMessages,
  UserEmailVerificationRequestedEvent,
  UserEmailVerifiedEvent,
  type ErrorCode,
  type MessageResponse,
  type VerifyEmailResponse,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { OutboxWriter } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountErrors } from '../common/account-errors.js';
import { AccountTokens, type TokenFailure } from '../common/account-tokens.js';
import { AccountsConfig } from '../common/accounts-config.js';
import { fullName, UserDirectory } from '../common/user-directory.js';
import { verificationUrl } from './registration.service.js';

const FAILURES: Record<TokenFailure, { code: ErrorCode; message: string }> = {
  invalid: { code: AccountErrorCode.VerificationInvalid, message: AccountMessages.verificationInvalid },
  expired: { code: AccountErrorCode.VerificationExpired, message: AccountMessages.verificationExpired },
  used: { code: AccountErrorCode.VerificationUsed, message: AccountMessages.verificationUsed },
};

/** E-mail verification by signed link, and sending a new link. */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly tokens: AccountTokens,
    private readonly config: AccountsConfig,
    private readonly users: UserDirectory,
  ) {}

  async verify(token: string): Promise<VerifyEmailResponse> {
    const userId = await this.dataSource.transaction(async (manager) => {
      const result = await this.tokens.consume(manager, token, 'verify_email');
      if (!result.ok) {
        const { code, message } = FAILURES[result.reason];
        throw new DomainError(code, message, 422, { token: [message] });
      }
      const user = await this.users.findById(result.userId, manager, true);
      if (!user) throw AccountErrors.field('token', AccountMessages.verificationInvalid, AccountErrorCode.VerificationInvalid);
      if (!user.email_verified_at) {
        const verifiedAt = new Date();
        await manager.query(
          `UPDATE accounts_invitations.users SET email_verified_at = $2, updated_at = now() WHERE id = $1`,
          [user.id, verifiedAt],
        );
        await this.outbox.add(manager, UserEmailVerifiedEvent, {
          userId: user.id,
          email: user.email,
          name: fullName(user),
          verifiedAt: verifiedAt.toISOString(),
        });
      }
      return user.id;
    });
    return { message: AccountMessages.verified, data: await this.users.dto(userId) };
  }

  async resend(ctx: RequestContext): Promise<MessageResponse> {
    await this.dataSource.transaction(async (manager) => {
      const user = await this.users.requireActor(ctx, undefined, manager);
      if (user.email_verified_at) {
        throw AccountErrors.field('email', AccountMessages.alreadyVerified, AccountErrorCode.AlreadyVerified);
      }
      const link = await this.tokens.issue(manager, user.id, 'verify_email', this.config.verificationTtlMs);
      await this.outbox.add(manager, UserEmailVerificationRequestedEvent, {
        userId: user.id,
        email: user.email,
        name: fullName(user),
        verificationUrl: verificationUrl(this.config.publicBaseUrl, link.token),
        expiresAt: link.expiresAt.toISOString(),
        requestedAt: new Date().toISOString(),
      });
    });
    return { message: AccountMessages.verificationResent };
  }
}
