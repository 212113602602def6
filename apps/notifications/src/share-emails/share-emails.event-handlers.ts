import { CoursesDeliveredEvent, ShareCancelledEvent, ShareRecalledEvent, ShareSentEvent } from '@aero/contracts';
import { EventConsumers } from '@aero/backend-runtime';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EmailsService } from '../emails/emails.service.js';
import { coursesDeliveredEmail, shareSentEmail, shareWithdrawnEmail } from './share-email.templates.js';

/** The durable consumers of the share e-mails, one per event, shared by every replica. */
export const SHARE_EMAIL_CONSUMERS = {
  sent: 'notifications.share-sent',
  recalled: 'notifications.share-recalled',
  cancelled: 'notifications.share-cancelled',
  delivered: 'notifications.courses-delivered',
} as const;

/**
 * The e-mails sharing-organize asks for through its events: the share invitation (and each
 * resend), the ticket, the notice of a recalled or cancelled share, the organizer's delivery summary. Each handler records the
 * e-mail under a key of the item (and its send count) and enqueues its send inside the inbox
 * transaction; the e-mail worker claims the row and sends it, once, even when the event comes
 * twice or the job is retried.
 */
@Injectable()
export class ShareEmailsHandlers implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly emails: EmailsService,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      consumer: SHARE_EMAIL_CONSUMERS.sent,
      event: ShareSentEvent,
      // Each send is its own e-mail: a bulk share of 50 is not sent one after the other.
      concurrency: 8,
      handle: async (event, manager) => {
        const email = shareSentEmail(event.data);
        if (email) await this.emails.schedule(manager, { ...email, eventId: event.id });
      },
    });
    this.consumers.register({
      consumer: SHARE_EMAIL_CONSUMERS.recalled,
      event: ShareRecalledEvent,
      handle: async (event, manager) => {
        const email = shareWithdrawnEmail(event.data);
        if (email) await this.emails.schedule(manager, { ...email, eventId: event.id });
      },
    });
    this.consumers.register({
      consumer: SHARE_EMAIL_CONSUMERS.delivered,
      event: CoursesDeliveredEvent,
      handle: async (event, manager) => {
        const email = coursesDeliveredEmail(event.data);
        if (email) await this.emails.schedule(manager, { ...email, eventId: event.id });
      },
    });
    this.consumers.register({
      consumer: SHARE_EMAIL_CONSUMERS.cancelled,
      event: ShareCancelledEvent,
      handle: async (event, manager) => {
        const email = shareWithdrawnEmail(event.data);
        if (email) await this.emails.schedule(manager, { ...email, eventId: event.id });
      },
    });
  }
}
