// The web app as a phone and a first-time visitor get it (issue 16):
//   first visit   the JavaScript and CSS a new visitor's browser downloads for the home page
//                 (headless Chromium): bytes on the wire (compressed) and once decoded, and the
//                 encoding the gateway chose (target: ≤ 130 KB of compressed JavaScript)
//   home LCP      Largest Contentful Paint of the home page in headless Chromium on this machine's
//                 loopback, a new visitor each time, the median of --lcp-runs (target ≤ 1 s)
//   lighthouse    Lighthouse's mobile preset (simulated slow 4G and a 4× slower CPU) on the home,
//                 product, cart (one course in it) and My courses (the demo student) pages:
//                 performance score, Cumulative Layout Shift and LCP (targets ≥ 90, ≤ 0.1, ≤ 2.5 s)
//   npm run bench -- --only web               (inside the whole bench)
//   node tools/bench/web.mjs [--url http://127.0.0.1:3000] [--lcp-runs 5] [--no-lighthouse]
//                                             (on its own, against the running product)
// Chromium is Debian's (/usr/bin/chromium, CHROMIUM_PATH or CHROME_PATH to use another one).
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { Buyer } from './orders.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const STUDENT = 'student@aeromaint.local';
const PASSWORD = 'Aviation2026!';
/** The course put in the cart for the cart page (Part-66 Module 7). */
const CART_PRODUCT = 107;

const kb = (bytes) => Math.round(bytes / 102.4) / 10;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** The orders bench's API client (its own cookies, like a browser), whose cookies Chromium can take. */
class Visitor extends Buyer {
  constructor(baseUrl) {
    super(baseUrl, 0);
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The cookies for a Playwright browser context. */
  browserCookies() {
    return [...this.cookies].map(([name, value]) => ({ name, value, url: this.url.origin }));
  }
}

async function studentVisitor(baseUrl) {
  const visitor = new Visitor(baseUrl);
  await visitor.request('GET', '/api/me');
  const res = await visitor.request('POST', '/login', { email: STUDENT, password: PASSWORD });
  if (res.status !== 200) throw new Error(`bench web: the demo student could not sign in: ${res.status} ${JSON.stringify(res.json)}`);
  return visitor;
}

async function cartVisitor(baseUrl) {
  const visitor = new Visitor(baseUrl);
  await visitor.request('GET', '/api/cart');
  const res = await visitor.request('POST', '/api/cart/add', { product_id: CART_PRODUCT, quantity: 1 });
  if (res.status >= 300) throw new Error(`bench web: could not fill a cart: ${res.status} ${JSON.stringify(res.json)}`);
  return visitor;
}

/** The pages measured: each with the visitor (cookies) it is opened as, if any. */
async function pages(baseUrl) {
  const products = await new Visitor(baseUrl).request('GET', '/api/products');
  const product = products.json?.data?.find((p) => p.id === CART_PRODUCT) ?? products.json?.data?.[0];
  if (!product) throw new Error('bench web: the catalogue is empty (start the product with its demo data)');
  return [
    { page: 'home', path: '/', visitor: null },
    { page: 'product', path: product.url, visitor: null },
    { page: 'cart', path: '/cart', visitor: await cartVisitor(baseUrl) },
    { page: 'my-courses', path: '/my-courses', visitor: await studentVisitor(baseUrl) },
  ];
}

/** Records the Largest Contentful Paint and the layout shifts of the page from its first byte on. */
function observePaint() {
  const w = globalThis;
  w.__lcp = 0;
  w.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) w.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

/** One first visit of `url` in a new browser context: the assets it fetched and its LCP. */
async function firstVisit(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await context.addInitScript(observePaint);
  const page = await context.newPage();
  const assets = [];
  const onResponse = (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    assets.push(
      (async () => {
        const sizes = await response.request().sizes();
        const body = await response.body();
        return { type, url: response.url(), wire: sizes.responseBodySize, decoded: body.length, encoding: response.headers()['content-encoding'] ?? 'identity' };
      })(),
    );
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  // LCP is final once the page stops painting new content; networkidle plus a few frames is enough.
  await page.waitForTimeout(300);
  page.off('response', onResponse);
  const { lcp, cls } = await page.evaluate(() => ({ lcp: globalThis.__lcp, cls: globalThis.__cls }));
  const fetched = await Promise.all(assets);
  await context.close();
  return { lcp, cls, assets: fetched };
}

async function browserFigures(baseUrl, lcpRuns) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS.filter((f) => f !== '--headless=new') });
  try {
    const first = await firstVisit(browser, `${baseUrl}/`);
    const sum = (type, field) => first.assets.filter((a) => a.type === type).reduce((total, a) => total + a[field], 0);
    const encodings = [...new Set(first.assets.map((a) => a.encoding))].join(',');
    const visits = [first];
    for (let i = 1; i < lcpRuns; i++) visits.push(await firstVisit(browser, `${baseUrl}/`));
    return {
      scenario: 'web first visit (home)',
      js_files: first.assets.filter((a) => a.type === 'script').length,
      js_kb_compressed: kb(sum('script', 'wire')),
      js_kb_decoded: kb(sum('script', 'decoded')),
      css_kb_compressed: kb(sum('stylesheet', 'wire')),
      encoding: encodings,
      home_lcp_ms: Math.round(median(visits.map((v) => v.lcp))),
      home_cls: Math.round(median(visits.map((v) => v.cls)) * 1000) / 1000,
      runs: visits.length,
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse's default (mobile) preset, performance only, on each page. */
async function lighthouseFigures(baseUrl) {
  const list = await pages(baseUrl);
  const chrome = await launchChrome({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const rows = [];
  try {
    for (const { page, path, visitor } of list) {
      const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(visitor ? { extraHeaders: { Cookie: visitor.cookieHeader() } } : {}) };
      const result = await lighthouse(`${baseUrl}${path}`, flags);
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`bench web: Lighthouse gave no result for ${path}`);
      if (lhr.runtimeError) throw new Error(`bench web: Lighthouse failed on ${path}: ${lhr.runtimeError.message}`);
      const audit = (id) => lhr.audits[id]?.numericValue;
      rows.push({
        scenario: `lighthouse ${page}`,
        path,
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
        lcp_s: Math.round(audit('largest-contentful-paint') / 100) / 10,
        fcp_s: Math.round(audit('first-contentful-paint') / 100) / 10,
        tbt_ms: Math.round(audit('total-blocking-time')),
        unused_js_kb: kb(lhr.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0),
      });
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

/** The figures of the web app, one row per measurement. */
export async function benchWeb({ baseUrl, lcpRuns = 5, withLighthouse = true }) {
  const rows = [await browserFigures(baseUrl, lcpRuns)];
  if (withLighthouse) rows.push(...(await lighthouseFigures(baseUrl)));
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.BENCH_URL ?? 'http://127.0.0.1:3000' },
      'lcp-runs': { type: 'string', default: '5' },
      'no-lighthouse': { type: 'boolean', default: false },
    },
  });
  const rows = await benchWeb({ baseUrl: values.url, lcpRuns: Number(values['lcp-runs']) || 5, withLighthouse: !values['no-lighthouse'] });
  for (const row of rows) console.log(JSON.stringify(row));
}
