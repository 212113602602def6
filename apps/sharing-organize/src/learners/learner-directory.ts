import { AccountsRpc, normalizeEmail } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { COMPANY_BUYER_ROLES } from '../common/seat-holder.js';

export interface KnownLearner {
  userId: string;
  email: string;
  emailVerified: boolean;
}

/**
 * The few facts about users this service needs (their e-mail, whether it is proven, whether
 * their purchases are their company's). Kept in `learners`, fed by accounts' events
 * (`user.registered`, `user.email_verified`), and asked of accounts-invitations once
 * (`GetUser`) for a user met before those events reached this service (the demo accounts).
 */
@Injectable()
export class LearnerDirectory {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  /** The user's e-mail and whether it is verified; null when accounts does not know them. */
  async find(userId: string): Promise<KnownLearner | null> {
    const [row]: { email: string; email_verified: boolean }[] = await this.dataSource.query(
      'SELECT email, email_verified FROM sharing_organize.learners WHERE user_id = $1',
      [userId],
    );
    if (row?.email_verified) return { userId, email: row.email, emailVerified: true };
    const { data } = await this.rpc.call(AccountsRpc.GetUser, { userId });
    if (!data) return row ? { userId, email: row.email, emailVerified: false } : null;
    const learner = { userId, email: normalizeEmail(data.email), emailVerified: data.email_verified };
    await this.remember(this.dataSource.manager, learner);
    return learner;
  }

  /** Records what accounts told (an event or an answer); a verified address stays verified. */
  async remember(manager: EntityManager, learner: KnownLearner): Promise<void> {
    await manager.query(
      `INSERT INTO sharing_organize.learners (user_id, email, email_verified) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email,
         email_verified = CASE WHEN learners.email = EXCLUDED.email THEN learners.email_verified OR EXCLUDED.email_verified ELSE EXCLUDED.email_verified END,
         updated_at = now()`,
      [learner.userId, normalizeEmail(learner.email), learner.emailVerified],
    );
  }

  /**
   * Whether a buyer's purchases are their company's seats: they belong to a company and hold
   * one of its buying or organizing roles (docs/decisions.md). Asked of accounts at grant time.
   */
  async buysForCompany(userId: string, companyId: string | null): Promise<boolean> {
    if (!companyId) return false;
    const { data } = await this.rpc.call(AccountsRpc.GetUser, { userId });
    if (!data) return false;
    return data.company_id === companyId && data.roles.some((role) => COMPANY_BUYER_ROLES.includes(role));
  }
}
