// StrykerJS configuration for the money path, one file under mutation per run:
//   MUTATION_TARGET=payment-completion npx stryker run tools/mutation/stryker.config.mjs
// `npm run test:mutation` runs every target in turn (tools/mutation/run.mjs). Each target runs
// only the test files that exercise its file (its jest.<target>.config.mjs), against the real
// Postgres, Redis and NATS like any other run of those tests. Not part of CI: a run takes tens of
// minutes; run it after changing the money path or its tests.
//
// Stryker copies the repository into tmp/stryker (ignored by git, ESLint and tsc) and mutates
// the copy, never the working tree.

/** The files under mutation, each with the tests that must kill its mutants. */
export const TARGETS = {
  'payment-completion': {
    mutate: ['apps/payments/src/attempts/payment-completion.service.ts'],
    jestConfig: 'tools/mutation/jest.payment-completion.config.mjs',
  },
  'voucher-store': {
    mutate: ['apps/catalog-cart/src/vouchers/voucher-store.ts'],
    jestConfig: 'tools/mutation/jest.voucher-store.config.mjs',
  },
};

const name = process.env.MUTATION_TARGET ?? 'payment-completion';
const target = TARGETS[name];
if (!target) throw new Error(`MUTATION_TARGET must be one of ${Object.keys(TARGETS).join(', ')}, not ${name}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: target.mutate,
  testRunner: 'jest',
  plugins: ['@stryker-mutator/jest-runner'],
  // The test runner's process runs Jest in ES module mode, as `npm test` does.
  testRunnerNodeArgs: ['--experimental-vm-modules'],
  jest: { projectType: 'custom', configFile: target.jestConfig, enableFindRelatedTests: false },
  // Every test of the target's files runs for each mutant its tests reach. Not 'perTest': the
  // tests share one running service per file, so code run once for all of them (a cache fill,
  // a first connection) would be credited to the first test only, and a mutant there would be
  // tried against that test alone.
  coverageAnalysis: 'all',
  // The machine is shared: one test runner at a time.
  concurrency: 1,
  // The tests start services (catalog-cart as a process, payments in-process) per file.
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 15,
  checkers: [],
  tempDirName: 'tmp/stryker',
  ignorePatterns: ['tmp', 'coverage', 'test-results', 'apps/web', 'deploy'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `tmp/mutation/${name}.html` },
  jsonReporter: { fileName: `tmp/mutation/${name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // Below 85 % the run fails: the target for the money path's tests.
  thresholds: { high: 90, low: 85, break: 85 },
};
