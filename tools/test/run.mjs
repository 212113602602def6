// `npm test [-- jest args]`: every Jest project (root jest.config.mjs) on the Node of npm's PATH,
// with ES module support, then one plain summary line "N passed, N failed"; exits with Jest's code.
// `npm test` runs the main browser journeys only (apps/web-e2e/jest.config.mjs names them);
// `npm test -- --journeys` (or `npm run test:journeys`) runs every browser journey and nothing else.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureLocalServers } from '../dev/local-servers.mjs';
import { prepareTestServers } from './test-servers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const allJourneys = process.argv.includes('--journeys');
const args = process.argv.slice(2).flatMap((arg) => (arg === '--journeys' ? ['--selectProjects', 'web-e2e'] : [arg]));

/** Runs `node <script> <args>` in the repository root; resolves to its exit code. */
function runNode(script, scriptArgs, env = process.env) {
  const child = spawn(process.execPath, [script, ...scriptArgs], { cwd: root, env, stdio: 'inherit' });
  // Ctrl-C reaches the child too (same process group); wait for it to finish its clean-up.
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolveExit) => {
    child.once('error', (error) => {
      console.error(`cannot run ${script}: ${error.message}`);
      resolveExit(1);
    });
    child.once('exit', (code, signal) => resolveExit(code ?? (signal ? 1 : 0)));
  });
}

// A fresh machine: PostgreSQL, Redis and NATS that do not answer are started, in throwaway
// containers where a Docker daemon answers, else from the Debian packages (tools/test/test-servers.mjs).
const servers = await prepareTestServers(
  {
    postgres: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    redis: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    nats: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  },
  { ensureLocal: (urls) => ensureLocalServers(urls) },
);
for (const line of servers.done) console.log(`started ${line}`);

const nodeOptions = [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ');
const outDir = mkdtempSync(join(tmpdir(), 'aero-jest-'));
const resultsFile = join(outDir, 'results.json');
const code = await runNode(join(root, 'node_modules/jest/bin/jest.js'), ['--json', `--outputFile=${resultsFile}`, ...args], {
  ...process.env,
  ...servers.env,
  NODE_OPTIONS: nodeOptions,
  ...(allJourneys ? { JOURNEYS: 'all' } : {}),
});
await servers.stop();

let passed = 0;
let failed = 0;
if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed = results.numPassedTests;
  // A test file that cannot even load (syntax error, failing beforeAll import) has no failed
  // test but is a failure all the same.
  failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
} else if (code !== 0) {
  console.error('jest wrote no results: it stopped before running the tests (see above)');
}
rmSync(outDir, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(code);
