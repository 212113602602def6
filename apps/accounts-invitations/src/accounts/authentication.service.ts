import {
  AccountErrorCode,
  AccountMessages,
  CartRpc,
  type AccountUserDto,
  type AuthenticateResponse,
  type authenticateRequestSchema,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { RpcClient } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { PasswordHasher } from '../common/password-hasher.js';
import { toUserDto, UserDirectory } from '../common/user-directory.js';

/** How long sign-in waits for the cart merge before answering without it. */
const CART_MERGE_TIMEOUT_MS = 2000;

function credentialsError(): DomainError {
  return new DomainError(AccountErrorCode.InvalidCredentials, AccountMessages.credentialsDoNotMatch, 422, {
    email: [AccountMessages.credentialsDoNotMatch],
  });
}

/**
 * Sign-in checks and the signed-in user. Sessions, remember-me and throttling (per account and
 * per address) are the gateway's; this service only says whether e-mail and password match.
 */
@Injectable()
export class AuthenticationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserDirectory,
    private readonly hasher: PasswordHasher,
    private readonly rpc: RpcClient,
    private readonly infra: ServiceInfra,
  ) {}

  /** With a client session in the request context (a visitor signing in), its cart joins the user's. */
  async authenticate(ctx: RequestContext, { email, password }: z.output<typeof authenticateRequestSchema>): Promise<AuthenticateResponse> {
    if (!email || !password || email.length > 255 || password.length > 1024) throw credentialsError();
    const user = await this.users.findByEmail(email);
    if (!user) {
      // Same work as a real check: the answer time does not reveal which e-mails have accounts.
      await this.hasher.burn(password);
      throw credentialsError();
    }
    if (!(await this.hasher.verify(user.password_hash, password))) throw credentialsError();

    const rehash = this.hasher.needsRehash(user.password_hash) ? await this.hasher.hash(password) : null;
    await this.dataSource.query(
      `UPDATE accounts_invitations.users SET last_login_at = now(), password_hash = COALESCE($2, password_hash) WHERE id = $1`,
      [user.id, rehash],
    );
    const cartMerged = await this.mergeCart(ctx.session?.id, user.id);
    // A banned or reviewed account still signs in: it must be able to read the restriction notice.
    return { data: toUserDto(user), cart_merged: cartMerged };
  }

  async getUser(userId: string): Promise<{ data: AccountUserDto | null }> {
    const user = await this.users.findById(userId);
    return { data: user ? toUserDto(user) : null };
  }

  /** The visitor's cart joins the user's (catalog-cart); sign-in never fails because of it. */
  private async mergeCart(sessionId: string | undefined, userId: string): Promise<boolean> {
    if (!sessionId) return false;
    try {
      await this.rpc.call(CartRpc.Merge, { sessionId, userId }, { timeoutMs: CART_MERGE_TIMEOUT_MS });
      return true;
    } catch (error) {
      this.infra.logger.warn({ err: error, userId }, 'cart merge at sign-in failed');
      return false;
    }
  }
}
