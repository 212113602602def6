// A mixed load of signed-in buyers (200 by default) browsing, filling carts and paying, for a
// while: no answer may be a 5xx, no service may keep growing (resident memory after the warm-up
// against the end), and no service may keep more database connections than before.
//
// The processes take 2 to 4 minutes of this load to reach their working size (V8 sizes its heap
// in steps, the allocator's arenas fill, pools open their connections): a 10-minute run measured
// the gateway 137 → 213 MB in the first 2 minutes, then 213 → 219 MB over the next 8, and
// notifications 154 → 194 MB in 3.5 minutes, then flat. So the full suite warms up for 4 minutes
// and holds the growth of the last 6 under 10 %; the short run (60 s) cannot tell warm-up from
// growth, so it prints the figures without judging them (`memoryJudged: false`).
import { setTimeout as sleep } from 'node:timers/promises';
import { call, cartWith, COURSE_ID, payByCard, signedInBuyers, waitUntil } from '../shop.mjs';

/** Products the buyers put in their carts (courses of the demo catalogue), and what they search for. */
const PRODUCTS = [COURSE_ID, 101, 102, 103, 201, 202];
const SEARCHES = ['module', 'part-145', 'ewis', 'a320', 'maintenance', 'engine'];
/** Allowed growth of a process's resident memory from the end of the warm-up to the end. */
const MAX_GROWTH = 0.1;

/** Connections each app holds to the database, by application name (product.mjs sets them). */
async function connections(db) {
  const { rows } = await db.query(
    `SELECT application_name AS app, count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND application_name <> 'chaos-suite' GROUP BY application_name`,
  );
  return Object.fromEntries(rows.map((r) => [r.app, r.n]));
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

export async function mixedLoad({ servers, product, db, profile, log }) {
  const { buyers } = await signedInBuyers(product, servers.urls.nats, profile.loadUsers, { timeoutMs: 30_000 });
  log(`${buyers.length} buyers signed in; load for ${profile.loadSeconds} s (warm-up ${profile.warmUpSeconds} s)`);
  const before = await connections(db);
  const statuses = {};
  const examples = {};
  let requests = 0;
  let orders = 0;
  const note = (what, res) => {
    requests++;
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if ((res.status >= 400 || res.status === 0) && !examples[res.status]) {
      examples[res.status] = `${what}: ${res.json?.code ?? ''} ${res.json?.message ?? res.error ?? ''}`.trim().slice(0, 200);
    }
  };

  const started = Date.now();
  const end = started + profile.loadSeconds * 1000;
  const think = () => sleep(profile.thinkMs * (0.5 + Math.random()));
  const users = buyers.map(async (buyer, i) => {
    // Spread the starts over the first seconds, as real visitors arrive.
    await sleep((i * 2000) / buyers.length);
    for (let round = 0; Date.now() < end; round++) {
      note('products', await call(buyer, 'GET', '/api/products'));
      await think();
      const productId = PRODUCTS[(i + round) % PRODUCTS.length];
      note('search', await call(buyer, 'GET', `/api/products/search?query=${SEARCHES[(i + round) % SEARCHES.length]}`));
      await think();
      note('cart add', await call(buyer, 'POST', '/api/cart/add', { product_id: productId, quantity: 1, update: true }));
      await think();
      note('cart', await call(buyer, 'GET', '/api/cart'));
      await think();
      // Every few rounds the buyer pays a one-course cart by card.
      if (round % profile.payEvery === profile.payEvery - 1) {
        note('cart set', await cartWith(buyer, COURSE_ID));
        const outcome = await payByCard(buyer, { retryForMs: 0 });
        note('card pay', outcome.pay);
        if (outcome.callback) note('provider return', outcome.callback);
        if (outcome.paidAnswer) orders++;
        await think();
      }
    }
  });

  // Memory every 5 s; the warm-up's end and the run's end are compared on the median of their samples.
  const samples = [];
  const sampling = (async () => {
    while (Date.now() < end) {
      samples.push({ at: (Date.now() - started) / 1000, memory: product.memory(), connections: await connections(db).catch(() => ({})) });
      await sleep(5000);
    }
  })();
  await Promise.all([...users, sampling]);
  const finishedAt = Date.now();
  log(`load over: ${requests} requests, ${orders} orders paid`);

  // Connections drop back once the pools' idle connections time out.
  const settledConnections = await waitUntil(
    async () => {
      const now = await connections(db);
      return Object.entries(now).every(([app, n]) => n <= (before[app] ?? 0) + 1) && now;
    },
    { timeoutMs: 60_000, intervalMs: 1000 },
  );
  const after = settledConnections || (await connections(db));
  const peak = {};
  for (const s of samples) for (const [app, n] of Object.entries(s.connections)) peak[app] = Math.max(peak[app] ?? 0, n);

  const window = Math.max(3, Math.round(samples.length / 10));
  const warm = samples.filter((s) => s.at >= profile.warmUpSeconds).slice(0, window);
  const last = samples.slice(-window);
  const memory = {};
  const problems = [];
  for (const app of product.apps.keys()) {
    const warmMb = median(warm.map((s) => s.memory[app]));
    const endMb = median(last.map((s) => s.memory[app]));
    const growth = warmMb && endMb ? (endMb - warmMb) / warmMb : null;
    memory[app] = { after_warm_up_mb: warmMb, end_mb: endMb, growth_pct: growth === null ? null : Math.round(growth * 1000) / 10 };
    if (profile.memoryJudged && growth !== null && growth >= MAX_GROWTH) problems.push(`${app} grew ${memory[app].growth_pct} % after the warm-up (${warmMb} → ${endMb} MB)`);
  }
  const fivexx = Object.entries(statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  const unanswered = statuses[0] ?? 0;
  if (fivexx) problems.push(`${fivexx} answers were 5xx`);
  if (unanswered) problems.push(`${unanswered} requests got no answer within 30 s`);
  if (!settledConnections) problems.push(`database connections did not come back down within 60 s: ${JSON.stringify(after)} (before ${JSON.stringify(before)})`);

  return {
    figures: {
      users: buyers.length,
      seconds: Math.round((finishedAt - started) / 1000),
      requests,
      requests_per_s: Math.round(requests / ((finishedAt - started) / 1000)),
      orders_paid: orders,
      statuses,
      examples,
      answers_5xx: fivexx,
      memory,
      memory_judged: profile.memoryJudged,
      // Resident memory (MB) about every 30 s, to see a growth level off or go on.
      memory_series: Object.fromEntries(
        [...product.apps.keys()].map((app) => [app, samples.filter((_, k) => k % 6 === 0).map((s) => s.memory[app])]),
      ),
      db_connections: { before, peak, after },
    },
    problems,
  };
}
