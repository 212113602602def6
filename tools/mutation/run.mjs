// `npm run test:mutation [-- <part>...]`: mutation testing of the money path, on demand (not in
// CI). Parts, in this order by default:
//   payment-completion  StrykerJS on apps/payments/src/attempts/payment-completion.service.ts
//   voucher-store       StrykerJS on apps/catalog-cart/src/vouchers/voucher-store.ts
//   tables              the transition tables and the voucher row lock (table-mutants.mjs)
// Each Stryker part fails below an 85 % mutation score (stryker.config.mjs); reports go to
// tmp/mutation/<part>.html and .json. Needs the same Postgres, Redis and NATS as `npm test`.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TARGETS } from './stryker.config.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const parts = ['payment-completion', 'voucher-store', 'tables'];
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : parts;
const unknown = chosen.filter((p) => !parts.includes(p));
if (unknown.length) {
  console.error(`unknown part(s) ${unknown.join(', ')}; choose among ${parts.join(', ')}`);
  process.exit(2);
}

function run(args, env = {}) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  return new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit(code ?? (signal ? 1 : 0))));
}

const failed = [];
for (const part of chosen) {
  console.log(`\n=== ${part} ===`);
  const code =
    part in TARGETS
      ? await run([join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'), 'run', 'tools/mutation/stryker.config.mjs'], { MUTATION_TARGET: part })
      : await run([join(root, 'tools/mutation/table-mutants.mjs')]);
  if (code !== 0) failed.push(part);
}
console.log(failed.length ? `\nbelow target or surviving mutants: ${failed.join(', ')}` : '\nevery part reached its target');
process.exit(failed.length ? 1 : 0);
