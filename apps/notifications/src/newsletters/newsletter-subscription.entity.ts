import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's newsletter subscription and whether they saw the subscription bonus popup. */
@Entity({ schema: 'notifications', name: 'newsletter_subscriptions' })
export class NewsletterSubscriptionEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('text', { nullable: true })
  email: string | null;

  @Column('boolean')
  subscribed: boolean;

  /** When the subscription state in force was decided (a consent change or a subscribe). */
  @Column('timestamptz', { name: 'consent_changed_at', nullable: true })
  consentChangedAt: Date | null;

  @Column('timestamptz', { name: 'bonus_popup_seen_at', nullable: true })
  bonusPopupSeenAt: Date | null;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
