// Lint for the whole workspace (`npm run lint` = `NX_DAEMON=false eslint .`).
//
// - JavaScript: @eslint/js recommended.
// - TypeScript: typescript-eslint recommended + type-checked rules (projectService: each file is
//   checked with the nearest tsconfig.json), so `no-floating-promises` and friends see real types.
// - Module boundaries: @nx/enforce-module-boundaries with the tag rules of ARCHITECTURE.md §3.
//   Tags live in each project.json: scope:<service>|gateway|web|shared,
//   type:app|feature|data-access|ui|util|contracts|testing, platform:node|web|shared.
// - Production code of Node projects may not import devDependencies (the images run
//   `npm ci --omit=dev`); test files may. Browser code and contracts may not import Node built-ins.
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { createProjectGraphAsync } from '@nx/devkit';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin/nx';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The boundary rule reads Nx's cached project graph and silently skips itself when there is none
// (fresh clone, CI) and uses a stale one after a project.json changed. Compute it now
// (in-process: NX_DAEMON=false), so `eslint .` always checks boundaries against the current graph.
await createProjectGraphAsync({ exitOnError: false });

const SERVICES = ['catalog-cart', 'payments', 'sharing-organize', 'exams', 'accounts-invitations', 'notifications'];

/** Packages that must never reach framework-free or browser code. */
const SERVER_ONLY_PACKAGES = [
  '@nestjs/*',
  'typeorm',
  'pg',
  'ioredis',
  'bullmq',
  '@nats-io/*',
  'fastify',
  '@fastify/*',
  'pino',
  'prom-client',
  'nodemailer',
  'reflect-metadata',
];

const depConstraints = [
  // scope: a service sees only itself and shared code; same for gateway and web.
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  ...[...SERVICES, 'gateway', 'web', 'e2e'].map((scope) => ({
    sourceTag: `scope:${scope}`,
    onlyDependOnLibsWithTags: [`scope:${scope}`, 'scope:shared'],
  })),
  // type: layered; nothing may import an app (the rule also forbids it on its own).
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:ui', 'type:util', 'type:contracts'],
  },
  // A feature never imports another feature (each is its own lazily loaded chunk, composed by
  // the app): what two features share lives in a data-access, ui or util library.
  {
    sourceTag: 'type:feature',
    onlyDependOnLibsWithTags: ['type:data-access', 'type:ui', 'type:util', 'type:contracts'],
  },
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util', 'type:contracts'] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util', 'type:contracts'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'] },
  {
    sourceTag: 'type:testing',
    onlyDependOnLibsWithTags: ['type:testing', 'type:feature', 'type:data-access', 'type:ui', 'type:util', 'type:contracts'],
  },
  {
    sourceTag: 'type:contracts',
    onlyDependOnLibsWithTags: ['type:contracts'],
    bannedExternalImports: SERVER_ONLY_PACKAGES,
  },
  // platform: browser code never reaches Node code; contracts (platform:shared) run on both.
  { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:node', 'platform:shared'] },
  {
    sourceTag: 'platform:web',
    onlyDependOnLibsWithTags: ['platform:web', 'platform:shared'],
    bannedExternalImports: SERVER_ONLY_PACKAGES,
  },
  { sourceTag: 'platform:shared', onlyDependOnLibsWithTags: ['platform:shared'] },
];

/** Tests (only they) may also use the testing libraries (type:testing), whatever layer they test. */
const testDepConstraints = depConstraints.map((c) =>
  c.sourceTag?.startsWith('type:') && c.sourceTag !== 'type:contracts' && !c.onlyDependOnLibsWithTags.includes('type:testing')
    ? { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'type:testing'] }
    : c,
);

const boundaries = (extra = {}) => [
  'error',
  {
    depConstraints,
    // backend-testing depends on messaging, and messaging's tests use backend-testing: a cycle that
    // exists only through test files (the type:testing constraint keeps it out of production code).
    ignoredCircularDependencies: [['tag:type:testing', '*']],
    ...extra,
  },
];

const UNUSED_VARS = [
  'error',
  { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' },
];

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
/** Tests, and the fixtures only tests import (a feature's test-fixtures.ts). */
const TEST_FILES = ['**/*.spec.ts', '**/*.spec.tsx', '**/*.e2e-spec.ts', '**/test/**', '**/*.test.ts', '**/*.test.tsx', '**/test-fixtures.ts'];
/** Browser code and framework-free contracts. */
const BROWSER_FILES = ['apps/web/src/**/*.{ts,tsx}', 'libs/web/**/src/**/*.{ts,tsx}'];
const CONTRACT_FILES = ['libs/contracts/src/**/*.ts'];
/** Production code of Node services and libraries (shipped with `npm ci --omit=dev`). */
const NODE_PRODUCTION_FILES = ['apps/*/src/**/*.ts', 'libs/backend/*/src/**/*.ts'];

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const devOnlyPackages = Object.keys(pkg.devDependencies ?? {}).filter((name) => !(name in (pkg.dependencies ?? {})));
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** `@typescript-eslint/no-restricted-imports` patterns; `import type` stays allowed (erased at build). */
const noDevDependencies = devOnlyPackages.map((name) => ({
  regex: `^${escapeRegex(name)}(/.*)?$`,
  allowTypeImports: true,
  message: `"${name}" is a devDependency: production images install dependencies only (npm ci --omit=dev). Move it to "dependencies" or keep it to tests.`,
}));
const noNodeBuiltins = [
  {
    regex: `^(node:.*|${builtinModules.filter((m) => !m.startsWith('_')).map(escapeRegex).join('|')})$`,
    allowTypeImports: true,
    message: 'Node built-ins are not available in the browser; contracts and web code must stay platform-free.',
  },
];

export default defineConfig(
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/.nx/',
    '**/coverage/',
    '**/tmp/',
    '**/test-results/',
    '**/*.d.ts',
    '**/*.d.mts',
  ]),

  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  // JavaScript (build tools, scripts, jest configs): plain recommended rules on Node.
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: { ...globals.node } },
    rules: { 'no-unused-vars': UNUSED_VARS },
  },

  // TypeScript, type-aware.
  {
    files: TS_FILES,
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': UNUSED_VARS,
    },
  },

  // Module boundaries, for every project file (JS too). Tool configs (jest, vite) are not project
  // code: they load the shared presets in tools/ by relative path.
  {
    files: [...TS_FILES, '**/*.js', '**/*.mjs', '**/*.jsx'],
    ignores: ['**/jest.config.*', '**/vite.config.*'],
    plugins: { '@nx': nx },
    rules: { '@nx/enforce-module-boundaries': boundaries() },
  },
  // Browser and contracts code must import only declared packages (no transitive ones the
  // bundler happens to find); tests, and the web testing library they share (never bundled), may
  // use the test runner's transitive packages.
  {
    files: [...BROWSER_FILES, ...CONTRACT_FILES],
    ignores: [...TEST_FILES, 'libs/web/shared/testing/**'],
    rules: { '@nx/enforce-module-boundaries': boundaries({ banTransitiveDependencies: true }) },
  },

  // Tests may import their own project through its @aero/* alias (testing the public API) and
  // may use the testing libraries.
  {
    files: TEST_FILES,
    rules: {
      '@nx/enforce-module-boundaries': boundaries({ allowCircularSelfDependency: true, depConstraints: testDepConstraints }),
    },
  },

  // No devDependencies in shipped Node code; no Node built-ins in browser or contracts code.
  {
    files: NODE_PRODUCTION_FILES,
    ignores: [...TEST_FILES, 'apps/web/**', 'libs/backend/testing/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: noDevDependencies }] },
  },
  {
    files: CONTRACT_FILES,
    ignores: TEST_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...noDevDependencies, ...noNodeBuiltins] }],
    },
  },
  {
    files: BROWSER_FILES,
    ignores: TEST_FILES,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: noNodeBuiltins }] },
  },

  // Tests read untyped answers (supertest's `res.body`, raw SQL rows) and pass Jest mocks around:
  // the no-unsafe-* family would flag nearly every assertion there. Production code keeps them.
  {
    files: TEST_FILES,
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);
