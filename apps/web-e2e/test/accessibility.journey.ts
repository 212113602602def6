/// <reference lib="dom" />
import { beforeAll, describe, expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { FAQ_VIDEO, LOAD_VIDEO, PLAYER_HOST, recordPlayerRequests, serveFaqWithVideo } from './support/faq-video.js';
import { journey } from './support/journey.js';
import { payCartByCard } from './support/shop-steps.js';
import { axeFindings, dialog, openPage, progress, settle, visitorPage, type AxeFinding } from './support/site-check.js';
import { sitePages, type SitePage, type Visitor } from './support/site-routes.js';

/** A course of the demo catalogue with a full syllabus (apps/exams/src/seed/demo-syllabus.data.ts). */
const COURSE = { id: 1007, slug: 'part-66-module-7-maintenance-practices', name: 'Part-66 Module 7: Maintenance Practices' } as const;

/**
 * WCAG AA for everyone who uses the shop: on every page of the site (one per route of the web
 * app's route table), signed out, as a student and as a company admin, and with the main dialogs
 * open, axe-core finds no serious or critical violation; every page has its main heading, which
 * takes the focus after a route change. The FAQ's video player is not contacted before the
 * visitor accepts social-network cookies.
 */
describe('journey: accessibility of every page and dialog (axe-core, serious and critical)', () => {
  const trip = journey({ name: 'accessibility', stepTimeoutMs: 900_000, failurePages: () => trip.openPages() });
  const { step, url } = trip;
  let pages: SitePage[];

  beforeAll(() => {
    pages = sitePages();
  });

  step('the pages checked are the routes of the web app (a route added to the table is checked too)', () => {
    expect(pages.length).toBeGreaterThanOrEqual(45);
    expect(pages.map((page) => page.route)).toEqual(expect.arrayContaining(['/', '/e-shop/:slug', '/cart', '/kyc', '/employees', '/*']));
    return Promise.resolve();
  });

  /** Every page for `who`: its axe findings and whether it has a main heading. */
  async function checkEveryPage(who: Visitor): Promise<void> {
    const page = await visitorPage(trip, who);
    const findings: AxeFinding[] = [];
    const withoutHeading: string[] = [];
    for (const { path } of pages) {
      const started = Date.now();
      await openPage(page, url(path));
      const heading = await page
        .locator('h1')
        .first()
        .waitFor({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (!heading) withoutHeading.push(path);
      const found = await axeFindings(page, `${who} ${path}`);
      findings.push(...found);
      progress('accessibility', `${who} ${path}: ${Date.now() - started} ms, ${found.map((f) => f.rule).join(' ') || 'no finding'}`);
    }
    expect(findings).toEqual([]);
    expect(withoutHeading).toEqual([]);
  }

  step('signed out: every page', () => checkEveryPage('visitor'));
  step('as a student: every page', () => checkEveryPage('student'));
  step('as a company admin: every page', () => checkEveryPage('company admin'));

  step('the cookie notice and the cookie preferences', async () => {
    const page = await trip.newPage({ reducedMotion: 'reduce' });
    await openPage(page, url('/'));
    const notice = page.getByRole('region', { name: 'We use cookies' });
    await notice.waitFor();
    const findings = await axeFindings(page, 'cookie notice');
    await notice.getByRole('button', { name: 'Preferences' }).click();
    await dialog(page, 'Cookie preferences');
    findings.push(...(await axeFindings(page, 'cookie preferences')));
    expect(findings).toEqual([]);
  });

  step('the added-to-cart dialog and the open mini cart', async () => {
    const page = await visitorPage(trip, 'visitor');
    await openPage(page, url(`/e-shop/${COURSE.slug}`));
    await page.getByRole('button', { name: `Add to cart: ${COURSE.name}`, exact: true }).first().click();
    const added = await dialog(page, 'Product added to cart');
    const findings = await axeFindings(page, 'added-to-cart dialog');
    await added.getByRole('button', { name: 'Continue shopping' }).click();
    await added.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /^Cart 1 item$/ }).click();
    await page.getByRole('link', { name: 'View cart' }).waitFor();
    findings.push(...(await axeFindings(page, 'open mini cart')));
    expect(findings).toEqual([]);
  });

  step('the course page of an enrolled student, the course progress dialog and the demo video dialog', async () => {
    const page = await visitorPage(trip, 'student');
    await page.context().route('https://player.vimeo.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Player</title>' }));
    await openPage(page, url(`/e-shop/${COURSE.slug}`));
    await page.getByRole('button', { name: `Add to cart: ${COURSE.name}`, exact: true }).first().click();
    const added = await dialog(page, 'Product added to cart');
    await added.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL(/\/cart(\?|$)/);
    await payCartByCard(page);
    await settle(page);
    const findings = await axeFindings(page, 'payment success');

    await page.getByRole('link', { name: 'My courses' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
    await settle(page);
    findings.push(...(await axeFindings(page, 'my courses with a course')));
    await openPage(page, url(`/course/${COURSE.id}`));
    findings.push(...(await axeFindings(page, 'course page, enrolled')));
    await page.getByRole('button', { name: 'Course progress' }).click();
    const progress = await dialog(page, `Course progress: ${COURSE.name}`);
    findings.push(...(await axeFindings(page, 'course progress dialog')));
    await progress.getByRole('button', { name: 'Close' }).click();
    await progress.waitFor({ state: 'hidden' });
    expect(findings).toEqual([]);
  });

  step('the FAQ video: no request to the player before social cookies are accepted; the placeholder loads it on request', async () => {
    const page = await visitorPage(trip, 'visitor');
    const playerRequests = await recordPlayerRequests(page.context());
    await serveFaqWithVideo(page);
    await openPage(page, url('/faq'));
    for (const question of await page.locator('.faq__question').all()) await question.click();
    const placeholder = page.getByRole('button', { name: LOAD_VIDEO });
    await placeholder.waitFor();
    await settle(page);
    const findings = await axeFindings(page, 'FAQ with the video placeholder');
    expect(playerRequests).toEqual([]);

    await placeholder.click();
    await page.locator('iframe.faq__video').waitFor({ state: 'attached' });
    await page.waitForFunction(() => document.cookie.includes('social_cookies_consent=1'));
    expect(playerRequests.length).toBeGreaterThan(0);
    expect(playerRequests.every((address) => new URL(address).host === PLAYER_HOST && address.includes(FAQ_VIDEO.youtube_key ?? '-'))).toBe(true);
    expect(findings).toEqual([]);
  });

  step('the focus moves to the main heading after each route change', async () => {
    const page: Page = await visitorPage(trip, 'visitor');
    await openPage(page, url('/'));
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'E-shop' }).click();
    await page.getByRole('heading', { level: 1, name: 'E-shop' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('E-shop');

    await page.getByRole('navigation', { name: 'Information' }).getByRole('link', { name: 'Terms and conditions' }).click();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Terms and conditions');
  });
});
