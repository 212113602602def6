// `npm start`: the whole product on one machine. Builds the Node apps and the web app, checks
// Postgres, Redis and NATS, creates the database, migrates every schema, then runs maildev,
// every service (seeding demo data) and the gateway as child processes with prefixed logs.
// Ctrl-C stops them all (SIGTERM, then SIGKILL after 5 s).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { colour, distMain, migrateServices, prepare, root, serviceNames } from './workspace.mjs';

const env = process.env;
const STOP_GRACE_MS = 5000;
const HEALTH_TIMEOUT_MS = Number(env.START_HEALTH_TIMEOUT_MS ?? 120_000);
const GATEWAY_PORT = Number(env.GATEWAY_PORT ?? 3000);
const GATEWAY_OPS_PORT = Number(env.GATEWAY_OPS_PORT ?? 3100);
const MAILDEV_SMTP_PORT = Number(env.MAILDEV_SMTP_PORT ?? 1025);
const MAILDEV_WEB_PORT = Number(env.MAILDEV_WEB_PORT ?? 1080);
const PALETTE = [colour.cyan, colour.magenta, colour.blue, colour.green, colour.yellow];

/** @type {Map<string, {child: import('node:child_process').ChildProcess, paint: (s: string) => string, exited: Promise<void>}>} */
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

/**
 * Environment of every app process. glibc: allocations from 128 KB up are always mapped and
 * given back when freed; otherwise its threshold grows and the 19 MB blocks of each password
 * hash stay in the heap (+80 MB resident in accounts-invitations after a few concurrent sign-ins).
 */
const APP_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

function run(label, args, extraEnv = {}) {
  const paint = PALETTE[children.size % PALETTE.length];
  // Own process group: Ctrl-C reaches only this runner, which then stops each child once.
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, ...APP_ENV, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  pipeLines(child.stdout, label, paint);
  pipeLines(child.stderr, label, paint, true);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      if (!stopping) {
        banner(colour.boldRed, [
          `✖ ${label} CRASHED (${signal ? `signal ${signal}` : `exit code ${code}`}) after ${elapsed()}.`,
          `  The other processes keep running. Its log lines are above; fix the cause and restart npm start.`,
        ]);
      }
      resolve();
    }),
  );
  child.once('error', (error) => console.error(colour.boldRed(`✖ ${label} could not be started: ${error.message}`)));
  children.set(label, { child, paint, exited });
  return children.get(label);
}

function signalGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

async function stopAll(reason) {
  if (stopping) return;
  stopping = true;
  console.log(colour.bold(`\n${reason}: stopping ${children.size} processes (SIGTERM, SIGKILL after ${STOP_GRACE_MS / 1000} s)...`));
  for (const { child } of children.values()) signalGroup(child, 'SIGTERM');
  const killer = setTimeout(() => {
    for (const [label, { child }] of children) {
      if (child.exitCode === null && child.signalCode === null) {
        console.log(colour.yellow(`${label} did not stop within ${STOP_GRACE_MS / 1000} s: SIGKILL`));
        signalGroup(child, 'SIGKILL');
      }
    }
  }, STOP_GRACE_MS);
  await Promise.all([...children.values()].map((c) => c.exited));
  clearTimeout(killer);
  console.log(colour.bold('all processes stopped'));
  process.exit(0);
}

process.on('SIGINT', () => void stopAll('SIGINT'));
process.on('SIGTERM', () => void stopAll('SIGTERM'));
// Last resort if the runner itself dies: never leave children holding the ports.
process.on('exit', () => {
  for (const { child } of children.values()) signalGroup(child, 'SIGKILL');
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
    if (!entry || entry.child.exitCode !== null || entry.child.signalCode !== null) return { label, ok: false, why: 'process exited' };
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
  .map((d) => ({ name: d.name, port: Number(env[d.portVariable] ?? d.defaultPort), portVariable: d.portVariable }));
if (!gatewayBuilt) console.warn(colour.yellow('⚠ gateway: dist/apps/gateway/src/main.js is missing, the shop (port 3000) will not run'));

const ports = [
  ['MAILDEV_SMTP_PORT', MAILDEV_SMTP_PORT],
  ['MAILDEV_WEB_PORT', MAILDEV_WEB_PORT],
  ...services.map((s) => [s.portVariable, s.port]),
  ...(gatewayBuilt ? [['GATEWAY_PORT', GATEWAY_PORT], ['GATEWAY_OPS_PORT', GATEWAY_OPS_PORT]] : []),
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
  await migrateServices(definitions.filter((d) => services.some((s) => s.name === d.name)), config.DATABASE_URL);
} catch (error) {
  console.error(colour.boldRed(`✖ migration failed: ${error.stack ?? error}`));
  process.exit(1);
}

/**
 * V8 flags of every app process. A 2 MB young generation keeps each idle process well under
 * 150 MB resident (the default 16 MB semi-spaces hold start-up garbage: 170+ MB), at a small
 * cost in scavenges under load (see tools/bench). Source maps in stack traces cost about 20 MB
 * a process: on with NODE_SOURCE_MAPS=1.
 */
const NODE_FLAGS = ['--max-semi-space-size=2', ...(process.env.NODE_SOURCE_MAPS === '1' ? ['--enable-source-maps'] : [])];

labelWidth = Math.max('maildev'.length, 'gateway'.length, ...services.map((s) => s.name.length));
const webBuild = buildWeb();

const maildev = maildevBin();
if (maildev) {
  run('maildev', [maildev, '--smtp', String(MAILDEV_SMTP_PORT), '--web', String(MAILDEV_WEB_PORT), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1']);
} else {
  console.warn(colour.yellow('⚠ maildev is not installed (workspace tools/mailcatcher): run npm ci. E-mails will not be caught.'));
}
for (const service of services) {
  run(service.name, [...NODE_FLAGS, distMain(service.name)], { SEED_DEMO_DATA: 'true' });
}
const waits = [
  ...(maildev ? [waitHealthy('maildev', `http://127.0.0.1:${MAILDEV_WEB_PORT}/api/healthz`)] : []),
  ...services.map((s) => waitHealthy(s.name, `http://127.0.0.1:${s.port}/health`)),
];
// The gateway serves dist/apps/web, so it starts once the web build is over (passed or failed).
const webBuilt = await webBuild;
if (gatewayBuilt && !stopping) {
  run('gateway', [...NODE_FLAGS, distMain('gateway')]);
  // The gateway's /health covers the whole platform: a service that is not built (so not started
  // here) keeps it at 503, which must not hold the start-up for the full timeout.
  const notRunning = (await serviceNames()).filter((n) => !services.some((s) => s.name === n));
  waits.push(
    waitHealthy('gateway', `http://127.0.0.1:${GATEWAY_PORT}/health`, (status, body) => {
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
    ? `  Shop          ${url(GATEWAY_PORT)}${webBuilt ? '' : '   (web build missing or failed: API only)'}`
    : `  Shop          ${url(GATEWAY_PORT)}   (not running: the gateway is not built yet)`,
  ...(gatewayBuilt
    ? [
        `  API docs      ${url(GATEWAY_PORT, '/api/docs')}`,
        `  Health        ${url(GATEWAY_PORT, '/health')}`,
        `  Operations    ${url(GATEWAY_OPS_PORT, '/metrics')}   ${url(GATEWAY_OPS_PORT, '/api/docs')}   (gateway metrics, operators' API docs)`,
      ]
    : []),
  maildev ? `  SMTP catcher  ${url(MAILDEV_WEB_PORT)}   (SMTP on localhost:${MAILDEV_SMTP_PORT})` : '  SMTP catcher  not running',
  '',
  '  Services:',
  ...services.map((s) => `    ${s.name.padEnd(labelWidth)}  ${url(s.port, '/health')}   ${url(s.port, '/metrics')}`),
  '',
  ...(readmeDemoSection() ?? 'Demo accounts and vouchers: see README.md (demo data section).').split('\n').map((l) => `  ${l}`),
  '',
  '  Ctrl-C stops everything.',
];
banner(failed.length ? colour.yellow : colour.green, lines);
