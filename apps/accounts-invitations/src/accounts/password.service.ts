import {
  AccountErrorCode,
  AccountMessages,
  UserPasswordChangedEvent,
  UserPasswordResetRequestedEvent,
  type ChangePasswordResponse,
  type MessageResponse,
  type passwordChangeRequestSchema,
  type passwordResetRequestSchema,
  type ResetPasswordResponse,
} from '@aero/contracts';
import { OutboxWriter, type ParsedForm } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { AccountErrors } from '../common/account-errors.js';
import { AccountTokens, linkMail } from '../common/account-tokens.js';
import { PasswordHasher } from '../common/password-hasher.js';
import { fullName, UserDirectory, type UserRecord } from '../common/user-directory.js';

/** Password reset by e-mail link, and password change from the profile. */
@Injectable()
export class PasswordService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly tokens: AccountTokens,
    private readonly users: UserDirectory,
    private readonly hasher: PasswordHasher,
  ) {}

  /**
   * Sends a reset link valid for 60 minutes; any earlier link stops working. An unknown address
   * is answered with the spec's "user not found" message (this tells whether an address has an
   * account; the gateway's rate limit on this route bounds that enumeration).
   */
  async requestReset(email: string): Promise<MessageResponse> {
    await this.dataSource.transaction(async (manager) => {
      const user = await this.users.findByEmail(email, manager);
      if (!user) throw AccountErrors.field('email', AccountMessages.resetUserNotFound, AccountErrorCode.ResetUserNotFound);
      await this.tokens.revokeOutstanding(manager, user.id, 'reset_password');
      const link = await this.tokens.issueLink(manager, user, 'reset_password');
      await this.outbox.add(manager, UserPasswordResetRequestedEvent, {
        ...linkMail(user, link),
        resetUrl: link.url,
      });
    });
    return { message: AccountMessages.resetLinkSent };
  }

  /**
   * Sets a new password from a reset link. The token must be this e-mail's; token problems are
   * reported under `email` (the visible field of the reset form), password problems under
   * `password` / `password_confirmation`. Form rules are checked first so a typo never burns the link.
   */
  async reset(request: z.output<typeof passwordResetRequestSchema>): Promise<ResetPasswordResponse> {
    const email = request.email.trim();
    const { password } = request;
    const hash = await this.hasher.hash(password);
    const userId = await this.dataSource.transaction(async (manager) => {
      const tokenUserId = await this.tokens.consumeOrRefuse(manager, request.token, 'reset_password', 'email', async (candidate) => {
        const user = await this.users.findById(candidate, manager);
        return user !== null && user.email.toLowerCase() === email.toLowerCase();
      });
      const user = await this.users.findById(tokenUserId, manager, true);
      if (!user) throw AccountErrors.field('email', AccountMessages.resetTokenInvalid, AccountErrorCode.ResetInvalid);
      await this.setPassword(manager, user, hash, 'reset');
      await this.tokens.revokeOutstanding(manager, user.id, 'reset_password');
      return user.id;
    });
    return { message: AccountMessages.passwordReset, data: await this.users.dto(userId) };
  }

  /** Answers the account's new session generation, which the gateway keeps in the session that changed it. */
  async change(ctx: RequestContext, form: ParsedForm<typeof passwordChangeRequestSchema>): Promise<ChangePasswordResponse> {
    const actor = await this.users.requireActor(ctx, 'profile.manage_own');
    const current = form.sent.current_password;
    // Only the service can tell a wrong current password: said with the form's other problems.
    if (!form.has('current_password') && !(typeof current === 'string' && (await this.hasher.verify(actor.password_hash, current)))) {
      form.add('current_password', AccountMessages.currentPasswordWrong);
    }
    const { password } = form.parsed();
    const hash = await this.hasher.hash(password);
    const sessionVersion = await this.dataSource.transaction((manager) => this.setPassword(manager, actor, hash, 'change'));
    return { message: AccountMessages.passwordChanged, session_version: sessionVersion };
  }

  /**
   * The new password, and the next session generation with it (the gateway signs out the
   * sessions of earlier generations). Answers the new generation.
   */
  private async setPassword(manager: EntityManager, user: UserRecord, hash: string, reason: 'reset' | 'change'): Promise<number> {
    const changedAt = new Date();
    const [rows]: [{ session_version: number }[], number] = await manager.query(
      `UPDATE accounts_invitations.users
          SET password_hash = $2, password_changed_at = $3, session_version = session_version + 1, updated_at = now()
        WHERE id = $1 RETURNING session_version`,
      [user.id, hash, changedAt],
    );
    await this.outbox.add(manager, UserPasswordChangedEvent, {
      userId: user.id,
      email: user.email,
      name: fullName(user),
      reason,
      changedAt: changedAt.toISOString(),
    });
    return rows[0].session_version;
  }
}
