import { OrderPaidEvent } from '@aero/contracts';
import { EventConsumers } from '@aero/backend-runtime';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EmailAttachments } from '../emails/email-attachments.js';
import { EmailsService } from '../emails/emails.service.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config.js';
import { ORDER_CONFIRMATION_KIND, orderConfirmationEmail, orderIdOfConfirmationKey } from './order-confirmation.template.js';

/** Durable consumer of the order-confirmation e-mail; shared by every replica of the service. */
export const ORDER_CONFIRMATION_CONSUMER = 'notifications.order-confirmation';

/**
 * When an order is paid, its invoice is issued and its buyer gets one confirmation e-mail with
 * the invoice PDF attached. The handler records the e-mail and enqueues its send (keyed by
 * order), then issues the invoice (next number of the year), all inside the inbox transaction;
 * the e-mail worker renders the PDF from the committed invoice and sends.
 */
@Injectable()
export class OrderConfirmationHandlers implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly emails: EmailsService,
    private readonly invoices: InvoicesService,
    private readonly attachments: EmailAttachments,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  onModuleInit(): void {
    this.attachments.register(ORDER_CONFIRMATION_KIND, async (key) => [await this.invoices.attachmentForOrder(orderIdOfConfirmationKey(key))]);
    this.consumers.register({
      consumer: ORDER_CONFIRMATION_CONSUMER,
      event: OrderPaidEvent,
      // Paid orders are independent of each other; their invoice numbers still come one at a
      // time from the year's counter row, locked until each transaction commits.
      concurrency: 4,
      handle: async (event, manager) => {
        // The e-mail first, the invoice last: the counter lock is then held only for the invoice
        // insert and the commit. The send job waits for this commit either way (its claim of
        // the e-mail row waits on this transaction's insert of it).
        await this.emails.schedule(manager, { ...orderConfirmationEmail(event.data, this.config.PUBLIC_BASE_URL), eventId: event.id });
        await this.invoices.issue(manager, event);
      },
    });
  }
}
