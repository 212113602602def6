// Shared Jest settings: SWC transform (same options as the build), ES modules, and the
// @aero/* path aliases of tsconfig.base.json.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { swcOptions } from '../build/swc-options.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const paths = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')).compilerOptions.paths;

const aliasMapper = Object.fromEntries(
  Object.entries(paths).map(([name, [target]]) => [`^${name.replace(/[/\\-]/g, '\\$&')}$`, join(root, target)]),
);

/** A Node project (service, gateway or backend library) tested against the real servers. */
export function nodeProject(projectDir, displayName) {
  const swc = swcOptions();
  return {
    displayName,
    rootDir: projectDir,
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    transform: { '^.+\\.ts$': ['@swc/jest', { ...swc, sourceMaps: 'inline' }] },
    moduleNameMapper: { ...aliasMapper, '^(\\.{1,2}/.*)\\.js$': '$1' },
    testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.e2e-spec.ts'],
    setupFiles: [join(root, 'tools/test/setup-node.mjs')],
    testTimeout: 30_000,
  };
}

/** SWC settings for browser code: TypeScript/TSX with React's automatic JSX runtime, ES modules. */
function webSwcOptions(tsx) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
      // `import en from './en.json' with { type: 'json' }` keeps its attribute (Jest requires it).
      experimental: { keepImportAttributes: true, emitAssertForImportAttributes: false },
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  };
}

/**
 * A browser project (apps/web, libs/web): jsdom with the fetch API of Node (see
 * jsdom-environment.mjs), TSX through SWC, CSS and pictures stubbed, and the English catalogue
 * of apps/web loaded into i18next before each test file.
 */
export function webProject(projectDir, displayName) {
  return {
    displayName,
    rootDir: projectDir,
    testEnvironment: join(root, 'tools/test/jsdom-environment.mjs'),
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
    transform: {
      '^.+\\.ts$': ['@swc/jest', webSwcOptions(false)],
      '^.+\\.tsx$': ['@swc/jest', webSwcOptions(true)],
    },
    moduleNameMapper: {
      ...aliasMapper,
      '^(\\.{1,2}/.*)\\.js$': '$1',
      '\\.css$': join(root, 'tools/test/style-stub.mjs'),
      '\\.(svg|png|jpe?g|gif|webp)$': join(root, 'tools/test/file-stub.mjs'),
    },
    testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.spec.tsx'],
    setupFiles: [join(root, 'tools/test/setup-web.mjs'), join(root, 'apps/web/src/i18n/i18n.ts')],
    testTimeout: 15_000,
  };
}
