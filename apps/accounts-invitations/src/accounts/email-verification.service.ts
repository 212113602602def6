import {
  AccountErrorCode,
  AccountMessages,
  UserEmailVerificationRequestedEvent,
  UserEmailVerifiedEvent,
  type MessageResponse,
  type VerifyEmailResponse,
} from '@aero/contracts';
import { OutboxWriter } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountErrors } from '../common/account-errors.js';
import { AccountTokens, linkMail } from '../common/account-tokens.js';
import { fullName, UserDirectory } from '../common/user-directory.js';

/** E-mail verification by signed link, and sending a new link. */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly tokens: AccountTokens,
    private readonly users: UserDirectory,
  ) {}

  async verify(token: string): Promise<VerifyEmailResponse> {
    const userId = await this.dataSource.transaction(async (manager) => {
      const tokenUserId = await this.tokens.consumeOrRefuse(manager, token, 'verify_email', 'token');
      const user = await this.users.findById(tokenUserId, manager, true);
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
      const link = await this.tokens.issueLink(manager, user, 'verify_email');
      await this.outbox.add(manager, UserEmailVerificationRequestedEvent, {
        ...linkMail(user, link),
        verificationUrl: link.url,
      });
    });
    return { message: AccountMessages.verificationResent };
  }
}
