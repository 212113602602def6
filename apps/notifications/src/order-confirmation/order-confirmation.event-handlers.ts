import { OrderPaidEvent } from '@aero/contracts';
import { EventConsumers } from '@aero/backend-runtime';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EmailsService } from '../emails/emails.service.js';
import { orderConfirmationEmail } from './order-confirmation.template.js';

/** Durable consumer of the order-confirmation e-mail; shared by every replica of the service. */
export const ORDER_CONFIRMATION_CONSUMER = 'notifications.order-confirmation';

/**
 * When an order is paid, its buyer gets one confirmation e-mail. The handler only records the
 * e-mail and enqueues its send (keyed by order), inside the inbox transaction; the e-mail worker
 * sends it.
 */
@Injectable()
export class OrderConfirmationHandlers implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly emails: EmailsService,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      consumer: ORDER_CONFIRMATION_CONSUMER,
      event: OrderPaidEvent,
      handle: (event, manager) => this.emails.schedule(manager, { ...orderConfirmationEmail(event.data), eventId: event.id }),
    });
  }
}
