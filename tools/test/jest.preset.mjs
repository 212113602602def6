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
