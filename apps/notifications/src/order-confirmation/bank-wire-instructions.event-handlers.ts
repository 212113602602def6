import { OrderBankWireChosenEvent } from '@aero/contracts';
import { EventConsumers } from '@aero/backend-runtime';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EmailsService } from '../emails/emails.service.js';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config.js';
import { bankWireInstructionsEmail } from './bank-wire-instructions.template.js';

/** Durable consumer of the bank-wire instructions e-mail; shared by every replica of the service. */
export const BANK_WIRE_INSTRUCTIONS_CONSUMER = 'notifications.bank-wire-instructions';

/**
 * When a buyer chooses to pay an order by bank wire, they get one e-mail with the transfer
 * details and the reference to quote (keyed by order: a redelivered event sends nothing more).
 */
@Injectable()
export class BankWireInstructionsHandlers implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly emails: EmailsService,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  onModuleInit(): void {
    const account = {
      beneficiary: this.config.BANK_WIRE_BENEFICIARY,
      iban: this.config.BANK_WIRE_IBAN,
      bic: this.config.BANK_WIRE_BIC,
      bankName: this.config.BANK_WIRE_BANK_NAME,
    };
    this.consumers.register({
      consumer: BANK_WIRE_INSTRUCTIONS_CONSUMER,
      event: OrderBankWireChosenEvent,
      concurrency: 4,
      handle: async (event, manager) => {
        await this.emails.schedule(manager, { ...bankWireInstructionsEmail(event.data, account, this.config.PUBLIC_BASE_URL), eventId: event.id });
      },
    });
  }
}
