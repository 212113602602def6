// Mutants StrykerJS cannot make, tried against the tests that must kill them:
//
// - every entry of the two transition tables (Stryker makes no mutants inside `as const`
//   literals): each source state of each transition removed, each other state added as a source,
//   and each other state put as the target;
// - the voucher row lock that makes reservations of a limited voucher wait for each other.
//
// `node tools/mutation/table-mutants.mjs [--only <regular expression>] [--list]`. Each mutant is applied to a
// copy of the repository in tmp/table-mutants (never to the working tree), the listed test files
// run (`--bail`, one worker), and the mutant is killed when they fail. The unmutated copy must pass
// first. Prints one line per mutant and a summary; exits 1 when a mutant survived that is not
// listed in EQUIVALENT below.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const sandbox = join(root, 'tmp/table-mutants');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const listOnly = args.includes('--list');
/** A run that takes longer than this counts as killed (a hang), as in Stryker. */
const RUN_TIMEOUT_MS = 10 * 60_000;

const PAYMENT_TESTS = [
  'apps/payments/test/payment-completion-rules.e2e-spec.ts',
  'apps/payments/test/bank-wire-wallet-free.e2e-spec.ts',
  'apps/payments/test/card-payments.e2e-spec.ts',
  'apps/payments/test/paypal-payments.e2e-spec.ts',
  'apps/payments/test/refunds.e2e-spec.ts',
  'apps/payments/test/orders.e2e-spec.ts',
  'apps/payments/test/order-expiry.e2e-spec.ts',
  'apps/payments/test/exactly-once.e2e-spec.ts',
];
const VOUCHER_TESTS = ['apps/catalog-cart/test/voucher-store-rules.e2e-spec.ts', 'apps/catalog-cart/test/cart-and-vouchers.e2e-spec.ts'];

const TABLES = [
  {
    file: 'apps/payments/src/attempts/attempt-state.ts',
    statuses: statusList('apps/payments/src/attempts/attempt-state.ts', 'ATTEMPT_STATUSES'),
    config: 'apps/payments/jest.config.mjs',
    tests: PAYMENT_TESTS,
  },
  {
    file: 'apps/payments/src/orders/order-state.ts',
    statuses: statusList('libs/contracts/src/payments/order.ts', 'ORDER_STATUSES'),
    config: 'apps/payments/jest.config.mjs',
    tests: PAYMENT_TESTS,
  },
];

/**
 * Mutants that no test can kill because the product never reaches the situation they change,
 * each with the reason. Keys are the mutant names printed by this script.
 */
const EQUIVALENT = {
  'attempt-state.ts fail: with source failed':
    'marks an attempt that already failed failed again: the status stays the same, no caller reads whether the call changed it',
  'attempt-state.ts cancel: with source canceled':
    'cancels an attempt already canceled again: the status stays the same, no caller reads whether the call changed it',
  'order-state.ts expire: with source payed':
    'paying an order clears its deadline (expires_at), and the expiry statement only touches an order whose deadline has passed',
  'order-state.ts expire: with source canceled':
    'cancelling an order clears its deadline (expires_at), and the expiry statement only touches an order whose deadline has passed',
};

/** The string array `const <name> = [...] as const` of a source file. */
function statusList(file, name) {
  const source = readFileSync(join(root, file), 'utf8');
  const match = source.match(new RegExp(`${name} = \\[([^\\]]*)\\] as const`));
  if (!match) throw new Error(`${name} not found in ${file}`);
  return [...match[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

/** One mutant per table entry change (see the header). */
function tableMutants(table) {
  const source = readFileSync(join(root, table.file), 'utf8');
  const entry = /^(\s*)(\w+): \{ from: \[([^\]]*)\], to: '(\w+)' \},$/gm;
  const mutants = [];
  for (const [line, indent, transition, fromList, to] of source.matchAll(entry)) {
    const from = [...fromList.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    const write = (sources, target) => `${indent}${transition}: { from: [${sources.map((s) => `'${s}'`).join(', ')}], to: '${target}' },`;
    const name = (change) => `${table.file.split('/').pop()} ${transition}: ${change}`;
    for (const s of from) mutants.push({ name: name(`without source ${s}`), file: table.file, find: line, replace: write(from.filter((x) => x !== s), to) });
    for (const s of table.statuses.filter((x) => !from.includes(x))) {
      mutants.push({ name: name(`with source ${s}`), file: table.file, find: line, replace: write([...from, s], to) });
    }
    for (const t of table.statuses.filter((x) => x !== to)) mutants.push({ name: name(`to ${t}`), file: table.file, find: line, replace: write(from, t) });
  }
  return mutants.map((m) => ({ ...m, config: table.config, tests: table.tests }));
}

const MUTANTS = [
  ...TABLES.flatMap(tableMutants),
  {
    name: 'voucher-store.ts lockForUpdate without FOR UPDATE',
    file: 'apps/catalog-cart/src/vouchers/voucher-store.ts',
    find: '`${SELECT_VOUCHER} WHERE code = $1 AND active FOR UPDATE`',
    replace: '`${SELECT_VOUCHER} WHERE code = $1 AND active`',
    config: 'apps/catalog-cart/jest.config.mjs',
    tests: VOUCHER_TESTS,
  },
  {
    name: 'vouchers.service.ts reserve without the voucher row lock',
    file: 'apps/catalog-cart/src/vouchers/vouchers.service.ts',
    find: 'const voucher = limited ? await this.store.lockForUpdate(manager, code) : cached;',
    replace: 'const voucher = cached ?? (await this.store.lockForUpdate(manager, code));',
    config: 'apps/catalog-cart/jest.config.mjs',
    tests: VOUCHER_TESTS,
  },
].filter((m) => !only || new RegExp(only).test(m.name));

/** A copy of the repository without what tests never read; node_modules is linked. */
function makeSandbox() {
  rmSync(sandbox, { recursive: true, force: true });
  mkdirSync(sandbox, { recursive: true });
  const skipped = new Set(['node_modules', '.git', 'dist', 'tmp', 'coverage', 'test-results', '.nx']);
  for (const entry of readdirSync(root)) {
    if (!skipped.has(entry)) cpSync(join(root, entry), join(sandbox, entry), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(sandbox, 'node_modules'));
}

/** Runs the test files in the sandbox; the names of the failed tests, [] when all passed, or 'timeout'. */
function runTests(config, tests) {
  const out = join(sandbox, 'tmp/results.json');
  mkdirSync(dirname(out), { recursive: true });
  rmSync(out, { force: true });
  const run = spawnSync(
    process.execPath,
    ['node_modules/jest/bin/jest.js', '--config', config, '--runInBand', '--bail', '--silent', '--json', `--outputFile=${out}`, '--runTestsByPath', ...tests],
    {
      cwd: sandbox,
      env: { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ') },
      encoding: 'utf8',
      timeout: RUN_TIMEOUT_MS,
    },
  );
  if (run.error?.code === 'ETIMEDOUT' || run.signal) return 'timeout';
  // With --bail, Jest may stop before writing its results: the failed tests are in its output.
  if (!existsSync(out)) {
    const named = [...run.stderr.matchAll(/^\s+● (.+)$/gm)].map((m) => m[1]);
    return run.status === 0 ? [] : named.length ? named : [`jest exited with ${run.status}: ${run.stderr.slice(-500)}`];
  }
  const results = JSON.parse(readFileSync(out, 'utf8'));
  const failed = results.testResults.flatMap((file) => {
    const tests = file.assertionResults.filter((t) => t.status === 'failed').map((t) => t.fullName);
    return tests.length || file.status !== 'failed' ? tests : [`${file.name}: ${file.message.split('\n')[0]}`];
  });
  return run.status === 0 ? [] : failed.length ? failed : [`jest exited with ${run.status}`];
}

if (listOnly) {
  for (const m of MUTANTS) console.log(m.name);
  process.exit(0);
}

makeSandbox();
console.log(`${MUTANTS.length} mutants; sandbox ${sandbox}`);
const baselineByConfig = new Map();
for (const { config, tests } of MUTANTS) {
  const key = `${config} ${tests.join(' ')}`;
  if (baselineByConfig.has(key)) continue;
  const failed = runTests(config, tests);
  baselineByConfig.set(key, failed);
  if (failed === 'timeout' || failed.length) {
    console.error(`the unmutated tests fail, nothing to measure:\n  ${failed === 'timeout' ? 'timeout' : failed.join('\n  ')}`);
    process.exit(2);
  }
}

const survived = [];
let killed = 0;
for (const mutant of MUTANTS) {
  const path = join(sandbox, mutant.file);
  const original = readFileSync(path, 'utf8');
  if (original.split(mutant.find).length !== 2) throw new Error(`${mutant.name}: the text to mutate is not found exactly once in ${mutant.file}`);
  writeFileSync(path, original.replace(mutant.find, () => mutant.replace));
  const started = Date.now();
  let failed;
  try {
    failed = runTests(mutant.config, mutant.tests);
  } finally {
    writeFileSync(path, original);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  if (failed === 'timeout' || failed.length) {
    killed++;
    console.log(`killed    ${mutant.name} (${seconds} s) by ${failed === 'timeout' ? 'a timeout' : failed[0]}`);
  } else {
    survived.push(mutant.name);
    const why = EQUIVALENT[mutant.name];
    console.log(`${why ? 'equivalent' : 'SURVIVED '} ${mutant.name} (${seconds} s)${why ? `: ${why}` : ''}`);
  }
}

const unexplained = survived.filter((name) => !EQUIVALENT[name]);
const score = (100 * killed) / MUTANTS.length;
console.log(`\n${killed} of ${MUTANTS.length} killed (${score.toFixed(1)} %), ${survived.length - unexplained.length} equivalent, ${unexplained.length} survived`);
rmSync(sandbox, { recursive: true, force: true });
process.exit(unexplained.length ? 1 : 0);
