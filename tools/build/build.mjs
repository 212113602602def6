// Compiles the Node apps and the libraries they use into dist/ with SWC (type-checking is
// `npm run typecheck`). Path aliases (@aero/...) become relative ES module imports.
import { transformFile } from '@swc/core';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { swcOptions } from './swc-options.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const out = join(root, 'dist');

export const NODE_APPS = [
  'gateway',
  'catalog-cart',
  'payments',
  'sharing-organize',
  'exams',
  'accounts-invitations',
  'notifications',
];

async function aliases() {
  const tsconfig = JSON.parse(await readFile(join(root, 'tsconfig.base.json'), 'utf8'));
  return Object.entries(tsconfig.compilerOptions.paths).map(([name, [target]]) => [name, join(root, target)]);
}

/**
 * Replaces a file in one step: test workers build while other workers' processes may be
 * importing the same files, and must never see one half-written.
 */
async function writeAtomically(path, content) {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}

async function* tsFiles(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(path);
    else if (/\.ts$/.test(entry.name) && !/\.(spec|e2e-spec|d)\.ts$/.test(entry.name)) yield path;
  }
}

function rewriteAliases(code, sourceFile, aliasList) {
  return code.replace(/(from\s+|import\s*\(\s*|import\s+)(['"])(@aero\/[^'"]+)\2/g, (match, lead, quote, spec) => {
    const found = aliasList.find(([name]) => name === spec);
    if (!found) return match;
    let rel = relative(dirname(sourceFile), found[1]).replace(/\.ts$/, '.js');
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return `${lead}${quote}${rel}${quote}`;
  });
}

export async function build(apps = NODE_APPS, { quiet = false } = {}) {
  const aliasList = await aliases();
  const dirs = [
    join(root, 'libs/contracts/src'),
    ...['config', 'errors', 'messaging', 'persistence', 'jobs', 'observability', 'runtime'].map((l) =>
      join(root, 'libs/backend', l, 'src'),
    ),
    ...apps.map((a) => join(root, 'apps', a, 'src')),
  ];
  let count = 0;
  const started = Date.now();
  for (const dir of dirs) {
    for await (const file of tsFiles(dir)) {
      const { code, map } = await transformFile(file, { ...swcOptions(), filename: file });
      const target = join(out, relative(root, file)).replace(/\.ts$/, '.js');
      await mkdir(dirname(target), { recursive: true });
      await writeAtomically(target, `${rewriteAliases(code, file, aliasList)}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`);
      if (map) await writeAtomically(`${target}.map`, map);
      count++;
    }
  }
  await writeAtomically(join(out, 'package.json'), JSON.stringify({ type: 'module' }));
  if (!quiet) console.log(`built ${count} files for ${apps.join(', ')} in ${Date.now() - started} ms`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const requested = process.argv.slice(2);
  await build(requested.length ? requested : NODE_APPS);
}
