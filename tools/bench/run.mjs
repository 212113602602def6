// Benchmarks the running product on this machine and prints its figures.
//   npm run bench                       (starts the product with npm start if it is not running)
//   npm run bench -- --duration 10 --connections 50 --only products,cart-add --repeat 3
// Scenarios:
//   products      GET /api/products through the gateway (HTTP → NATS → catalog-cart), each
//                 connection with the cookies a browser would send back
//   products-nats the same request sent straight over NATS (the gateway's cost is the ratio)
//                 (both with the CPU milliseconds one request costs in each process)
//   cart-add      POST /api/cart/add, each connection with its own session
//   cart-read     GET /api/cart, each connection with its own session holding two lines
//   orders-free   paid orders per second with FREE100 (20 signed-in buyers, see orders.mjs)
//   orders-card   paid orders per second with the sandbox card, no 3-D Secure (20 buyers)
//   shares        quick share (see shares.mjs): a bulk share of 50 recipients, time until accepted
//                 and until its 50 e-mails are in maildev; seat claims per second on one pool
//   learning      the course page of a 200-chapter syllabus and GET /api/course-progress/{uuid}
//                 (see learning.mjs): req/s, p99 (target ≤ 50 ms) and CPU ms per request
//   web           the web app on a phone (see web.mjs): first-visit compressed JavaScript bytes, the
//                 home page's LCP in headless Chromium, and Lighthouse's mobile scores (performance,
//                 CLS, LCP) of the home, product, cart and My courses pages
//   exams         on an exams service of its own (see exams.mjs): 500 learners answering at once
//                 (answers/s, p99 target ≤ 100 ms, CPU ms per answer) and the lateness of 1,000
//                 deadline jobs due in the same minute (p50, p99 target ≤ 1 s)
// The order scenarios also report how long after the run the last confirmation e-mail was out,
// and the CPU milliseconds one paid order costs in each process (tools/bench/cpu.mjs), its
// background work included. It also reports the memory of every process (resident and
// proportional), idle (before load), right after the load and --settle seconds later.
import autocannon from 'autocannon';
import { connect } from '@nats-io/transport-node';
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { cpuPerUnit, cpuSnapshot, residentMemory } from './cpu.mjs';
import { benchOrders } from './orders.mjs';
import { benchLearning } from './learning.mjs';
import { benchExams } from './exams.mjs';
import { benchShares } from './shares.mjs';
import { benchWeb } from './web.mjs';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.BENCH_URL ?? 'http://127.0.0.1:3000' },
    nats: { type: 'string', default: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' },
    // maildev's web API (the shares scenario counts the e-mails it caught).
    mail: { type: 'string', default: process.env.BENCH_MAIL_URL ?? `http://127.0.0.1:${process.env.MAILDEV_WEB_PORT ?? 1080}` },
    // Read by the order scenarios only, to wait for the run's e-mails before measuring CPU.
    database: { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aeromaint' },
    // The exams scenario's own exams service keeps its jobs under a prefix of its own there.
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'order-connections': { type: 'string', default: '20' },
    only: { type: 'string', default: '' },
    // The VM's figures vary from run to run: --repeat 3 runs every scenario three times in turn
    // and reports the median of each.
    repeat: { type: 'string', default: '1' },
    // Seconds of quiet after the load before memory is read again.
    settle: { type: 'string', default: '20' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const only = args.only ? new Set(args.only.split(',')) : null;
const repeat = Math.max(1, Number(args.repeat) || 1);
const wanted = (name) => !only || only.has(name);

const APPS = ['gateway', 'catalog-cart', 'payments', 'sharing-organize', 'exams', 'accounts-invitations', 'notifications'];

async function isUp() {
  try {
    return (await fetch(`${args.url}/api/products`)).ok;
  } catch {
    return false;
  }
}

async function ensureProduct() {
  if (await isUp()) {
    console.log(
      'Using the running product. Start it with RATE_LIMIT_MULTIPLIER=1000 for the order scenarios, and with OTEL_EXPORTER_OTLP_ENDPOINT= (empty) to measure it without exporting spans.',
    );
    return null;
  }
  console.log('Product not running: starting it with `npm start` ...');
  // Order scenarios make 20 simulated buyers place hundreds of orders a minute: the gateway's
  // per-customer limits (voucher attempts, payment attempts) are scaled up for this run only.
  const child = spawn(process.execPath, ['tools/dev/start.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    // Spans are not exported, as in production unless an operator names a collector: the local
    // trace viewer of `npm start` would otherwise add its own work to every figure.
    env: { ...process.env, RATE_LIMIT_MULTIPLIER: '1000', OTEL_EXPORTER_OTLP_ENDPOINT: process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '' },
  });
  for (let i = 0; i < 360 && !(await isUp()); i++) await sleep(500);
  if (!(await isUp())) throw new Error('the product did not come up within 3 minutes');
  await sleep(2000); // let start-up work settle before measuring idle memory
  return child;
}

function summary(name, result) {
  return {
    scenario: name,
    'req/s': Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    total: result.requests.total,
  };
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration, connections, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Per scenario, the median of each figure over its runs (the runs themselves when there is one). */
function medianRows(rows) {
  const median = (values) => {
    const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
    return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
  };
  const scenarios = [...new Set(rows.map((r) => r.scenario))];
  return scenarios.map((scenario) => {
    const runs = rows.filter((r) => r.scenario === scenario);
    const keys = Object.keys(runs[0]).filter((k) => k !== 'scenario' && k !== 'round');
    return { scenario, ...Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) };
  });
}

/** Opens one session per connection: session cookie, XSRF cookie and the header value. */
async function openSessions(count, linesPerCart = 0) {
  const sessions = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${args.url}/api/cart`);
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '');
    const headers = { cookie: cookies.join('; '), 'x-xsrf-token': xsrf, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
    for (const productId of [107, 201].slice(0, linesPerCart)) {
      await fetch(`${args.url}/api/cart/add`, { method: 'POST', headers, body: JSON.stringify({ product_id: productId, quantity: 1 }) });
    }
    sessions.push(headers);
  }
  return sessions;
}

function perConnection(sessions) {
  let next = 0;
  return (client) => client.setHeaders(sessions[next++ % sessions.length]);
}

/** 50 concurrent request loops straight to catalog-cart over NATS (Nest's packet format). */
async function benchNats() {
  const nc = await connect({ servers: args.nats });
  const payload = new TextEncoder().encode(JSON.stringify({ pattern: 'catalog-cart.products.list', data: {}, id: '1' }));
  const latencies = [];
  let errors = 0;
  const end = Date.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        try {
          await nc.request('catalog-cart.products.list', payload, { timeout: 5000 });
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  await nc.close();
  latencies.sort((a, b) => a - b);
  const pick = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100;
  return { scenario: 'products-nats', 'req/s': Math.round(latencies.length / duration), p50_ms: pick(0.5), p99_ms: pick(0.99), errors, total: latencies.length };
}

const started = await ensureProduct();
try {
  const idle = residentMemory();
  const rows = [];
  /** CPU milliseconds per order in each process, per order scenario. */
  const cpuRows = [];
  /** CPU milliseconds per request in each process, per read scenario. */
  const requestCpuRows = [];
  const requestCpu = (row, before) => {
    const cpu = cpuPerUnit(before, cpuSnapshot(), row.total);
    if (cpu) requestCpuRows.push({ ...(repeat > 1 ? { round } : {}), scenario: row.scenario, ...cpu });
  };
  /** Keeps a scenario's figures and prints them at once (the table comes again at the end). */
  let round = 1;
  const record = (row) => {
    const numbered = repeat > 1 ? { round, ...row } : row;
    console.log(JSON.stringify(numbered));
    rows.push(numbered);
  };
  for (; round <= repeat; round++) {
    if (wanted('products')) {
      // Like browsers, each connection sends back the cookies of its first answer.
      const sessions = await openSessions(connections);
      const before = cpuSnapshot();
      const row = summary('products', await run({ url: `${args.url}/api/products`, setupClient: perConnection(sessions) }));
      record(row);
      requestCpu(row, before);
    }
    if (wanted('products-nats')) {
      const before = cpuSnapshot();
      const row = await benchNats();
      record(row);
      requestCpu(row, before);
    }
    if (wanted('cart-add')) {
      const sessions = await openSessions(connections);
      record(
        summary(
          'cart-add',
          await run({
            url: `${args.url}/api/cart/add`,
            method: 'POST',
            body: JSON.stringify({ product_id: 107, quantity: 1, update: true }),
            setupClient: perConnection(sessions),
          }),
        ),
      );
    }
    if (wanted('cart-read')) {
      const sessions = await openSessions(connections, 2);
      record(summary('cart-read', await run({ url: `${args.url}/api/cart`, setupClient: perConnection(sessions) })));
    }
    for (const method of ['free', 'card']) {
      if (!wanted(`orders-${method}`)) continue;
      const { cpu_ms_per_order: cpu, ...row } = await benchOrders({
        baseUrl: args.url,
        natsUrl: args.nats,
        databaseUrl: args.database,
        connections: Number(args['order-connections']),
        durationSeconds: duration,
        method,
      });
      record(row);
      if (cpu) cpuRows.push({ ...(repeat > 1 ? { round } : {}), scenario: row.scenario, ...cpu });
    }
  }
  if (wanted('shares')) {
    for (const row of await benchShares({ baseUrl: args.url, natsUrl: args.nats, mailUrl: args.mail })) {
      console.log(JSON.stringify(row));
      rows.push(row);
    }
  }

  if (wanted('learning')) {
    const { rows: learningRows, cpu } = await benchLearning({ baseUrl: args.url, natsUrl: args.nats, connections, durationSeconds: duration });
    for (const row of learningRows) {
      console.log(JSON.stringify(row));
      rows.push(row);
    }
    requestCpuRows.push(...cpu);
  }
  if (wanted('exams')) {
    const { rows: examRows, cpu } = await benchExams({ natsUrl: args.nats, databaseUrl: args.database, redisUrl: args.redis });
    for (const row of examRows) {
      console.log(JSON.stringify(row));
      rows.push(row);
    }
    requestCpuRows.push(...cpu);
  }
  if (wanted('web')) {
    for (const row of await benchWeb({ baseUrl: args.url })) {
      console.log(JSON.stringify(row));
      rows.push(row);
    }
  }
  const loaded = residentMemory();
  console.log(
    `\nLoad: ${connections} connections (orders: ${args['order-connections']} buyers), ${duration} s per scenario, on ${(await import('node:os')).cpus().length} cores`,
  );
  console.table(rows);
  const medians = medianRows(rows);
  if (repeat > 1) {
    console.log(`\nMedian of ${repeat} runs:`);
    console.table(medians);
  }
  const products = medians.find((r) => r.scenario === 'products');
  const direct = medians.find((r) => r.scenario === 'products-nats');
  if (products && direct) {
    console.log(`gateway path / direct NATS path: ${Math.round((100 * products['req/s']) / direct['req/s'])} %`);
  }
  if (cpuRows.length) {
    console.log('\nCPU per paid order (ms), background work included (measured once the e-mails were out):');
    console.table(cpuRows);
    if (repeat > 1) {
      console.log(`Median of ${repeat} rounds, each process on its own (the total is the median of the totals):`);
      console.table(medianRows(cpuRows));
    }
  }
  if (requestCpuRows.length) {
    console.log('\nCPU per request (ms):');
    console.table(requestCpuRows);
  }
  // A process gives back what the load grew once it has been quiet a few seconds (IdleMemoryRelease).
  await sleep(Number(args.settle) * 1000);
  const settled = residentMemory();
  console.log(`\nMemory (MB): resident (rss) and proportional (pss: shared code split between the processes); idle, right after the load, ${args.settle} s later`);
  console.table(
    APPS.map((app) => ({
      process: app,
      idle_rss: idle[app]?.rss,
      idle_pss: idle[app]?.pss,
      after_load_rss: loaded[app]?.rss,
      settled_rss: settled[app]?.rss,
      settled_pss: settled[app]?.pss,
    })),
  );
} finally {
  if (started) {
    process.kill(-started.pid, 'SIGINT');
    await sleep(3000);
  }
}
