// Vite build of the web app: `npm run build:web` writes dist/apps/web, which the gateway serves.
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { precompress } from '../../tools/build/precompress.mjs';

const webRoot = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(webRoot, '../..');
const gateway = process.env['VITE_GATEWAY_URL'] ?? `http://localhost:${process.env['GATEWAY_PORT'] ?? '3000'}`;

/** The browser-safe aliases of tsconfig.base.json: the web libraries and the contracts. */
const tsPaths = (JSON.parse(readFileSync(resolve(repoRoot, 'tsconfig.base.json'), 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> };
}).compilerOptions.paths;
const alias = Object.entries(tsPaths)
  .filter(([name]) => name === '@aero/contracts' || name.startsWith('@aero/web-'))
  .map(([name, [target]]) => ({
    find: new RegExp(`^${name.replace(/[/\\-]/g, '\\$&')}$`),
    replacement: resolve(repoRoot, target),
  }));

/** Paths that only the server answers. */
const SERVER_ONLY = [
  'api',
  'health',
  'voucher',
  'product-search',
  'countries',
  'pay-pal-payment-gateway',
  'payment-gateway',
  'course-recall',
  'availability-list',
  'employee-group',
  'employees-search',
  'course-progress',
  'logout',
  'cookie-consent',
];

/**
 * Paths that are both screens of the app (a page load) and server calls (XHR or a form post).
 * A page load (GET asking for HTML) gets the app; everything else goes to the gateway.
 */
const SHARED = [
  'cart',
  'my-courses',
  'quick-share',
  'organize-course',
  'course',
  'employees',
  'invitations',
  'orders',
  'profile',
  'newsletters',
  'classroom-training',
  'login',
  'register',
  'email',
  'password',
  'tickets',
  'terms',
  'kyc',
  'sandbox',
];

/** Packages every screen needs (React, router, Redux Toolkit, i18next). */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@reduxjs[\\/]toolkit|redux|redux-thunk|react-redux|immer|reselect|use-sync-external-store|i18next|react-i18next|html-parse-stringify|void-elements|cookie|set-cookie-parser)[\\/]/;

/** A chunk of web-library modules is named after their feature area (`catalog`), else `shared`. */
function chunkName(moduleIds: readonly string[]): string | null {
  // The contracts' pure helpers a feature uses travel with it.
  const areas = new Set(
    moduleIds.map((id) => (/[\\/]libs[\\/]contracts[\\/]/.test(id) ? 'shared' : (/[\\/]libs[\\/]web[\\/]([^\\/]+)[\\/]/.exec(id)?.[1] ?? 'other'))),
  );
  if (areas.has('other')) return null;
  areas.delete('shared');
  if (areas.size === 0) return 'shared';
  return areas.size === 1 ? [...areas][0] : null;
}

const isPageLoad = (req: IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');

/** After the build: a brotli and a gzip copy of every text file, which the gateway serves (tools/build/precompress.mjs). */
function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'aero-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}

const toGateway: ProxyOptions = { target: gateway, changeOrigin: false, xfwd: true };

export default defineConfig({
  root: webRoot,
  publicDir: resolve(webRoot, 'public'),
  plugins: [react(), precompressed()],
  resolve: { alias },
  build: {
    outDir: resolve(repoRoot, 'dist/apps/web'),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // The contracts are declarations and pure helpers (`can()`, limits, message texts): a web
      // chunk keeps only the modules it uses, not every RPC definition and zod schema of the barrel.
      // Likewise the form kit of the shared UI library: it (with react-hook-form and its styles)
      // travels with the features that have forms, not with the shell that imports the library.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]libs[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]libs[\\/]web[\\/]shared[\\/]ui[\\/]src[\\/](form|confirm-dialog)[\\/][^\\/]+\.tsx?$/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            // The framework changes rarely: its own long-cached chunk, loaded with the shell.
            { name: 'framework', test: FRAMEWORK },
          ],
        },
        // Lazy routes give each feature its own chunk; name it after the feature's area.
        chunkFileNames: (chunk) => `assets/${chunkName(chunk.moduleIds) ?? '[name]'}-[hash].js`,
      },
    },
  },
  server: {
    port: Number(process.env['WEB_DEV_PORT'] ?? 5173),
    proxy: {
      [`^/(${SERVER_ONLY.join('|')})(/|\\?|$)`]: toGateway,
      [`^/(${SHARED.join('|')})(/|\\?|$)`]: {
        ...toGateway,
        bypass: (req) => (isPageLoad(req) ? '/index.html' : undefined),
      },
    },
  },
  preview: {
    port: Number(process.env['WEB_PREVIEW_PORT'] ?? 4173),
  },
});
