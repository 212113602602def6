// Precompresses a built web app for the gateway (issue 16): next to every text file (JavaScript,
// CSS, HTML, SVG, JSON …) a brotli `.br` and a gzip `.gz` copy, at the highest levels, since it
// happens once per build and not per request. The gateway (@fastify/static, preCompressed)
// sends the copy the browser's Accept-Encoding asks for, with `Vary: Accept-Encoding`.
// A copy that would not be smaller than the file is not written (tiny files, pictures).
//   node tools/build/precompress.mjs dist/apps/web     (Vite's build runs it by itself)
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files worth compressing: text. Pictures other than SVG and fonts are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ico|wasm)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`; answers the
 * totals (bytes of the files, and of their brotli and gzip copies).
 */
export async function precompress(dir) {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for await (const path of files(dir)) {
    const content = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    totals.files++;
    totals.bytes += content.length;
    if (br.length < content.length) {
      await writeFile(`${path}.br`, br);
      totals.brotli += br.length;
    } else totals.brotli += content.length;
    if (gz.length < content.length) {
      await writeFile(`${path}.gz`, gz);
      totals.gzip += gz.length;
    } else totals.gzip += content.length;
  }
  return totals;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? 'dist/apps/web');
  const totals = await precompress(dir);
  console.log(`precompressed ${totals.files} files in ${dir}: ${totals.bytes} bytes, brotli ${totals.brotli}, gzip ${totals.gzip}`);
}
