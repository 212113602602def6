import { UserNewsletterConsentChangedEvent } from '@aero/contracts';
import { EventConsumers } from '@aero/backend-runtime';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { NewslettersService } from './newsletters.service.js';

export const NEWSLETTER_CONSENT_CONSUMER = 'notifications.newsletter-consent';

/** Keeps the subscription list in step with the consent recorded by accounts (opt_in 1 or 0). */
@Injectable()
export class NewslettersHandlers implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly newsletters: NewslettersService,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      consumer: NEWSLETTER_CONSENT_CONSUMER,
      event: UserNewsletterConsentChangedEvent,
      handle: async (event, manager) => {
        const changedAt = new Date(event.data.changedAt);
        const at = Number.isNaN(changedAt.getTime()) ? new Date(event.occurredAt) : changedAt;
        await this.newsletters.setSubscribed(manager, event.data.userId, event.data.email, event.data.optIn, at);
      },
    });
  }
}
