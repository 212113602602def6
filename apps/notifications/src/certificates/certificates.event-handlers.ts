import { CertificateIssuedEvent } from '@aero/contracts';
import { EventConsumers } from '@aero/backend-runtime';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EmailAttachments } from '../emails/email-attachments.js';
import { EmailsService } from '../emails/emails.service.js';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config.js';
import { CertificateHolders } from './certificate-holders.js';
import { CERTIFICATE_EMAIL_KIND, certificateEmail, numberOfCertificateKey } from './certificate-email.template.js';
import { CertificatesService } from './certificates.service.js';

/** The durable consumer of the certificate e-mails. */
export const CERTIFICATE_EMAIL_CONSUMER = 'notifications.certificate-issued';

/**
 * `certificate.issued` e-mails the learner their certificate, once: the handler keeps the
 * certificate and records the e-mail under the certificate's key inside the inbox transaction;
 * the e-mail worker renders the PDF from the committed row and attaches it.
 */
@Injectable()
export class CertificateEmailsHandlers implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly emails: EmailsService,
    private readonly attachments: EmailAttachments,
    private readonly certificates: CertificatesService,
    private readonly holders: CertificateHolders,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  onModuleInit(): void {
    this.attachments.register(CERTIFICATE_EMAIL_KIND, async (key) => [await this.certificates.attachmentFor(numberOfCertificateKey(key))]);
    this.consumers.register({
      consumer: CERTIFICATE_EMAIL_CONSUMER,
      event: CertificateIssuedEvent,
      concurrency: 4,
      handle: async (event, manager) => {
        const learner = await this.holders.contact(event.data.userId);
        // An account removed since: nobody to write to.
        if (!learner) return;
        await this.certificates.record(manager, event.data, learner.name, event.id);
        await this.emails.schedule(manager, { ...certificateEmail(event.data, learner, this.config.PUBLIC_BASE_URL), eventId: event.id });
      },
    });
  }
}
