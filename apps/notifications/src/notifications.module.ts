import { Global, Module, type Type } from '@nestjs/common';
import { AccountEmailsModule } from './account-emails/account-emails.module.js';
import { AnnouncementsModule } from './announcements/announcements.module.js';
import { CertificatesModule } from './certificates/certificates.module.js';
import { ContactRequestsModule } from './contact-requests/contact-requests.module.js';
import { EmailsModule } from './emails/emails.module.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { LearningEmailsModule } from './learning-emails/learning-emails.module.js';
import { NewslettersModule } from './newsletters/newsletters.module.js';
import { loadNotificationsConfig, NOTIFICATIONS_CONFIG } from './notifications.config.js';
import { OrderConfirmationModule } from './order-confirmation/order-confirmation.module.js';
import { ShareEmailsModule } from './share-emails/share-emails.module.js';

/**
 * The root module of the notifications service, configured from `env`. The configuration is
 * read from the same environment the service is started with (`startService(definition, env)`
 * passes `env` only to the shared infrastructure settings, so the definition carries it here).
 */
export function createNotificationsModule(env: NodeJS.ProcessEnv): Type {
  @Global()
  @Module({
    providers: [{ provide: NOTIFICATIONS_CONFIG, useFactory: () => loadNotificationsConfig(env) }],
    exports: [NOTIFICATIONS_CONFIG],
  })
  class NotificationsConfigModule {}

  @Module({
    imports: [
      NotificationsConfigModule,
      EmailsModule,
      InvoicesModule,
      OrderConfirmationModule,
      AccountEmailsModule,
      NewslettersModule,
      AnnouncementsModule,
      ContactRequestsModule,
      ShareEmailsModule,
      LearningEmailsModule,
      CertificatesModule,
    ],
  })
  class NotificationsModule {}

  return NotificationsModule;
}
