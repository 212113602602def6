import { NewsletterMessages, NotificationsErrorCode, NotificationsMessages, type BonusPopupDto } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { NewsletterSubscriptionEntity } from './newsletter-subscription.entity.js';

const uuid = z.string().uuid();
const email = z.string().trim().email().max(255);

/**
 * Newsletter subscriptions per user and the subscription bonus popup (spec: shop §2, §4). The
 * subscription follows the user's newsletter consent (accounts' `user.newsletter_consent_changed`)
 * and the popup's subscribe button.
 */
@Injectable()
export class NewslettersService {
  constructor(private readonly dataSource: DataSource) {}

  /** Subscribes the acting user at their address; subscribing again changes nothing but the address and the time. */
  async subscribe(ctx: RequestContext): Promise<{ message: string }> {
    const actorId = userIdOf(ctx.actor?.userId);
    const address = email.safeParse(ctx.actor?.email);
    if (!address.success) {
      throw new DomainError(NotificationsErrorCode.Validation, NotificationsMessages.formInvalid, 422, {
        email: ['The email must be a valid email address.'],
      });
    }
    await this.setSubscribed(this.dataSource.manager, actorId, address.data, true, new Date());
    return { message: NewsletterMessages.subscribed };
  }

  /**
   * Records a subscription change decided at `changedAt`, unless a later one is already in
   * force (events may arrive late or twice; the subscribe button may have been used meanwhile).
   */
  async setSubscribed(manager: EntityManager, userId: string, address: string, subscribed: boolean, changedAt: Date): Promise<void> {
    await manager.query(
      `INSERT INTO notifications.newsletter_subscriptions (user_id, email, subscribed, consent_changed_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE
          SET email = EXCLUDED.email, subscribed = EXCLUDED.subscribed,
              consent_changed_at = EXCLUDED.consent_changed_at, updated_at = now()
        WHERE notifications.newsletter_subscriptions.consent_changed_at IS NULL
           OR notifications.newsletter_subscriptions.consent_changed_at <= EXCLUDED.consent_changed_at`,
      [userId, address, subscribed, changedAt],
    );
  }

  /**
   * Show the popup to a user who is not subscribed and has not seen it: the acting user, or the
   * user signed in on the client's session (the gateway reads no more than that for the popup).
   */
  async bonusPopup(ctx: RequestContext): Promise<BonusPopupDto> {
    const actorId = userIdOf(ctx.actor?.userId ?? ctx.session?.userId);
    const row = await this.find(actorId);
    return { show: !row || (!row.subscribed && row.bonusPopupSeenAt === null) };
  }

  /** The popup was shown: not again (the first time seen is kept). */
  async markBonusPopupSeen(ctx: RequestContext): Promise<{ message: string }> {
    const actorId = userIdOf(ctx.actor?.userId);
    await this.dataSource.query(
      `INSERT INTO notifications.newsletter_subscriptions (user_id, bonus_popup_seen_at) VALUES ($1, now())
       ON CONFLICT (user_id) DO UPDATE
          SET bonus_popup_seen_at = COALESCE(notifications.newsletter_subscriptions.bonus_popup_seen_at, now()),
              updated_at = now()`,
      [actorId],
    );
    return { message: NewsletterMessages.bonusPopupSeen };
  }

  find(userId: string): Promise<NewsletterSubscriptionEntity | null> {
    return this.dataSource.getRepository(NewsletterSubscriptionEntity).findOneBy({ userId });
  }
}

/** The signed-in user these calls are about; without one it is a caller's bug, not a form error. */
function userIdOf(userId: string | null | undefined): string {
  const parsed = uuid.safeParse(userId);
  if (!parsed.success) throw new DomainError(NotificationsErrorCode.Validation, NotificationsMessages.formInvalid, 422, { actor: ['The actor must be a user id.'] });
  return parsed.data;
}
