import { CartRpc, OrderPaidEvent, VoucherRpc, type BillingSnapshot, type EventEnvelope, type OrderBuyer, type OrderPaid, type RpcDefinition, type RpcRequest, type RpcResponse } from '@aero/contracts';
import { eventStreamName, prefixed } from '@aero/backend-messaging';
import { createJobsRedis, createQueue, QueueName } from '@aero/backend-jobs';
import { actingAs, inSession, ServiceKit, startServiceParts, TEST_INFRA, waitFor } from '@aero/backend-testing';
import { jetstream } from '@nats-io/jetstream';
import { randomUUID } from 'node:crypto';
import { paymentsService } from '../../src/payments.service-definition.js';

export { CARDS, cardForm, rejection } from '@aero/backend-testing';

/** Demo catalogue ids (catalog-cart seed). */
export const PRODUCTS = {
  module7: 107, // course, 199.00
  module1: 101, // course, 99.00
  part145: 201, // course, 149.00
  partM: 211, // course, 179.00
  walletTopUp100: 501, // wallet, 100.00
} as const;

/** The billing details of a company buyer, as the checkout form sends them. */
export const COMPANY_BILLING: BillingSnapshot = {
  person: 'Ada Lovelace',
  email: 'billing@example.test',
  phone: '+33 1 23 45 67 89',
  country: 'FR',
  region: null,
  city: 'Toulouse',
  address: '1 avenue de l’Aéroport',
  zip: '31700',
  to_company: true,
  company: 'Blagnac Line Maintenance',
  company_code: 'BLM-01',
  vat: 'FR12345678901',
};

/** The cart's session, and the user signed in on it. */
export interface CartOwner {
  sessionId: string;
  userId: string;
}

export interface Shopper {
  owner: CartOwner;
  buyer: OrderBuyer;
  userId: string;
}

/**
 * A test file's platform slice (`ServiceKit`): catalog-cart as a real process (with the demo
 * catalogue and vouchers); payments in-process.
 */
export class PaymentsKit extends ServiceKit {
  static async start(extraEnv: Record<string, string> = {}): Promise<PaymentsKit> {
    return new PaymentsKit(await startServiceParts(paymentsService, { platform: ['catalog-cart'], platformTimeoutMs: 30_000, env: extraEnv }));
  }

  /**
   * Calls as the gateway does for the shopper: the request context carries the shopper's session
   * (the cart) and the shopper as the acting user (the buyer).
   */
  as(shopper: Shopper): { call<D extends RpcDefinition<unknown, unknown>>(definition: D, request: RpcRequest<D>): Promise<RpcResponse<D>> } {
    const { userId, email, name, companyId } = shopper.buyer;
    return {
      call: (definition, request) =>
        inSession(shopper.owner.sessionId, { userId, email, name, companyId }, () => this.rpc.call(definition, request)),
    };
  }

  /** A signed-in shopper with a cart holding `items` ([productId, quantity]) and maybe a voucher. */
  async shopper(items: [number, number][] = [[PRODUCTS.module7, 1]], voucher?: string): Promise<Shopper> {
    const userId = randomUUID();
    const shopper: Shopper = {
      owner: { sessionId: randomUUID(), userId },
      userId,
      buyer: { userId, email: `buyer-${userId.slice(0, 8)}@example.test`, name: 'Ada Lovelace', companyId: null },
    };
    for (const [productId, quantity] of items) await this.as(shopper).call(CartRpc.Add, { product_id: productId, quantity });
    if (voucher) await this.as(shopper).call(VoucherRpc.Apply, { code: voucher });
    return shopper;
  }

  /** Replaces the shopper's cart content. */
  async setCart(shopper: Shopper, items: [number, number][]): Promise<void> {
    await this.as(shopper).call(CartRpc.Empty, {});
    for (const [productId, quantity] of items) await this.as(shopper).call(CartRpc.Add, { product_id: productId, quantity });
  }

  /** The `order.paid` rows written to the outbox for one order. */
  async outboxPaidEvents(orderId: string): Promise<{ id: string; published: boolean; data: OrderPaid }[]> {
    const rows: { id: string; published_at: Date | null; payload: EventEnvelope<OrderPaid> }[] = await this.db.query(
      `SELECT id, published_at, payload FROM payments.outbox WHERE type = 'order.paid' AND payload->'data'->>'orderId' = $1`,
      [orderId],
    );
    return rows.map((r) => ({ id: r.id, published: r.published_at !== null, data: r.payload.data }));
  }

  /** The `order.paid` messages on the file's JetStream stream for one order. */
  async jetStreamPaidEvents(orderId: string): Promise<EventEnvelope<OrderPaid>[]> {
    const js = jetstream(this.service.infra.nats);
    const consumer = await js.consumers.get(eventStreamName(this.env.natsPrefix), {
      filter_subjects: prefixed(this.env.natsPrefix, OrderPaidEvent.subject),
    });
    const found: EventEnvelope<OrderPaid>[] = [];
    const messages = await consumer.fetch({ max_messages: 1000, expires: 1000 });
    for await (const msg of messages) {
      const envelope = msg.json<EventEnvelope<OrderPaid>>();
      if (envelope.data.orderId === orderId) found.push(envelope);
      if (msg.info.pending === 0) break;
    }
    return found;
  }

  async waitForPublished(orderId: string): Promise<void> {
    await waitFor(async () => (await this.outboxPaidEvents(orderId)).every((e) => e.published), { what: 'order.paid published' });
  }

  async orderRow(orderId: string): Promise<{ status: string; payment_kind: string; voucher_state: string; paid_by_attempt_id: string | null }> {
    const [row] = await this.db.query('SELECT status, payment_kind, voucher_state, paid_by_attempt_id FROM payments.orders WHERE id = $1', [orderId]);
    return row;
  }

  /** The order's expiry job (job id = order id) has run. */
  async expiryJobDone(orderId: string): Promise<boolean> {
    const redis = createJobsRedis(TEST_INFRA.redis);
    const queue = createQueue(QueueName.OrderExpiry, redis, this.env.redisPrefix);
    try {
      return (await queue.getJobState(orderId)) === 'completed';
    } finally {
      await queue.close();
      redis.disconnect();
    }
  }

  async walletEntries(userId: string): Promise<{ kind: string; amount_cents: number; order_id: string | null }[]> {
    return this.db.query('SELECT kind, amount_cents, order_id FROM payments.wallet_entries WHERE user_id = $1 ORDER BY id', [userId]);
  }
}

/** Someone else: a signed-in user with an empty cart of their own (an order of another buyer is "not found" to them). */
export function stranger(): Shopper {
  const userId = randomUUID();
  return { owner: { sessionId: randomUUID(), userId }, userId, buyer: { userId, email: 'stranger@example.test', name: 'Stranger', companyId: null } };
}

/** Runs `work` as an operator (the acting user `operatorId`), as the gateway's operator routes do. */
export function operating<T>(operatorId: string, work: () => Promise<T>): Promise<T> {
  return actingAs({ userId: operatorId, roles: ['administrator'] }, work);
}
