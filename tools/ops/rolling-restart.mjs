// `node tools/ops/rolling-restart.mjs [--only gateway,payments]`: restarts every process of a
// running `npm start` (all its replicas: `npm start -- --replicas N`) one after another, each with
// a graceful drain (SIGTERM: readiness down, no new requests, running requests, events and jobs
// finished, then exit), waiting for the new process to be ready before the next. It talks to the
// control port of `npm start` on loopback (START_CONTROL_PORT, 3099). With one replica an app is
// unavailable while its process restarts (callers retry a call that finds nobody for 1 s); with
// two or more, another replica serves meanwhile. See docs/operations.md.
import { parseArgs } from 'node:util';
import { rollingRestart } from './rolling.mjs';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: '' },
    'control-port': { type: 'string', default: process.env.START_CONTROL_PORT ?? '3099' },
    'ready-timeout': { type: 'string', default: '120' },
  },
});
const control = `http://127.0.0.1:${args['control-port']}`;
const started = performance.now();
const log = (line) => console.log(`[rolling-restart ${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`);

let replicas;
try {
  const res = await fetch(`${control}/replicas`);
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  replicas = await res.json();
} catch (error) {
  console.error(`✖ no \`npm start\` answers on its control port ${control} (${error.cause?.code ?? error.message}). Start the product first.`);
  process.exit(1);
}
const only = args.only ? new Set(args.only.split(',')) : null;
const chosen = replicas.filter((r) => !only || only.has(r.app) || only.has(r.label));
if (!chosen.length) {
  console.error(`✖ nothing to restart; the processes are: ${replicas.map((r) => r.label).join(', ')}`);
  process.exit(1);
}
log(`restarting ${chosen.length} processes: ${chosen.map((r) => r.label).join(', ')}`);

try {
  const rows = await rollingRestart(replicas, {
    restarting: chosen,
    log,
    readyTimeoutMs: Number(args['ready-timeout']) * 1000,
    restart: async (replica) => {
      const res = await fetch(`${control}/replicas/${encodeURIComponent(replica.label)}/restart`, { method: 'POST' });
      const body = await res.json().catch(() => ({}));
      if (res.status !== 200) throw new Error(`${replica.label}: the restart was refused (HTTP ${res.status}: ${body.error ?? ''})`);
    },
  });
  console.table(rows);
  log(`done: ${rows.length} processes restarted`);
} catch (error) {
  console.error(`✖ rolling restart stopped: ${error.message}`);
  process.exit(1);
}
