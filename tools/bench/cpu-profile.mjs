// CPU profiles of the running product under a bench, start-up left out (docs/performance.md).
//   NODE_OPTIONS="--import ./tools/bench/cpu-profile.mjs" RATE_LIMIT_MULTIPLIER=1000 npm start
//   node tools/bench/cpu-profile.mjs signal     starts the profiler in every app process
//   npm run bench -- --only orders-free,orders-card --duration 20
//   node tools/bench/cpu-profile.mjs signal     writes <app>-<pid>.cpuprofile into CPU_PROFILE_DIR
//   node tools/bench/cpu-profile.mjs summary <file.cpuprofile>
// Preloaded into an app process, SIGUSR2 starts V8's sampling profiler and the next SIGUSR2 writes
// the profile (`--cpu-prof` is not allowed in NODE_OPTIONS, and would include the start-up). The
// app processes are found through `npm start`'s control port, never by name: test runs on the same
// machine start the same apps, without this handler, and SIGUSR2 would end them.
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const app = /dist\/apps\/([a-z-]+)\/src\/main\.js/.exec(process.argv[1] ?? '')?.[1];
const asCommand = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;

if (app) {
  const session = new Session();
  session.connect();
  let profiling = false;
  process.on('SIGUSR2', () => {
    profiling = !profiling;
    if (profiling) return session.post('Profiler.enable', () => session.post('Profiler.start'));
    session.post('Profiler.stop', (error, result) => {
      if (error) return console.error(`cpu-profile: ${error.message}`);
      const file = join(process.env.CPU_PROFILE_DIR ?? tmpdir(), `${app}-${process.pid}.cpuprofile`);
      writeFileSync(file, JSON.stringify(result.profile));
      console.error(`cpu-profile: written to ${file}`);
    });
  });
} else if (asCommand && process.argv[2] === 'signal') {
  const port = process.env.START_CONTROL_PORT ?? 3099;
  const replicas = await (await fetch(`http://127.0.0.1:${port}/replicas`)).json();
  for (const { label, pid } of replicas) {
    if (!pid) continue;
    process.kill(pid, 'SIGUSR2');
    console.log(`SIGUSR2 → ${label} (${pid})`);
  }
} else if (asCommand && process.argv[2] === 'summary') {
  summary(JSON.parse(readFileSync(process.argv[3], 'utf8')));
} else if (asCommand) {
  console.error('usage: node tools/bench/cpu-profile.mjs signal | summary <file.cpuprofile>');
  process.exit(2);
}

/** Self time by package and by function, busy time only, and who makes the socket writes. */
function summary(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((c) => [c, n.id])));
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const place = ({ url, functionName }) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? /dist\/(.*)\/[^/]+$/.exec(url)?.[1] ?? (url ? url.replace(/^.*\//, '') : functionName);
  const frame = ({ url, functionName, lineNumber }) => `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|dist)\//, '')}:${lineNumber}`;
  const byPlace = new Map();
  const byFunction = new Map();
  const writers = new Map();
  let busy = 0;
  for (const [id, time] of self) {
    const { callFrame } = nodes.get(id);
    if (callFrame.functionName === '(idle)') continue;
    busy += time;
    byPlace.set(place(callFrame), (byPlace.get(place(callFrame)) ?? 0) + time);
    byFunction.set(frame(callFrame), (byFunction.get(frame(callFrame)) ?? 0) + time);
    if (/^(writeBuffer|writev|writeUtf8String|writeString)$/.test(callFrame.functionName)) {
      // The first caller outside Node's own streams: the library that asked for the write.
      let parent = parents.get(id);
      while (parent !== undefined && !nodes.get(parent).callFrame.url.includes('/node_modules/') && !nodes.get(parent).callFrame.url.includes('/dist/')) parent = parents.get(parent);
      const key = parent === undefined ? '(unknown)' : frame(nodes.get(parent).callFrame);
      writers.set(key, (writers.get(key) ?? 0) + time);
    }
  }
  const top = (title, map, count) => {
    console.log(`\n${title}`);
    for (const [key, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`${((100 * time) / busy).toFixed(1).padStart(6)} %  ${key}`);
  };
  console.log(`busy ${(busy / 1000).toFixed(0)} ms of ${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms profiled`);
  top('self time by package or folder', byPlace, 20);
  top('self time by function', byFunction, 20);
  top('socket writes (system calls) by the code that asked for them', writers, 10);
}
