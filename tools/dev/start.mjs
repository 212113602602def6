// `npm start`: the whole product on one machine. Builds the Node apps and the web app, checks
// Postgres, Redis and NATS, creates the database, migrates every schema, then runs maildev,
// every service (seeding demo data) and the gateway as child processes with prefixed logs.
// A process that crashes is started again by itself, with a back-off (tools/dev/supervisor.mjs).
// Ctrl-C stops them all (SIGTERM, then SIGKILL after 5 s).
//
// `npm start -- --replicas N` (or REPLICAS=N) runs N processes of every service and of the
// gateway: replica k (from 1) of a service serves /health and /metrics on its port + 100 × (k-1);
// the gateways share GATEWAY_PORT (SO_REUSEPORT) and each has its operations port + 100 × (k-1).
// A control port on loopback (START_CONTROL_PORT, 3099) lists the processes and restarts one on
// request: `node tools/ops/rolling-restart.mjs` uses it (docs/operations.md).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { Supervised, RESTART_POLICY } from './supervisor.mjs';
import { APP_ENV, colour, distMain, migrateServices, NODE_FLAGS, prepare, root, serviceNames } from './workspace.mjs';

// Settings from `.env` at the root (copy .env.example), for what the environment does not set itself.
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
const env = process.env;
const STOP_GRACE_MS = 5000;
/** How long a process restarted on purpose may drain before it is killed (its DRAIN_TIMEOUT_MS is 20 s). */
const STOP_DRAIN_MS = 45_000;
const HEALTH_TIMEOUT_MS = Number(env.START_HEALTH_TIMEOUT_MS ?? 120_000);
const GATEWAY_PORT = Number(env.GATEWAY_PORT ?? 3000);
// Every absolute address (e-mail links, payment return addresses) starts with PUBLIC_BASE_URL: by
// default the shop on this machine, wherever GATEWAY_PORT puts it.
env.PUBLIC_BASE_URL ||= `http://localhost:${GATEWAY_PORT}`;
const GATEWAY_OPS_PORT = Number(env.GATEWAY_OPS_PORT ?? 3100);
// Traces: every process sends its spans (OTLP/HTTP) to the first gateway's operations port, whose
// /traces shows them, unless OTEL_EXPORTER_OTLP_ENDPOINT names a collector (Jaeger, Tempo...) or
// is set empty (no spans sent: the processes' default outside npm start).
const LOCAL_TRACES_URL = `http://127.0.0.1:${GATEWAY_OPS_PORT}`;
env.OTEL_EXPORTER_OTLP_ENDPOINT ??= LOCAL_TRACES_URL;
env.OTEL_BSP_SCHEDULE_DELAY ??= '1000';
const MAILDEV_SMTP_PORT = Number(env.MAILDEV_SMTP_PORT ?? 1025);
const MAILDEV_WEB_PORT = Number(env.MAILDEV_WEB_PORT ?? 1080);
const PALETTE = [colour.cyan, colour.magenta, colour.blue, colour.green, colour.yellow];
const { values: cli } = parseArgs({ options: { replicas: { type: 'string' } }, strict: false });
const REPLICAS = Number(cli.replicas ?? env.REPLICAS ?? 1);
if (!Number.isInteger(REPLICAS) || REPLICAS < 1 || REPLICAS > 9) {
  console.error(colour.boldRed(`✖ --replicas (or REPLICAS) must be a whole number from 1 to 9, not ${cli.replicas ?? env.REPLICAS}`));
  process.exit(1);
}
/** Replica k (from 1) of an app uses its ports + REPLICA_PORT_STEP × (k-1) (not the shared GATEWAY_PORT). */
const REPLICA_PORT_STEP = 100;
const CONTROL_PORT = Number(env.START_CONTROL_PORT ?? 3099);
/** The label of replica k (from 1) of an app: the app's name alone when it runs once. */
const replicaLabel = (name, k) => (REPLICAS === 1 ? name : `${name}#${k}`);
/** @type {{ label: string, app: string, replica: number, readyUrl: string }[]} */
const replicas = [];

/** @type {Map<string, {supervised: Supervised, paint: (s: string) => string}>} */
const children = new Map();
let stopping = false;
let labelWidth = 12;

function elapsed() {
  return `${process.uptime().toFixed(1)} s`;
}

function banner(paint, lines) {
  const rule = paint('━'.repeat(72));
  console.log(`\n${rule}\n${lines.map((l) => paint(l)).join('\n')}\n${rule}\n`);
}

// ---------------------------------------------------------------------------------------------
// Log lines: pino JSON becomes "time LEVEL (context) msg {extra}", anything else is shown as is.

const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_PAINT = { 40: colour.yellow, 50: colour.red, 60: colour.boldRed, 10: colour.dim, 20: colour.dim };

function formatLogLine(line, label) {
  if (!line.startsWith('{')) return line;
  let record;
  try {
    record = JSON.parse(line);
  } catch {
    return line;
  }
  const { level, time, service, msg, context, err, trace, pid: _pid, hostname: _hostname, ...rest } = record;
  const at = time ? new Date(time) : new Date();
  const clock = `${at.toTimeString().slice(0, 8)}.${String(at.getMilliseconds()).padStart(3, '0')}`;
  const paint = LEVEL_PAINT[level] ?? ((s) => s);
  const who = service && service !== label ? `${service} ` : '';
  const ctx = context ? colour.dim(`(${context}) `) : '';
  const extra = Object.keys(rest).length ? ` ${colour.dim(JSON.stringify(rest))}` : '';
  let text = `${colour.dim(clock)} ${paint(LEVELS[level] ?? String(level))} ${who}${ctx}${paint(msg ?? '')}${extra}`;
  const stack = err?.stack ?? (typeof trace === 'string' ? trace : undefined);
  if (stack) text += `\n${colour.red(stack)}`;
  else if (err) text += ` ${colour.red(JSON.stringify(err))}`;
  return text;
}

function pipeLines(stream, label, paint, toStderr = false) {
  const prefix = `${paint(label.padEnd(labelWidth))} │ `;
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    const text = formatLogLine(line, label)
      .split('\n')
      .map((l) => prefix + l)
      .join('\n');
    (toStderr ? process.stderr : process.stdout).write(`${text}\n`);
  });
}

// ---------------------------------------------------------------------------------------------
// Child processes

const seconds = (ms) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** Runs an app process under supervision: prefixed log lines, and a restart with back-off after a crash. */
function run(label, args, extraEnv = {}) {
  const paint = PALETTE[children.size % PALETTE.length];
  const supervised = new Supervised({
    label,
    args,
    cwd: root,
    env: { ...env, ...APP_ENV, ...extraEnv },
    onSpawn: (child) => {
      pipeLines(child.stdout, label, paint);
      pipeLines(child.stderr, label, paint, true);
      child.once('error', (error) => console.error(colour.boldRed(`✖ ${label} could not be started: ${error.message}`)));
    },
    onCrash: ({ code, signal, upMs, delayMs, crashesInARow }) => {
      if (stopping) return;
      banner(colour.boldRed, [
        `✖ ${label} CRASHED (${signal ? `signal ${signal}` : `exit code ${code}`}) after ${seconds(upMs)} up, at ${elapsed()}.`,
        `  Restarting it in ${seconds(delayMs)} (crash ${crashesInARow} in a row: the delay doubles with each crash up to`,
        `  ${seconds(RESTART_POLICY.maxDelayMs)}, and is ${seconds(RESTART_POLICY.firstDelayMs)} again once it stays up ${seconds(RESTART_POLICY.resetAfterMs)}). The other processes keep running;`,
        `  its log lines are above.`,
      ]);
    },
    onRestart: (processNumber) => {
      if (!stopping) console.log(colour.yellow(`↻ ${label} restarted (process ${processNumber}, at ${elapsed()})`));
    },
  }).start();
  children.set(label, { supervised, paint });
}

/**
 * The control port (loopback only): `GET /replicas` lists every app process with its ready URL;
 * `POST /replicas/<label>/restart` drains that process (SIGTERM) and starts a new one at once,
 * answering once the new one is spawned (its readiness is for the caller to wait for).
 */
function startControlServer() {
  const server = createServer(async (req, res) => {
    const answer = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const list = () =>
      replicas.map((r) => ({ ...r, pid: children.get(r.label)?.supervised.child?.pid ?? null, running: Boolean(children.get(r.label)?.supervised.running) }));
    if (req.method === 'GET' && req.url === '/replicas') return answer(200, list());
    const restart = /^\/replicas\/([^/]+)\/restart$/.exec(req.url ?? '');
    if (req.method === 'POST' && restart) {
      const label = decodeURIComponent(restart[1]);
      const entry = children.get(label);
      if (!entry || !replicas.some((r) => r.label === label)) return answer(404, { error: `no process ${label}` });
      if (stopping) return answer(409, { error: 'stopping' });
      const before = entry.supervised.child?.pid ?? null;
      console.log(colour.yellow(`↻ ${label}: draining (SIGTERM) for a restart, at ${elapsed()}`));
      try {
        const child = await entry.supervised.restart({ killAfterMs: STOP_DRAIN_MS });
        return answer(200, { label, oldPid: before, pid: child?.pid ?? null });
      } catch (error) {
        return answer(500, { error: error.message });
      }
    }
    return answer(404, { error: 'GET /replicas, POST /replicas/<label>/restart' });
  });
  server.on('error', (error) => console.warn(colour.yellow(`⚠ control port ${CONTROL_PORT} not available (${error.message}): rolling restarts are off`)));
  server.listen(CONTROL_PORT, '127.0.0.1');
  server.unref();
}

async function stopAll(reason) {
  if (stopping) return;
  stopping = true;
  console.log(colour.bold(`\n${reason}: stopping ${children.size} processes (SIGTERM, SIGKILL after ${STOP_GRACE_MS / 1000} s)...`));
  const stopped = [...children.values()].map(({ supervised }) => supervised.stop('SIGTERM'));
  const killer = setTimeout(() => {
    for (const [label, { supervised }] of children) {
      if (supervised.running) {
        console.log(colour.yellow(`${label} did not stop within ${STOP_GRACE_MS / 1000} s: SIGKILL`));
        supervised.signal('SIGKILL');
      }
    }
  }, STOP_GRACE_MS);
  await Promise.all(stopped);
  clearTimeout(killer);
  console.log(colour.bold('all processes stopped'));
  process.exit(0);
}

process.on('SIGINT', () => void stopAll('SIGINT'));
process.on('SIGTERM', () => void stopAll('SIGTERM'));
// Last resort if the runner itself dies: never leave children holding the ports.
process.on('exit', () => {
  for (const { supervised } of children.values()) supervised.signal('SIGKILL');
});

// ---------------------------------------------------------------------------------------------
// Helpers

function portInUse(port) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * Polls `url` until it answers 200, or until `accept(status, body)` returns a note for another
 * answer; gives up when the process exits or after the timeout.
 */
async function waitHealthy(label, url, accept = () => null) {
  const entry = children.get(label);
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    // A crash is restarted (with a back-off); one that keeps crashing while starting is reported.
    if (!entry) return { label, ok: false, why: 'not started' };
    if (entry.supervised.crashesInARow >= 3) {
      return { label, ok: false, why: `crashed ${entry.supervised.crashesInARow} times in a row while starting (restarts go on, with a back-off)` };
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const body = await res.text();
      const note = res.status === 200 ? '' : accept(res.status, body);
      if (note !== null) {
        console.log(`${colour.green('✔')} ${label} healthy ${colour.dim(`(${elapsed()})`)}${note ? colour.yellow(` ${note}`) : ''}`);
        return { label, ok: true };
      }
      last = `HTTP ${res.status}: ${body.slice(0, 300)}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { label, ok: false, why: `not healthy after ${HEALTH_TIMEOUT_MS / 1000} s (${last})` };
}

/** The dotted paths of the innermost `{ status: 'down' }` parts of a health report. */
function downParts(report, path = []) {
  if (!report || typeof report !== 'object') return [];
  const inner = Object.entries(report).flatMap(([key, value]) => downParts(value, [...path, key]));
  if (inner.length) return inner;
  return report.status === 'down' && path.length ? [path.join('.')] : [];
}

/** The maildev package of the tools/mailcatcher workspace (hoisted or not). */
function maildevBin() {
  for (const dir of ['tools/mailcatcher/node_modules/maildev', 'node_modules/maildev']) {
    const pkgFile = join(root, dir, 'package.json');
    if (!existsSync(pkgFile)) continue;
    const { bin } = JSON.parse(readFileSync(pkgFile, 'utf8'));
    return join(root, dir, typeof bin === 'string' ? bin : bin.maildev);
  }
  return null;
}

/** Runs `npm run build:web`; resolves to true on success. Output is shown only on failure. */
function buildWeb() {
  if (!existsSync(join(root, 'apps/web/vite.config.ts'))) {
    console.warn(colour.yellow('⚠ web: apps/web/vite.config.ts does not exist yet; serving the API only'));
    return Promise.resolve(false);
  }
  const started = Date.now();
  const npmCli = env.npm_execpath;
  const [cmd, args] = npmCli ? [process.execPath, [npmCli, 'run', 'build:web']] : ['npm', ['run', 'build:web']];
  return new Promise((resolve) => {
    const { FORCE_COLOR: _force, ...plainEnv } = env;
    const child = spawn(cmd, args, { cwd: root, env: { ...plainEnv, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('error', (error) => (output += error.message));
    child.once('close', (code) => {
      if (code === 0) {
        console.log(`${colour.green('✔')} web app built into dist/apps/web ${colour.dim(`(${((Date.now() - started) / 1000).toFixed(1)} s)`)}`);
        return resolve(true);
      }
      const tail = stripVTControlCharacters(output)
        .split('\n')
        .filter((l) => !/^npm warn Unknown (user|env) config/.test(l))
        .slice(-40)
        .map((l) => (l.length > 240 ? `${l.slice(0, 240)}…` : l));
      banner(colour.boldRed, [
        `✖ WEB BUILD FAILED (npm run build:web, exit code ${code}). Continuing with the API only;`,
        '  the gateway serves the previous build in dist/apps/web, if any. Output:',
        ...tail.map((l) => `  ${l}`),
      ]);
      resolve(false);
    });
  });
}

/** The "Demo data" section of README.md (any heading mentioning demo), if the README has one. */
function readmeDemoSection() {
  const file = join(root, 'README.md');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = lines.findIndex((l) => /^#{1,6}\s.*demo/i.test(l));
  if (start < 0) return null;
  const depth = lines[start].match(/^#+/)[0].length;
  const end = lines.findIndex((l, i) => i > start && (l.match(/^(#+)\s/)?.[1].length ?? 99) <= depth);
  return lines.slice(start, end < 0 ? undefined : end).join('\n').trim();
}

// ---------------------------------------------------------------------------------------------
// Start-up

console.log(colour.bold('AeroMaint Academy: starting the platform (npm start)\n'));
const { config, definitions, failedBuilds } = await prepare();
const gatewayBuilt = !failedBuilds.includes('gateway') && existsSync(distMain('gateway'));

const services = definitions
  .filter((d) => {
    if (existsSync(distMain(d.name))) return true;
    console.warn(colour.yellow(`⚠ ${d.name}: ${distMain(d.name)} is missing, skipped`));
    return false;
  })
  .map((d) => ({ name: d.name, port: Number(env[d.portVariable] ?? d.defaultPort), portVariable: d.portVariable }))
  .flatMap((s) =>
    Array.from({ length: REPLICAS }, (_, i) => ({ ...s, label: replicaLabel(s.name, i + 1), replica: i + 1, port: s.port + REPLICA_PORT_STEP * i })),
  );
if (!gatewayBuilt) console.warn(colour.yellow('⚠ gateway: dist/apps/gateway/src/main.js is missing, the shop (port 3000) will not run'));

const ports = [
  ['MAILDEV_SMTP_PORT', MAILDEV_SMTP_PORT],
  ['MAILDEV_WEB_PORT', MAILDEV_WEB_PORT],
  ...services.map((s) => [s.portVariable, s.port]),
  ...(gatewayBuilt
    ? [['GATEWAY_PORT', GATEWAY_PORT], ...Array.from({ length: REPLICAS }, (_, i) => ['GATEWAY_OPS_PORT', GATEWAY_OPS_PORT + REPLICA_PORT_STEP * i])]
    : []),
  ['START_CONTROL_PORT', CONTROL_PORT],
];
const busy = [];
for (const [variable, port] of ports) if (await portInUse(port)) busy.push(`${port} (${variable})`);
if (busy.length) {
  console.error(colour.boldRed(`✖ ports already in use: ${busy.join(', ')}.`));
  console.error('  Is another `npm start` running? Stop it, or choose other ports with those variables.');
  process.exit(1);
}

// Migrating here, one schema after another, keeps the services from racing on a fresh database
// (concurrent CREATE EXTENSION in different schemas collide); the services then find nothing to do.
console.log(`migrating ${services.length} service schemas in ${new URL(config.DATABASE_URL).pathname.slice(1)}`);
try {
  await migrateServices(definitions.filter((d) => services.some((s) => s.name === d.name && s.replica === 1)), config.DATABASE_URL);
} catch (error) {
  console.error(colour.boldRed(`✖ migration failed: ${error.stack ?? error}`));
  process.exit(1);
}

labelWidth = Math.max('maildev'.length, replicaLabel('gateway', REPLICAS).length, ...services.map((s) => s.label.length));
const webBuild = buildWeb();

const maildev = maildevBin();
if (maildev) {
  run('maildev', [maildev, '--smtp', String(MAILDEV_SMTP_PORT), '--web', String(MAILDEV_WEB_PORT), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1']);
} else {
  console.warn(colour.yellow('⚠ maildev is not installed (workspace tools/mailcatcher): run npm ci. E-mails will not be caught.'));
}
for (const service of services) {
  run(service.label, [...NODE_FLAGS, distMain(service.name)], { SEED_DEMO_DATA: 'true', [service.portVariable]: String(service.port) });
  replicas.push({ label: service.label, app: service.name, replica: service.replica, readyUrl: `http://127.0.0.1:${service.port}/health` });
}
startControlServer();
const waits = [
  ...(maildev ? [waitHealthy('maildev', `http://127.0.0.1:${MAILDEV_WEB_PORT}/api/healthz`)] : []),
  ...services.map((s) => waitHealthy(s.label, `http://127.0.0.1:${s.port}/health`)),
];
// The gateway serves dist/apps/web, so it starts once the web build is over (passed or failed).
const webBuilt = await webBuild;
if (gatewayBuilt && !stopping) {
  // The gateways share GATEWAY_PORT (SO_REUSEPORT: the kernel spreads the connections); each has
  // its own operations port, where /metrics answering means it listens (its ready URL).
  for (let k = 1; k <= REPLICAS; k++) {
    const opsPort = GATEWAY_OPS_PORT + REPLICA_PORT_STEP * (k - 1);
    const label = replicaLabel('gateway', k);
    run(label, [...NODE_FLAGS, distMain('gateway')], { GATEWAY_REUSE_PORT: 'true', GATEWAY_OPS_PORT: String(opsPort) });
    replicas.push({ label, app: 'gateway', replica: k, readyUrl: `http://127.0.0.1:${opsPort}/metrics` });
    if (k > 1) waits.push(waitHealthy(label, `http://127.0.0.1:${opsPort}/metrics`));
  }
  // The gateway's /health covers the whole platform: a service that is not built (so not started
  // here) keeps it at 503, which must not hold the start-up for the full timeout.
  const notRunning = (await serviceNames()).filter((n) => !services.some((s) => s.name === n));
  waits.push(
    waitHealthy(replicaLabel('gateway', 1), `http://127.0.0.1:${GATEWAY_PORT}/health`, (status, body) => {
      let down;
      try {
        down = downParts(JSON.parse(body));
      } catch {
        return null;
      }
      const onlyAbsent = status === 503 && down.length > 0 && down.every((part) => notRunning.some((n) => part.split('.').includes(n)));
      return onlyAbsent ? `(its /health reports down only what is not running here: ${down.join(', ')})` : null;
    }),
  );
}
const results = await Promise.all(waits);
if (stopping) await new Promise(() => undefined);

const failed = results.filter((r) => !r.ok);
const url = (port, path = '') => `http://localhost:${port}${path}`;
const lines = [
  failed.length
    ? `AeroMaint Academy started with problems after ${elapsed()}:`
    : `AeroMaint Academy is running: everything healthy after ${elapsed()}`,
  ...failed.map((f) => `  ✖ ${f.label}: ${f.why}`),
  '',
  gatewayBuilt
    ? `  Shop          ${env.PUBLIC_BASE_URL}${webBuilt ? '' : '   (web build missing or failed: API only)'}`
    : `  Shop          ${env.PUBLIC_BASE_URL}   (not running: the gateway is not built yet)`,
  ...(gatewayBuilt
    ? [
        `  API docs      ${url(GATEWAY_PORT, '/api/docs')}`,
        `  Health        ${url(GATEWAY_PORT, '/health')}`,
        `  Operations    ${url(GATEWAY_OPS_PORT, '/metrics')}   ${url(GATEWAY_OPS_PORT, '/api/docs')}   (gateway metrics, operators' API docs)`,
        env.OTEL_EXPORTER_OTLP_ENDPOINT === LOCAL_TRACES_URL
          ? `  Traces        ${url(GATEWAY_OPS_PORT, '/traces')}   (each request's spans across the gateway and the services)`
          : `  Traces        ${env.OTEL_EXPORTER_OTLP_ENDPOINT ? `sent to ${env.OTEL_EXPORTER_OTLP_ENDPOINT}` : 'not sent (OTEL_EXPORTER_OTLP_ENDPOINT is empty)'}`,
      ]
    : []),
  maildev ? `  SMTP catcher  ${url(MAILDEV_WEB_PORT)}   (SMTP on localhost:${MAILDEV_SMTP_PORT})` : '  SMTP catcher  not running',
  '',
  `  Services${REPLICAS > 1 ? ` (${REPLICAS} replicas of each, and of the gateway)` : ''}:`,
  ...services.map((s) => `    ${s.label.padEnd(labelWidth)}  ${url(s.port, '/health')}   ${url(s.port, '/metrics')}`),
  '',
  `  Rolling restart   node tools/ops/rolling-restart.mjs   (control port ${CONTROL_PORT})`,
  '',
  ...(readmeDemoSection() ?? 'Demo accounts and vouchers: see README.md (demo data section).').split('\n').map((l) => `  ${l}`),
  '',
  '  Ctrl-C stops everything.',
];
banner(failed.length ? colour.yellow : colour.green, lines);
