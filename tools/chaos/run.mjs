// `npm run test:chaos`: kills and restarts processes and servers under load and proves nothing is
// lost or done twice. It builds the product and runs it against its own NATS, Redis and
// PostgreSQL on free ports (servers.mjs), never the shared servers of the default ports.
//   npm run test:chaos                       the full suite (before a release; about 25 minutes)
//   npm run test:chaos -- --short            the short version CI runs (about 8 minutes)
//   npm run test:chaos -- --only kill-consumer,duplicate-callbacks
//   npm run test:chaos -- --short --only rolling-restart   (2 replicas of everything, one of each restarted)
// Each case prints its figures as one JSON line; the summary table comes at the end. The exit
// code is 1 when any case found a problem. Logs of every process: the directory printed first.
import pg from 'pg';
import { parseArgs } from 'node:util';
import { duplicateCallbacks } from './cases/duplicate-callbacks.mjs';
import { killConsumer } from './cases/kill-consumer.mjs';
import { killPayments } from './cases/kill-payments.mjs';
import { mixedLoad } from './cases/mixed-load.mjs';
import { restartNats } from './cases/restart-nats.mjs';
import { restartPostgres } from './cases/restart-postgres.mjs';
import { restartRedis, restartRedisEmpty } from './cases/restart-redis.mjs';
import { rollingRestartCase } from './cases/rolling-restart.mjs';
import { MailCatcher } from './mail-catcher.mjs';
import { startProduct } from './product.mjs';
import { startServers } from './servers.mjs';

const { values: args } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
  },
});

/** How big each case is: the full suite, and the short one CI runs. */
const PROFILES = {
  full: {
    name: 'full',
    // kill-consumer: events sent while notifications is killed; how long they may take to drain.
    events: 10_000,
    drainTimeoutMs: 600_000,
    // restart-nats, restart-postgres: buyers paying card orders, for how long, the outage.
    orderBuyers: 20,
    ordersSeconds: 90,
    downSeconds: 5,
    // restart-postgres, restart-redis: load before the outage and after the restart.
    warmSeconds: 20,
    afterSeconds: 20,
    // restart-redis: buyers browsing, e-mails asked for a second; restart-redis-empty: e-mails
    // asked for at once right before the kill (queued in Redis when its data goes).
    browsers: 10,
    emailsPerSecond: 20,
    burstBeforeKill: 1000,
    // duplicate-callbacks: provider returns sent at once.
    duplicates: 50,
    // mixed-load: buyers, duration, warm-up, whether memory growth fails the case, think time,
    // and a payment every `payEvery` rounds of browsing.
    loadUsers: 200,
    loadSeconds: 600,
    warmUpSeconds: 240,
    memoryJudged: true,
    thinkMs: 1000,
    payEvery: 5,
    // rolling-restart: buyers, their load before and after the restarts, whether every process is
    // restarted (or one replica of each app, the other serving), how many apps restart at once.
    rollingBuyers: 20,
    rollingWarmSeconds: 20,
    rollingAfterSeconds: 20,
    rollingEveryReplica: true,
    rollingParallel: 1,
  },
  short: {
    name: 'short',
    events: 2_000,
    drainTimeoutMs: 180_000,
    orderBuyers: 10,
    ordersSeconds: 20,
    downSeconds: 3,
    warmSeconds: 8,
    afterSeconds: 8,
    browsers: 5,
    emailsPerSecond: 20,
    burstBeforeKill: 500,
    duplicates: 50,
    // mixed-load: 20 s (paying every 3rd round, so that payments are still part of it) makes room
    // for rolling-restart in CI's 20 minutes.
    loadUsers: 200,
    loadSeconds: 20,
    warmUpSeconds: 5,
    memoryJudged: false,
    thinkMs: 1000,
    payEvery: 3,
    // rolling-restart within 90 s: one replica of each app restarted, the six services at once
    // (as `kubectl rollout restart` of every Deployment would), then the gateway. A process takes
    // 15 to 20 s to start on the 2-core CI machine: 3 at a time took 94 s in all, over the 90 s.
    rollingBuyers: 6,
    rollingWarmSeconds: 4,
    rollingAfterSeconds: 4,
    rollingEveryReplica: false,
    rollingParallel: 6,
  },
};

const CASES = [
  ['kill-consumer', killConsumer],
  ['kill-payments', killPayments],
  ['restart-nats', restartNats],
  ['restart-postgres', restartPostgres],
  ['restart-redis', restartRedis],
  ['restart-redis-empty', restartRedisEmpty],
  ['duplicate-callbacks', duplicateCallbacks],
  ['mixed-load', mixedLoad],
  ['rolling-restart', rollingRestartCase],
];
const profile = args.short ? PROFILES.short : PROFILES.full;
const only = args.only ? new Set(args.only.split(',')) : null;
const unknown = only ? [...only].filter((name) => !CASES.some(([n]) => n === name)) : [];
if (unknown.length) {
  console.error(`unknown case(s): ${unknown.join(', ')}; the cases are ${CASES.map(([n]) => n).join(', ')}`);
  process.exit(2);
}

const started = performance.now();
const log = (line) => console.log(`[chaos ${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`);

const results = [];
let servers;
let product;
let mail;
let db;
let exitCode = 0;
try {
  log(`profile ${profile.name}: starting private NATS, Redis and PostgreSQL`);
  servers = await startServers();
  log(`servers up (${servers.urls.nats}, ${servers.urls.redis}, ${servers.urls.postgres}); logs in ${servers.dir}/logs`);
  mail = await new MailCatcher().start();
  product = await startProduct({ servers, smtpPort: mail.port, dir: servers.dir, log });
  log(`product up at ${product.url}`);
  db = new pg.Pool({ connectionString: `${product.databaseUrl}?application_name=chaos-suite`, max: 3 });
  // A query that meets a Postgres restart fails; the pool itself must not crash the suite.
  db.on('error', () => undefined);

  for (const [name, runCase] of CASES) {
    if (only && !only.has(name)) continue;
    await product.waitAllHealthy();
    log(`case ${name}: start`);
    const caseStarted = performance.now();
    let outcome;
    try {
      outcome = await runCase({ servers, product, mail, db, profile, log });
    } catch (error) {
      outcome = { figures: {}, problems: [`the case failed to run: ${error.stack ?? error}`] };
    }
    const seconds = Math.round((performance.now() - caseStarted) / 100) / 10;
    const result = { case: name, ok: outcome.problems.length === 0, seconds, ...outcome.figures };
    results.push({ ...result, problems: outcome.problems });
    console.log(JSON.stringify(result));
    for (const problem of outcome.problems) log(`case ${name}: PROBLEM: ${problem}`);
    log(`case ${name}: ${result.ok ? 'passed' : 'FAILED'} in ${seconds} s`);
  }
} catch (error) {
  console.error(`chaos suite could not run: ${error.stack ?? error}`);
  exitCode = 1;
} finally {
  await db?.end().catch(() => undefined);
  await product?.stop().catch((error) => console.error(`stopping the product: ${error.message}`));
  await mail?.stop().catch(() => undefined);
  // The processes' logs stay for reading when something failed.
  const keepDir = exitCode !== 0 || results.some((r) => !r.ok);
  await servers?.stop({ keepDir });
  if (keepDir && servers) log(`logs kept in ${servers.dir}/logs`);
}

if (results.length) {
  console.log(`\nChaos suite (${profile.name}) in ${Math.round((performance.now() - started) / 1000)} s:`);
  console.table(results.map(({ problems, ...row }) => ({ case: row.case, ok: row.ok, seconds: row.seconds, problems: problems.length })));
}
const failed = results.filter((r) => !r.ok);
if (failed.length) exitCode = 1;
console.log(failed.length || exitCode ? `CHAOS FAILED: ${failed.map((r) => r.case).join(', ') || 'see above'}` : `CHAOS PASSED: ${results.length} cases`);
process.exit(exitCode);
