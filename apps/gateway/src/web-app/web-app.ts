import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';

/** Vite puts content-hashed files under assets/: a changed file gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files (favicon, pictures): the same for everyone, revalidated (ETag) on every use. */
const PUBLIC_REVALIDATE = 'public, no-cache';
/**
 * index.html: revalidated on every visit, and not `public`: it is the response that gives a new
 * visitor the session and XSRF-TOKEN cookies the app needs (then it becomes `private`).
 */
const REVALIDATE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>AeroMaint Academy</title></head>
<body><h1>The web app is not built yet</h1>
<p>Build it with <code>npm run build:web</code>, then reload this page. The API answers under <a href="/api/docs">/api/docs</a>.</p>
</body></html>`;

/**
 * The single-page web app (WEB_DIST_DIR, Vite's output): its files as they are, and index.html
 * for every other browser navigation so client-side routes work on reload. The directory may
 * appear after the gateway started (`npm run build:web` in another terminal): nothing about it
 * is read at start-up.
 */
export class WebApp {
  private readonly assetsDir: string;

  constructor(readonly distDir: string) {
    this.assetsDir = join(distDir, 'assets') + sep;
  }

  /** Serves the files at `/` (GET and HEAD); a missing file falls through to the 404 handler. */
  async register(app: NestFastifyApplication): Promise<void> {
    await app.register(async (scope: FastifyInstance) => {
      await scope.register(fastifyStatic, {
        root: this.distDir,
        prefix: '/',
        wildcard: true,
        decorateReply: false,
        cacheControl: false,
        suppressWarning: true,
        // The build writes a brotli and a gzip copy of every text file (tools/build/precompress.mjs):
        // the one Accept-Encoding asks for is sent, with `Vary: Accept-Encoding`.
        preCompressed: true,
        // Publicly cacheable files never carry a cookie (see firstVisitCookiesHook). `path` is the
        // file sent: for a compressed copy, the original's name with `.br` or `.gz` after it.
        setHeaders: (reply: FastifyReply, path: string) => {
          const file = path.replace(/\.(br|gz)$/, '');
          reply.header('cache-control', file.startsWith(this.assetsDir) ? IMMUTABLE : file.endsWith('.html') ? REVALIDATE : PUBLIC_REVALIDATE);
        },
      });
    });
  }

  /**
   * The SPA's index.html (client-side route), or a page saying the app is not built yet. An
   * address no screen has gets the app with 404: its router shows the not-found page.
   */
  async sendIndex(reply: FastifyReply, status: 200 | 404 = 200): Promise<void> {
    let html: Buffer;
    try {
      html = await readFile(join(this.distDir, 'index.html'));
    } catch {
      await reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE);
      return;
    }
    await reply.code(status).type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(html);
  }
}
