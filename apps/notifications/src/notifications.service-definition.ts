import type { ServiceDefinition } from '@aero/backend-runtime';
import { AnnouncementEntity } from './announcements/announcement.entity.js';
import { seedDemoAnnouncement } from './announcements/announcements.seed.js';
import { ContactRequestEntity } from './contact-requests/contact-request.entity.js';
import { EmailEntity } from './emails/email.entity.js';
import { InvoiceEntity } from './invoices/invoice.entity.js';
import { InitialNotifications1795253000000 } from './migrations/1795253000000-initial-notifications.js';
import { NewslettersAnnouncementsContact1795253100000 } from './migrations/1795253100000-newsletters-announcements-contact.js';
import { Invoices1795253200000 } from './migrations/1795253200000-invoices.js';
import { EmailClaimToken1795253300000 } from './migrations/1795253300000-email-claim-token.js';
import { Certificates1795253400000 } from './migrations/1795253400000-certificates.js';
import { NewsletterSubscriptionEntity } from './newsletters/newsletter-subscription.entity.js';
import { createNotificationsModule } from './notifications.module.js';

/**
 * The notifications service configured from `env`: tests pass the same environment here and
 * to `startService`, e.g. `startService(createNotificationsService(e), e)`.
 */
export function createNotificationsService(env: NodeJS.ProcessEnv = process.env): ServiceDefinition {
  return {
    name: 'notifications',
    schema: 'notifications',
    portVariable: 'NOTIFICATIONS_HTTP_PORT',
    defaultPort: 3106,
    entities: [EmailEntity, NewsletterSubscriptionEntity, AnnouncementEntity, ContactRequestEntity, InvoiceEntity],
    migrations: [
      InitialNotifications1795253000000,
      NewslettersAnnouncementsContact1795253100000,
      Invoices1795253200000,
      EmailClaimToken1795253300000,
      Certificates1795253400000,
    ],
    module: createNotificationsModule(env),
    seed: seedDemoAnnouncement,
  };
}

/** The service as `npm start` and `main.ts` run it, configured from the process environment. */
export const notificationsService: ServiceDefinition = createNotificationsService();
