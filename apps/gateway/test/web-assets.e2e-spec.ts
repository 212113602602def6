import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startPlatform, type Platform } from './support/platform.js';
import { fakeWebDist } from './support/web-dist.js';

// A stand-in for Vite's output, as large as a real chunk so that compressing it pays.
const SCRIPT = `export const catalogue = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"Part-66 Module ${i}"}`).join(',')}];\n`;
const STYLE = `.card{display:grid;gap:1rem}\n`.repeat(200);
const INDEX_HTML = `<!doctype html><html><head><title>AeroMaint Academy</title></head><body><div id="root"></div>${'<link rel="modulepreload" href="/assets/framework-9c1d2e.js">'.repeat(20)}<script type="module" src="/assets/index-3f2a1b.js"></script></body></html>`;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET as a browser sends it, without decoding the body (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(res: RawResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body).toString();
  if (encoding === 'gzip') return gunzipSync(res.body).toString();
  return res.body.toString();
}

describe('gateway: the web app files, compressed and cached (issue 16)', () => {
  let platform: Platform;
  let dist: ReturnType<typeof fakeWebDist>;

  beforeAll(async () => {
    dist = fakeWebDist({
      'index.html': INDEX_HTML,
      'assets/index-3f2a1b.js': SCRIPT,
      'assets/index-77ab01.css': STYLE,
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(100)}</svg>`,
    });
    // What the web app's build does after Vite.
    execFileSync(process.execPath, [resolve(import.meta.dirname, '../../../tools/build/precompress.mjs'), dist.dir]);
    platform = await startPlatform({ gatewayEnv: { WEB_DIST_DIR: dist.dir } });
  });

  afterAll(async () => {
    await platform?.stop();
    dist?.remove();
  });

  it('sends a hashed script brotli-compressed to a browser that accepts brotli: immutable for a year, public, no cookie, Vary: Accept-Encoding', async () => {
    const res = await rawGet(`${platform.url}/assets/index-3f2a1b.js`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect({
      status: res.status,
      encoding: res.headers['content-encoding'],
      type: res.headers['content-type'],
      cacheControl: res.headers['cache-control'],
      vary: res.headers['vary'],
      setCookie: res.headers['set-cookie'],
    }).toEqual({
      status: 200,
      encoding: 'br',
      type: expect.stringMatching(/^text\/javascript|^application\/javascript/),
      cacheControl: 'public, max-age=31536000, immutable',
      vary: expect.stringMatching(/accept-encoding/i),
      setCookie: undefined,
    });
    expect(res.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(decoded(res)).toBe(SCRIPT);
  });

  it('sends gzip to a browser that does not accept brotli, and the file as it is to one that accepts neither', async () => {
    const gzip = await rawGet(`${platform.url}/assets/index-77ab01.css`, { 'accept-encoding': 'gzip, deflate' });
    expect([gzip.status, gzip.headers['content-encoding'], gzip.headers['content-type']]).toEqual([200, 'gzip', expect.stringMatching(/^text\/css/)]);
    expect(decoded(gzip)).toBe(STYLE);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await rawGet(`${platform.url}/assets/index-77ab01.css`, { 'accept-encoding': 'identity' });
    expect([plain.status, plain.headers['content-encoding'], plain.body.toString()]).toEqual([200, undefined, STYLE]);
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('never sets a cookie on a static file, compressed or not, even for a first-time client', async () => {
    for (const [path, encoding] of [
      ['/assets/index-3f2a1b.js', 'br'],
      ['/assets/index-3f2a1b.js', 'gzip'],
      ['/assets/index-77ab01.css', 'identity'],
      ['/favicon.svg', 'br'],
    ]) {
      const res = await rawGet(`${platform.url}${path}`, { 'accept-encoding': encoding });
      expect({ path, encoding, status: res.status, setCookie: res.headers['set-cookie'] }).toEqual({ path, encoding, status: 200, setCookie: undefined });
    }
    const favicon = await rawGet(`${platform.url}/favicon.svg`, { 'accept-encoding': 'br' });
    expect([favicon.headers['content-encoding'], favicon.headers['content-type'], favicon.headers['cache-control']]).toEqual([
      'br',
      expect.stringMatching(/^image\/svg\+xml/),
      'public, no-cache',
    ]);
  });

  it('sends index.html compressed, revalidated on every visit (no-cache), with the first visit’s cookies and never as public', async () => {
    const first = await rawGet(`${platform.url}/`, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
    expect([first.status, first.headers['content-encoding'], first.headers['content-type']]).toEqual([200, 'br', expect.stringMatching(/^text\/html/)]);
    expect(decoded(first)).toBe(INDEX_HTML);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect((first.headers['set-cookie'] as string[]).map((line) => line.split('=')[0]).sort()).toEqual(['XSRF-TOKEN', 'aero_session']);

    const cookie = (first.headers['set-cookie'] as string[]).map((line) => line.split(';')[0]).join('; ');
    const again = await rawGet(`${platform.url}/`, { accept: 'text/html', 'accept-encoding': 'gzip', cookie });
    expect([again.headers['content-encoding'], again.headers['cache-control'], again.headers['set-cookie']]).toEqual(['gzip', 'no-cache', undefined]);
    expect(decoded(again)).toBe(INDEX_HTML);
  });
});
