// Two replicas of every app (services and gateway), the shop's main API journey (browse, search,
// add to cart, place and pay an order by card, the confirmation e-mail), then processes restarted
// with their graceful drain (tools/ops/rolling.mjs) while buyers keep going through the journey:
//   full profile: every process, one after another (14 restarts, about 5 minutes);
//   short profile (CI): one replica of every app, up to `rollingParallel` apps at a time, while
//   the app's other replica serves: every app is still restarted once with 2 replicas, which is
//   what could lose or refuse work, in about a minute and a half.
//   Warm-up: each buyer goes through the journey once with 2 replicas; every answer must be a
//   success and every order paid, fulfilled, invoiced and e-mailed; the requests must have been
//   shared by both replicas of the services the journey calls (NATS queue groups).
//   Restart: no answer may be a 5xx (the gateway's retry of a call that finds no responder is the
//   only retry) or missing; every order placed must be paid, fulfilled (its order.paid event
//   handled), invoiced (the e-mail job) and e-mailed exactly once.
// The figures (requests, 5xx, orders, events, e-mails) are printed before and after the restart,
// with each process's resident memory and CPU under the load (deploy/k8s takes its requests from them).
import { setTimeout as sleep } from 'node:timers/promises';
import { rollingRestart } from '../../ops/rolling.mjs';
import { cpuSeconds, residentMb } from '../product.mjs';
import { auditOrders, confirmationsByReference, settled, shortfalls } from '../orders-audit.mjs';
import { call, cartWith, COURSE_ID, payByCard, signedInBuyers, waitUntil } from '../shop.mjs';

const REPLICAS = 2;
/** Services the journey calls over RPC: both of their replicas must have answered some of it. */
const SPREAD_JUDGED = ['catalog-cart', 'payments'];

/** `rpc_duration_seconds` and `events_consumed_total` counts of one process (health checks left out). */
async function workDone(readyUrl) {
  const metricsUrl = readyUrl.replace(/\/(health|metrics)$/, '/metrics');
  const text = await fetch(metricsUrl, { signal: AbortSignal.timeout(5000) })
    .then((r) => r.text())
    .catch(() => '');
  let rpc = 0;
  let events = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('rpc_duration_seconds_count{') && !/pattern="[^"]*\.health"/.test(line)) rpc += Number(line.split(' ').pop());
    if (line.startsWith('events_consumed_total{')) events += Number(line.split(' ').pop());
  }
  return { rpc, events };
}

export async function rollingRestartCase({ servers, product, mail, db, profile, log }) {
  const problems = [];
  const figures = { replicas: REPLICAS };
  await product.scale(REPLICAS);
  log(`${product.replicas().length} processes running (${REPLICAS} of each app)`);
  try {
    const { buyers } = await signedInBuyers(product, servers.urls.nats, profile.rollingBuyers, { timeoutMs: 30_000 });

    const answers = [];
    const placed = [];
    let phase = 'warm-up';
    const note = (what, res) => answers.push({ phase, what, status: res.status, detail: res.status >= 400 || res.status === 0 ? `${res.json?.code ?? ''} ${res.error ?? ''}`.trim() : '' });
    const journey = async (buyer) => {
      note('products', await call(buyer, 'GET', '/api/products'));
      note('search', await call(buyer, 'GET', '/api/products/search?query=module'));
      note('cart add', await cartWith(buyer, COURSE_ID));
      note('cart', await call(buyer, 'GET', '/api/cart'));
      // The provider's return is asked once: a 503 there counts like any other.
      const outcome = await payByCard(buyer, { retryForMs: 0 });
      note('card pay', outcome.pay);
      if (outcome.callback) note('provider return', outcome.callback);
      if (outcome.placed) placed.push({ ...outcome, phase });
      // A return not answered "paid" is asked again, as a buyer reloading the page would, so
      // that the order's fate is still checked.
      if (outcome.placed && !outcome.paidAnswer) {
        await waitUntil(
          async () => (await call(buyer, 'GET', `/payment-gateway/mango-pay-callback/${outcome.orderId}?transactionId=${outcome.transactionId}`)).status === 200,
          { timeoutMs: 60_000, intervalMs: 500 },
        );
      }
    };
    const tally = (rows) => {
      const statuses = {};
      for (const a of rows) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      return {
        requests: rows.length,
        statuses,
        answers_5xx: rows.filter((a) => a.status >= 500).length,
        unanswered: rows.filter((a) => a.status === 0).length,
      };
    };
    /** Orders, their events and e-mails so far: what the figures show before and after the restart. */
    const snapshot = async () => {
      const rows = await auditOrders(
        db,
        placed.map((p) => p.orderId),
      );
      const received = confirmationsByReference(mail);
      return {
        ...tally(answers),
        orders_placed: placed.length,
        orders_paid: rows.filter((r) => r.status === 'payed').length,
        order_paid_events: rows.reduce((sum, r) => sum + r.paid_events, 0),
        order_paid_handled: rows.reduce((sum, r) => sum + r.fulfilments, 0),
        invoices: rows.reduce((sum, r) => sum + r.invoices, 0),
        emails: rows.reduce((sum, r) => sum + (received.get(r.reference) ?? 0), 0),
      };
    };

    // Warm-up: the journey once per buyer with 2 replicas of everything.
    const workBefore = Object.fromEntries(await Promise.all(product.replicas().map(async (r) => [r.label, await workDone(r.readyUrl)])));
    await Promise.all(buyers.map((buyer) => journey(buyer)));
    const warm = tally(answers);
    const warmOrders = placed.map((p) => p.orderId);
    const warmSettled = await waitUntil(async () => settled(await auditOrders(db, warmOrders), confirmationsByReference(mail)), {
      timeoutMs: profile.drainTimeoutMs,
      intervalMs: 1000,
    });
    const work = {};
    for (const r of product.replicas()) {
      const now = await workDone(r.readyUrl);
      work[r.label] = { rpc: now.rpc - (workBefore[r.label]?.rpc ?? 0), events: now.events - (workBefore[r.label]?.events ?? 0) };
    }
    figures.warm_up = { buyers: buyers.length, ...warm, orders_placed: warmOrders.length, settled: Boolean(warmSettled), work_by_replica: work };
    const failedWarm = answers.filter((a) => a.status !== 200);
    if (failedWarm.length) problems.push(`warm-up with ${REPLICAS} replicas: ${failedWarm.length} answers were not 200: ${[...new Set(failedWarm.map((a) => `${a.what} ${a.status}`))].join(', ')}`);
    if (warmOrders.length !== buyers.length) problems.push(`warm-up: ${warmOrders.length} orders placed for ${buyers.length} buyers`);
    if (!warmSettled) problems.push('warm-up: not every order was paid, fulfilled, invoiced and e-mailed');
    for (const app of SPREAD_JUDGED) {
      const idle = product.replicas().filter((r) => r.app === app && !(work[r.label]?.rpc > 0));
      if (idle.length) problems.push(`warm-up: ${idle.map((r) => r.label).join(', ')} answered none of the journey's requests (queue group not shared?)`);
    }
    log(`warm-up: ${warm.requests} requests, ${warmOrders.length} orders; RPCs by replica ${JSON.stringify(Object.fromEntries(Object.entries(work).map(([k, v]) => [k, v.rpc])))}`);

    // Steady load while the chosen processes are restarted.
    let stopping = false;
    const load = Promise.all(
      buyers.map(async (buyer, i) => {
        await sleep((i * 1000) / buyers.length);
        while (!stopping) await journey(buyer);
      }),
    );
    const loadStarted = performance.now();
    const cpuAtStart = Object.fromEntries(product.replicas().map((r) => [r.label, { pid: product.pid(r.label), cpu: cpuSeconds(product.pid(r.label)) }]));
    await sleep(profile.rollingWarmSeconds * 1000);
    phase = 'restart';
    figures.before = await snapshot();
    // Every app once with 2 replicas; the full profile restarts each of its replicas.
    const chosen = product.replicas().filter((r) => profile.rollingEveryReplica || r.replica === 1);
    log(`rolling restart of ${chosen.length} of ${product.replicas().length} processes under load (${buyers.length} buyers, ${profile.rollingParallel} at a time): ${JSON.stringify(figures.before)}`);
    const restartStarted = performance.now();
    let restarts = [];
    try {
      restarts = await rollingRestart(product.replicas(), { restarting: chosen, restart: (r) => product.restart(r.label), log, parallel: profile.rollingParallel });
    } catch (error) {
      problems.push(`the rolling restart did not complete: ${error.message}`);
    }
    figures.restart_s = Math.round((performance.now() - restartStarted) / 1000);
    figures.slowest_restart = restarts.reduce((max, r) => (r.total_s > (max?.total_s ?? 0) ? r : max), null);
    phase = 'after';
    await sleep(profile.rollingAfterSeconds * 1000);
    // Each process's resident memory at the end of the load, and its CPU over the load (a share of
    // one core) when the same process ran all along (a replica not restarted).
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    figures.load_s = Math.round(loadSeconds);
    figures.processes = Object.fromEntries(
      product.replicas().map((r) => {
        const pid = product.pid(r.label);
        const start = cpuAtStart[r.label];
        const cpu = start?.pid === pid && start.cpu !== null ? cpuSeconds(pid) : null;
        return [r.label, { rss_mb: residentMb(pid), cpu_pct: cpu === null ? null : Math.round(((cpu - start.cpu) / loadSeconds) * 100) }];
      }),
    );
    stopping = true;
    await load;

    const orderIds = placed.map((p) => p.orderId);
    const done = await waitUntil(async () => settled(await auditOrders(db, orderIds), confirmationsByReference(mail)), {
      timeoutMs: profile.drainTimeoutMs,
      intervalMs: 1000,
    });
    // Anything that would arrive twice has had the time to.
    await sleep(3000);
    const rows = await auditOrders(db, orderIds);
    const gaps = shortfalls(rows, confirmationsByReference(mail));
    figures.after = await snapshot();
    figures.during_restart = tally(answers.filter((a) => a.phase !== 'warm-up'));
    // What the answers other than 200 were (4xx are the shop's own refusals, not judged here).
    figures.other_answers = [...new Set(answers.filter((a) => a.status !== 200).map((a) => `${a.what} ${a.status} ${a.detail}`.trim()))].slice(0, 10);
    figures.processes_restarted = restarts.length;
    figures.invoiced_twice = rows.filter((r) => r.invoices > 1).length;
    Object.assign(figures, gaps);

    const bad = answers.filter((a) => a.phase !== 'warm-up' && (a.status >= 500 || a.status === 0));
    if (bad.length) {
      const kinds = [...new Set(bad.map((a) => `${a.what} ${a.status}${a.detail ? ` (${a.detail})` : ''}`))];
      problems.push(`${bad.length} requests during or after the restart were answered 5xx or not at all: ${kinds.slice(0, 8).join('; ')}`);
    }
    if (restarts.length !== chosen.length) problems.push(`${restarts.length} of ${chosen.length} processes were restarted`);
    const apps = new Set(product.replicas().map((r) => r.app));
    const notRestarted = [...apps].filter((app) => !restarts.some((row) => chosen.find((r) => r.label === row.label)?.app === app));
    if (notRestarted.length) problems.push(`not restarted: ${notRestarted.join(', ')}`);
    if (!done) problems.push(`not every placed order was paid, fulfilled, invoiced and e-mailed within ${profile.drainTimeoutMs / 1000} s`);
    for (const [what, n] of Object.entries(gaps)) if (n) problems.push(`${what}: ${n} orders`);
    if (figures.invoiced_twice) problems.push(`invoiced_twice: ${figures.invoiced_twice} orders`);
  } finally {
    await product.scale(1);
  }
  return { figures, problems };
}
