// NATS dies (SIGKILL) and comes back while buyers place and pay card orders. Every order answered
// as placed must end paid, fulfilled, invoiced and e-mailed, each exactly once. A buyer whose
// provider return meets the outage asks again, as a browser reload would.
import { setTimeout as sleep } from 'node:timers/promises';
import { auditOrders, confirmationsByReference, settled, shortfalls } from '../orders-audit.mjs';
import { cartWith, COURSE_ID, payByCard, signedInBuyers, waitUntil } from '../shop.mjs';

export async function restartNats({ servers, product, mail, db, profile, log }) {
  const { buyers } = await signedInBuyers(product, servers.urls.nats, profile.orderBuyers);
  const placed = [];
  const statuses = {};
  /** One example answer of each status other than 200, to say what the refusals were. */
  const examples = {};
  const note = (what, res) => {
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status !== 200 && !examples[res.status]) examples[res.status] = `${what}: ${res.json?.code ?? ''} ${res.json?.message ?? res.error ?? ''}`.trim();
  };
  let attempts = 0;
  const end = Date.now() + profile.ordersSeconds * 1000;
  const buying = Promise.all(
    buyers.map(async (buyer) => {
      while (Date.now() < end) {
        attempts++;
        const added = await cartWith(buyer, COURSE_ID);
        note('cart add', added);
        if (added.status !== 200) {
          await sleep(200);
          continue;
        }
        const outcome = await payByCard(buyer);
        note('card pay', outcome.pay);
        if (outcome.callback) note('provider return', outcome.callback);
        if (outcome.placed) placed.push(outcome);
        else await sleep(200);
      }
    }),
  );

  await sleep((profile.ordersSeconds * 1000) / 3);
  const placedBefore = placed.length;
  await servers.nats.kill();
  const killedAt = performance.now();
  log(`NATS killed with ${placedBefore} orders placed; down for ${profile.downSeconds} s`);
  await sleep(profile.downSeconds * 1000);
  await servers.nats.start();
  const restartedAt = performance.now();
  log('NATS started again');
  const firstAfter = await waitUntil(async () => placed.length > placedBefore + buyers.length && performance.now(), { timeoutMs: 120_000, intervalMs: 100 });
  await buying;

  const orderIds = placed.map((p) => p.orderId);
  const done = await waitUntil(async () => settled(await auditOrders(db, orderIds), confirmationsByReference(mail)), {
    timeoutMs: profile.drainTimeoutMs,
    intervalMs: 1000,
  });
  await sleep(3000);
  const rows = await auditOrders(db, orderIds);
  const received = confirmationsByReference(mail);
  const gaps = shortfalls(rows, received);
  const figures = {
    buyers: buyers.length,
    attempts,
    orders_placed: placed.length,
    answered_paid: placed.filter((p) => p.paidAnswer).length,
    ...gaps,
    http_statuses: statuses,
    examples,
    nats_down_s: Math.round((restartedAt - killedAt) / 100) / 10,
    orders_flowing_again_after_restart_s: firstAfter ? Math.round((firstAfter - restartedAt) / 100) / 10 : null,
  };
  const problems = [];
  if (!done) problems.push(`not every placed order was paid, fulfilled, invoiced and e-mailed within ${profile.drainTimeoutMs / 1000} s`);
  for (const [what, n] of Object.entries(gaps)) if (n) problems.push(`${what}: ${n} orders`);
  if (!firstAfter) problems.push('orders did not flow again within 120 s of the restart');
  if (statuses[500]) problems.push(`${statuses[500]} answers were 500`);
  return { figures, problems };
}
