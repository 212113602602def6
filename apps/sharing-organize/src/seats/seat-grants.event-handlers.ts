import { OrderPaidEvent } from '@aero/contracts';
import { requireContext } from '@aero/backend-observability';
import { EventConsumers } from '@aero/backend-runtime';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SeatGrantsService } from './seat-grants.service.js';

/** The durable consumer that turns paid orders into seats. */
export const SEAT_GRANT_CONSUMER = 'sharing-organize.seat-grants';

/**
 * `order.paid` → seats of the buyer. Runs inside the inbox transaction: the grant and the
 * "seen" mark commit together. Paid orders stand alone, so several are granted at once.
 */
@Injectable()
export class SeatGrantsHandlers implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly grants: SeatGrantsService,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      consumer: SEAT_GRANT_CONSUMER,
      event: OrderPaidEvent,
      concurrency: 4,
      handle: ({ data }, manager) => this.grants.grant({ ...requireContext(), tx: manager }, data),
    });
  }
}
