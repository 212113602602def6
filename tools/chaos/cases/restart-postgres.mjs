// PostgreSQL stops at once (immediate shutdown: every connection cut, as in a crash) while buyers
// browse, fill carts and pay, and starts again a few seconds later. While it is down, requests
// must fail fast (503, none slower than 5 s, no 500); afterwards the product must work again by
// itself, and every order answered as placed end paid, fulfilled, invoiced and e-mailed once.
import { setTimeout as sleep } from 'node:timers/promises';
import { auditOrders, confirmationsByReference, settled, shortfalls } from '../orders-audit.mjs';
import { call, cartWith, COURSE_ID, payByCard, signedInBuyers, waitUntil } from '../shop.mjs';

/** No request may wait longer than this while the database is down. */
const FAIL_FAST_MS = 5000;

export async function restartPostgres({ servers, product, mail, db, profile, log }) {
  const { buyers } = await signedInBuyers(product, servers.urls.nats, profile.orderBuyers);
  const placed = [];
  /** Every answer, with when it was asked relative to the outage. */
  const answers = [];
  let phase = 'before';
  const record = (what, res) => answers.push({ phase, what, status: res.status, ms: res.ms, code: res.json?.code, error: res.error });
  let stopping = false;
  const shopping = Promise.all(
    buyers.map(async (buyer, i) => {
      while (!stopping) {
        const asked = phase;
        record('products', await call(buyer, 'GET', '/api/products'));
        record('cart', await call(buyer, 'GET', '/api/cart'));
        // Half the buyers only browse: they keep asking throughout the outage.
        if (i % 2 === 0) {
          await sleep(100);
          continue;
        }
        const added = await cartWith(buyer, COURSE_ID);
        record('cart add', added);
        if (added.status !== 200) continue;
        const outcome = await payByCard(buyer, { retryForMs: 120_000 });
        record('card pay', outcome.pay);
        if (outcome.callback) record('provider return', outcome.callback);
        if (outcome.placed) placed.push({ ...outcome, asked });
      }
    }),
  );

  await sleep(profile.warmSeconds * 1000);
  phase = 'down';
  const placedBefore = placed.length;
  await servers.postgres.kill();
  const stoppedAt = performance.now();
  log(`PostgreSQL stopped (immediate) with ${placedBefore} orders placed; down for ${profile.downSeconds} s`);
  await sleep(profile.downSeconds * 1000);
  await servers.postgres.start();
  phase = 'after';
  const startedAt = performance.now();
  log('PostgreSQL started again');
  const recovered = await waitUntil(async () => placed.length > placedBefore + buyers.length / 2 && performance.now(), { timeoutMs: 120_000, intervalMs: 100 });
  const healthy = await product
    .waitAllHealthy(120_000)
    .then(() => performance.now())
    .catch(() => null);
  await sleep(profile.afterSeconds * 1000);
  stopping = true;
  await shopping;

  const orderIds = placed.map((p) => p.orderId);
  const done = await waitUntil(async () => settled(await auditOrders(db, orderIds), confirmationsByReference(mail)), {
    timeoutMs: profile.drainTimeoutMs,
    intervalMs: 1000,
  });
  await sleep(3000);
  const rows = await auditOrders(db, orderIds);
  const gaps = shortfalls(rows, confirmationsByReference(mail));

  const during = answers.filter((a) => a.phase === 'down');
  const statusesDuring = {};
  for (const a of during) statusesDuring[a.status] = (statusesDuring[a.status] ?? 0) + 1;
  const slowest = during.reduce((max, a) => Math.max(max, a.ms), 0);
  const errors500 = answers.filter((a) => a.status >= 500 && a.status !== 503);
  const figures = {
    buyers: buyers.length,
    requests_while_down: during.length,
    statuses_while_down: statusesDuring,
    slowest_while_down_ms: Math.round(slowest),
    answers_500: errors500.length,
    examples_500: [...new Set(errors500.map((a) => `${a.what}: ${a.code ?? a.error ?? ''}`))].slice(0, 5),
    postgres_down_s: Math.round((startedAt - stoppedAt) / 100) / 10,
    orders_flowing_again_after_restart_s: recovered ? Math.round((recovered - startedAt) / 100) / 10 : null,
    all_healthy_after_restart_s: healthy ? Math.round((healthy - startedAt) / 100) / 10 : null,
    orders_placed: placed.length,
    ...gaps,
  };
  const problems = [];
  if (slowest > FAIL_FAST_MS) problems.push(`a request took ${Math.round(slowest)} ms while the database was down (limit ${FAIL_FAST_MS} ms)`);
  const notFast = during.filter((a) => a.status !== 200 && a.status !== 503);
  if (notFast.length) problems.push(`${notFast.length} requests while the database was down were answered neither 200 nor 503`);
  if (errors500.length) problems.push(`${errors500.length} answers were 5xx other than 503`);
  if (!recovered) problems.push('orders did not flow again within 120 s of the restart');
  if (!healthy) problems.push('not every process was healthy within 120 s of the restart');
  if (!done) problems.push(`not every placed order was paid, fulfilled, invoiced and e-mailed within ${profile.drainTimeoutMs / 1000} s`);
  for (const [what, n] of Object.entries(gaps)) if (n) problems.push(`${what}: ${n} orders`);
  return { figures, problems };
}
