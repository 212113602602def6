/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { dismissBonusOffer, signIn } from './shop-steps.js';
import { SCREENSHOTS, type Journey } from './journey.js';
import type { Visitor } from './site-routes.js';

/** The demo account of each signed-in visitor (libs/contracts DEMO_ACCOUNTS). */
export const VISITOR_ACCOUNTS: Record<Exclude<Visitor, 'visitor'>, string> = {
  student: 'student@aeromaint.local',
  'company admin': 'company@aeromaint.local',
};

/** What makes a page unusable for someone: axe-core's serious and critical impacts. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * A new browser for `who`: the cookie choice made (Accept only necessary; the cookie notice is
 * checked on its own) and, for a signed-in visitor, signed in. Motion is reduced, so the checks see
 * the end of every transition. The newsletter bonus offer, which may open over any page of a
 * signed-in user, is answered "No, thanks" when it opens (it is checked on its own).
 */
export async function visitorPage(trip: Journey, who: Visitor): Promise<Page> {
  return browsingAs(trip, who === 'visitor' ? null : VISITOR_ACCOUNTS[who]);
}

/** A new browser as `visitorPage` makes it, signed in with the demo account `email` (or signed out: null). */
export async function browsingAs(trip: Journey, email: string | null): Promise<Page> {
  const context = await trip.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(trip.url('/'));
  await page.getByRole('button', { name: 'Accept only necessary' }).click();
  if (email) {
    await dismissBonusOffer(page);
    await signIn(page, trip.url(''), email);
  }
  return page;
}

/**
 * Opens `path` and waits until the screen has settled: its main heading shown (a screen without
 * one is reported by the heading check, not waited for forever), nothing loading any more.
 */
export async function openPage(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await settle(page);
}

/**
 * Waits until the screen shows its heading and nothing is loading: up to 20 s for the heading (a
 * screen that sends a visitor to the sign-in page loads two chunks on a busy machine), 10 s for
 * the rest.
 */
export async function settle(page: Page): Promise<void> {
  // A screen may show its heading, then send the visitor elsewhere (sign-in) and load that screen:
  // settled is a heading still there once nothing loads any more.
  for (let attempt = 0; attempt < 3; attempt++) {
    await page
      .locator('h1')
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => undefined);
    await page
      .waitForFunction(() => !document.querySelector('.page-loading, [aria-busy="true"], .loading-overlay'), undefined, { timeout: 10_000 })
      .catch(() => undefined);
    if ((await page.locator('h1').count()) > 0) break;
  }
  // Fonts and the last layout of the screen.
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))));
}

/** One serious or critical axe-core finding, short enough to read in a failed assertion. */
export interface AxeFinding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * The serious and critical axe-core violations of the page now (WCAG 2.x A/AA and axe's best
 * practices), or of the part `within` names (an open dialog).
 */
export async function axeFindings(page: Page, where: string, within?: string): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page });
  if (within) builder = builder.include(within);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      nodes: violation.nodes.slice(0, 4).map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`),
    }));
}

/** One element past the right or left edge of the page, or of the box (card) it is drawn in. */
export interface Overflow {
  where: string;
  what: string;
}

/**
 * What overflows horizontally on the page now: the document wider than the window
 * (`scrollWidth > clientWidth`), and any element reaching past the edge of its card — the nearest
 * ancestor drawn as a box (a background, a border or a shadow) — unless an ancestor in between
 * clips or scrolls it. Hidden elements, and elements taken out of the flow (absolute or fixed),
 * are left out. From 768 px on, a box whose content scrolls sideways (a table wider than its
 * card) is an overflow too; on a phone a wide table may scroll inside its card.
 */
export async function overflows(page: Page, where: string): Promise<Overflow[]> {
  const found = await page.evaluate(() => {
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList].slice(0, 2).map((name) => `.${name}`).join('');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ''}`;
    };
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide in a ${root.clientWidth} px window`);

    const isBox = (style: CSSStyleDeclaration) =>
      (style.backgroundColor !== 'rgba(0, 0, 0, 0)' && style.backgroundColor !== 'transparent') ||
      parseFloat(style.borderLeftWidth) > 0 ||
      parseFloat(style.borderRightWidth) > 0 ||
      style.boxShadow !== 'none';
    const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible';

    const reported = new Set<Element>();
    if (window.innerWidth >= 768) {
      for (const element of document.body.querySelectorAll('*')) {
        const style = getComputedStyle(element);
        if (style.overflowX !== 'auto' && style.overflowX !== 'scroll') continue;
        if (element.closest('.visually-hidden, [hidden]') || element.clientWidth === 0) continue;
        if (element.scrollWidth > element.clientWidth + 1) problems.push(`${describe(element)} scrolls sideways: ${element.scrollWidth} px of content in ${element.clientWidth} px`);
      }
    }
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || style.position === 'absolute' || style.position === 'fixed') continue;
      if (element.closest('.visually-hidden, [hidden], svg')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const parentStyle = getComputedStyle(parent);
        if (clips(parentStyle)) break;
        if (parentStyle.position === 'fixed') break;
        if (!isBox(parentStyle)) continue;
        const box = parent.getBoundingClientRect();
        if ((rect.right > box.right + 1 || rect.left < box.left - 1) && !reported.has(parent)) {
          reported.add(parent);
          problems.push(`${describe(element)} reaches ${Math.round(Math.max(rect.right - box.right, box.left - rect.left))} px past ${describe(parent)}`);
        }
        break;
      }
    }
    return problems.slice(0, 8);
  });
  return found.map((what) => ({ where, what }));
}

/**
 * Notes a line in `<journey>-progress.log` beside the screenshots (each page checked, with how
 * long it took and what was found), to follow a long journey while it runs.
 */
export function progress(journeyName: string, line: string): void {
  appendFileSync(join(SCREENSHOTS, `${journeyName}-progress.log`), `${new Date().toISOString()} ${line}\n`);
}

/** Waits for the dialog named `name` and answers its locator. */
export async function dialog(page: Page, name: string | RegExp): Promise<Locator> {
  const found = page.getByRole('dialog', { name });
  await found.waitFor();
  await settle(page);
  return found;
}
