/// <reference lib="dom" />
import { describe, expect } from '@jest/globals';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { journey } from './support/journey.js';
import { addCourseToCart, signIn } from './support/shop-steps.js';

// Issue 16: nothing on the home, product, cart and My courses pages moves once painted, on a phone
// and on a desktop. Cumulative Layout Shift (CLS) as Chromium's Layout Instability API reports
// it: the largest session window of layout shifts not caused by the user's input (gaps under 1 s,
// at most 5 s long). It is a layout figure (how far what was in view moved), not a time: the page
// is measured once it has settled (its main heading shown, the network idle).

const MODULE_7 = { slug: 'part-66-module-7-maintenance-practices', name: 'Part-66 Module 7: Maintenance Practices' };
const STUDENT = 'student@aeromaint.local';
/** Google's "good" limit, the issue's target. */
const CLS_LIMIT = 0.1;

const SCREENS: { name: string; options: BrowserContextOptions }[] = [
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } },
  { name: 'desktop', options: {} },
];

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

/** Installed before any script of each document: records the document's layout shifts. */
function recordLayoutShifts() {
  const shifts: Shift[] = [];
  (globalThis as unknown as { __layoutShifts: Shift[] }).__layoutShifts = shifts;
  const label = (node: Node | null | undefined) => {
    if (!node) return '?';
    const element = node instanceof Element ? node : node.parentElement;
    if (!element) return node.nodeName;
    const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({ value: entry.value, at: entry.startTime, sources: (entry.sources ?? []).map((source) => label(source.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** CLS: the largest session window (shifts less than 1 s apart, a window at most 5 s long). */
function cumulativeLayoutShift(shifts: Shift[]): { cls: number; window: Shift[] } {
  let best: Shift[] = [];
  let bestValue = 0;
  let current: Shift[] = [];
  let currentValue = 0;
  for (const shift of shifts) {
    const first = current[0];
    const last = current[current.length - 1];
    if (first && last && shift.at - last.at < 1000 && shift.at - first.at < 5000) {
      current.push(shift);
      currentValue += shift.value;
    } else {
      current = [shift];
      currentValue = shift.value;
    }
    if (currentValue > bestValue) {
      bestValue = currentValue;
      best = [...current];
    }
  }
  return { cls: Math.round(bestValue * 1000) / 1000, window: best };
}

/** CLS within the limit; otherwise the failure shows the shifts of the worst window and what moved. */
function expectSteady(page: string, result: { cls: number; window: Shift[] }) {
  expect({ page, cls: result.cls, shifts: result.cls <= CLS_LIMIT ? 'within the limit' : result.window }).toEqual({ page, cls: result.cls, shifts: 'within the limit' });
}

describe('journey: the shop pages do not move once painted (issue 16, Cumulative Layout Shift ≤ 0.1)', () => {
  const { url, newContext, step, screenshot } = journey({ name: 'page-speed', stepTimeoutMs: 180_000, failurePages: () => pages });
  let pages: Page[] = [];

  /** Opens `path` as a new page load in `context` and answers the page's CLS once it settled. */
  async function measure(context: BrowserContext, path: string, heading: RegExp | string, shot: string) {
    const page = await context.newPage();
    pages = [page];
    await page.goto(url(path), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // Two frames: the last layout is painted and its shifts reported.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const shifts = await page.evaluate(() => (globalThis as unknown as { __layoutShifts: Shift[] }).__layoutShifts);
    await screenshot(page, shot);
    await page.close();
    return cumulativeLayoutShift(shifts);
  }

  async function context(options: BrowserContextOptions) {
    const created = await newContext(options);
    await created.addInitScript(recordLayoutShifts);
    return created;
  }

  for (const screen of SCREENS) {
    step(`${screen.name}: the home page and a product page, for a first-time visitor (the cookie banner and the announcement shown)`, async () => {
      const visitor = await context(screen.options);
      const home = await measure(visitor, '/', 'EASA maintenance training, online', `${screen.name}-home`);
      const product = await measure(await context(screen.options), `/e-shop/${MODULE_7.slug}`, MODULE_7.name, `${screen.name}-product`);
      expectSteady('home', home);
      expectSteady('product', product);
    });

    step(`${screen.name}: the cart with a course in it`, async () => {
      const buyer = await context(screen.options);
      await addCourseToCart(await buyer.newPage(), url(''), MODULE_7);
      const cart = await measure(buyer, '/cart', 'Cart', `${screen.name}-cart`);
      expectSteady('cart', cart);
    });

    step(`${screen.name}: My courses of the demo student`, async () => {
      const student = await context(screen.options);
      await signIn(await student.newPage(), url(''), STUDENT);
      const myCourses = await measure(student, '/my-courses', 'My courses', `${screen.name}-my-courses`);
      expectSteady('my-courses', myCourses);
    });
  }
});
