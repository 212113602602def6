// CPU time of the product's processes, read from /proc (Linux), so a scenario can say what one
// unit of work (an order) costs in each process: on a machine where every process shares the
// cores, this is what bounds the throughput.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100;

/** Process groups measured: the apps by their dist entry point, the servers by command name. */
const GROUPS = [
  ...['gateway', 'catalog-cart', 'payments', 'accounts-invitations', 'notifications', 'sharing-organize', 'exams'].map((app) => ({
    name: app,
    pattern: `dist/apps/${app}/src/main.js`,
  })),
  { name: 'maildev', pattern: 'maildev' },
  { name: 'postgres', pattern: '^postgres' },
  { name: 'nats-server', pattern: 'nats-server' },
  { name: 'redis-server', pattern: 'redis-server' },
];

function pidsOf(pattern) {
  try {
    return execFileSync('pgrep', ['-f', pattern]).toString().trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/** utime + stime of a process in clock ticks; 0 once it has gone. */
function ticksOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** CPU ticks per process group and per pid (pids that appear or vanish between two snapshots count from 0). */
export function cpuSnapshot() {
  const snapshot = {};
  for (const group of GROUPS) {
    snapshot[group.name] = Object.fromEntries(pidsOf(group.pattern).map((pid) => [pid, ticksOf(pid)]));
  }
  return snapshot;
}

/** Milliseconds of CPU per unit in each group between two snapshots, plus their total; null without /proc. */
export function cpuPerUnit(before, after, units) {
  if (!units) return null;
  const row = {};
  let total = 0;
  for (const group of GROUPS) {
    const ticks = Object.entries(after[group.name] ?? {}).reduce((sum, [pid, t]) => sum + t - (before[group.name]?.[pid] ?? 0), 0);
    const ms = (ticks * 1000) / CLOCK_TICKS_PER_SECOND / units;
    if (ms >= 0.05) row[group.name] = Math.round(ms * 10) / 10;
    total += ms;
  }
  row.total = Math.round(total * 10) / 10;
  return row;
}
