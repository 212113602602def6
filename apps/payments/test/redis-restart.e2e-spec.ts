import { healthRpc, PaymentsRpc, type OrderDto } from '@aero/contracts';
import { startPrivateRedis, waitFor, type PrivateRedis } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { OrdersService } from '../src/orders/orders.service.js';
import { PaymentsKit, PRODUCTS } from './support/payments-test-kit.js';

/**
 * A Redis restart under load: payments runs its job queues on a Redis of this file's own
 * (persisted like the product's, `appendonly`), orders are placed all along, and that Redis is
 * SIGKILLed and started again while expiry jobs are waiting, due and running.
 */
describe('payments through a Redis restart', () => {
  let redis: PrivateRedis;
  let kit: PaymentsKit;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    // 0.05 minutes = 3 s to pay: the expiry jobs of the orders placed fall before, during and after the outage.
    kit = await PaymentsKit.start({ REDIS_URL: redis.url, ORDER_EXPIRY_MINUTES: '0.05' });
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
    await redis?.destroy();
  });

  it('stays up, answers again, and runs the expiry job of every order placed exactly once', async () => {
    const crashes: Error[] = [];
    const onCrash = (error: Error) => crashes.push(error);
    process.on('uncaughtException', onCrash);
    const housekeep = jest.spyOn(kit.service.app.get(OrdersService, { strict: false }), 'housekeep');
    // Redis errors go to the service's logs, not to stderr as BullMQ writes an 'error' event nobody listens to.
    const stderr = jest.spyOn(console, 'error');
    const loggedErrors = jest.spyOn(kit.service.infra.logger, 'error');
    try {
      const placed: OrderDto[] = [];
      const refused: unknown[] = [];
      let placing = true;
      const placer = (async () => {
        while (placing) {
          const shopper = await kit.shopper([[PRODUCTS.module1, 1]]);
          await kit.as(shopper).call(PaymentsRpc.PlaceOrder, { method: 'mangopay' }).then(
            (order) => placed.push(order),
            (error: unknown) => refused.push(error),
          );
          await sleep(100);
        }
      })();

      // The first orders' jobs have run; later ones wait in Redis, some are due in the outage.
      await sleep(3_500);
      const placedBeforeKill = placed.length;
      await redis.kill();
      await sleep(1_500);
      await redis.start();
      await sleep(3_500);
      placing = false;
      await placer;

      expect(crashes).toEqual([]);
      expect(stderr).not.toHaveBeenCalled();
      expect(loggedErrors.mock.calls.map(([, message]) => message)).toContain('job worker error');
      const health = await kit.rpc.call(healthRpc('payments'), {});
      expect(health).toEqual(expect.objectContaining({ status: 'up' }));
      expect(placedBeforeKill).toBeGreaterThan(5);
      expect(placed.length).toBeGreaterThan(placedBeforeKill + 5);
      expect(refused).toEqual([]);

      const ids = placed.map((order) => order.id);
      await waitFor(
        async () => {
          const [row]: { open: number }[] = await kit.db.query(
            `SELECT count(*)::int AS open FROM payments.orders WHERE id = ANY($1) AND status <> 'canceled'`,
            [ids],
          );
          return row.open === 0;
        },
        { what: 'every order placed to expire', timeoutMs: 20_000, intervalMs: 200 },
      );
      const rows: { id: string; cancel_reason: string }[] = await kit.db.query('SELECT id, cancel_reason FROM payments.orders');
      expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
      expect(new Set(rows.map((r) => r.cancel_reason))).toEqual(new Set(['expired']));

      // A job run twice (a stalled job taken again, a retry) would show as a second call.
      await sleep(1_000);
      const runs = new Map<string, number>();
      for (const [orderId] of housekeep.mock.calls) runs.set(orderId, (runs.get(orderId) ?? 0) + 1);
      expect([...runs.keys()].sort()).toEqual([...ids].sort());
      expect([...runs.values()].filter((count) => count !== 1)).toEqual([]);
      const outcomes = (await kit.service.infra.metrics.jobsProcessed.get()).values
        .filter((v) => v.labels.queue === 'order-expiry')
        .map((v) => [v.labels.outcome, v.value]);
      expect(Object.fromEntries(outcomes)).toEqual({ completed: ids.length });
      process.stdout.write(
        `redis restart: ${placed.length} orders placed (${placedBeforeKill} before the kill), ${housekeep.mock.calls.length} expiry runs, ` +
          `${ids.length - runs.size} lost, ${[...runs.values()].filter((count) => count > 1).length} run twice\n`,
      );
      expect(crashes).toEqual([]);
    } finally {
      jest.restoreAllMocks();
      process.off('uncaughtException', onCrash);
    }
  }, 45_000);
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
