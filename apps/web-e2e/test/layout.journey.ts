/// <reference lib="dom" />
import { beforeAll, describe, expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { journey } from './support/journey.js';
import { caughtMails, until } from './support/mail.js';
import { browsingAs, dialog, openPage, overflows, progress, settle, visitorPage, type Overflow } from './support/site-check.js';
import { sitePages, type SitePage, type Visitor } from './support/site-routes.js';

/** The widths every page is taken at: a phone, and the two ends of a laptop's and desktop's. */
const WIDTHS = [390, 1280, 1440] as const;
const HEIGHT = 900;

/** The demo KYC reviewer (libs/contracts DEMO_ACCOUNTS.kyc); the demo student's check is pending. */
const KYC_REVIEWER = 'kyc@aeromaint.local';

/** A visitor who registers in this journey (the product runs on its own database). */
const NEWCOMER = { nick: 'layoutnewcomer', firstName: 'Lina', lastName: 'Ozolina', email: `layout.newcomer.${Date.now()}@example.com`, password: 'Hangar2026!x' };

/**
 * Nothing on the site is wider than the window or than the box it is drawn in: every page (one
 * per route of the web app's route table), signed out, as a student and as a company admin, at
 * 390, 1280 and 1440 px; the company admin's menu at every width from 1280 to 1440 px; the KYC
 * table and its confirmation dialog; the e-mail verification e-mail and page on a phone.
 */
describe('journey: no horizontal overflow on any page at 390, 1280 and 1440 px', () => {
  const trip = journey({ name: 'layout', stepTimeoutMs: 900_000, failurePages: () => trip.openPages() });
  const { step, url, screenshot } = trip;
  let pages: SitePage[];

  beforeAll(() => {
    pages = sitePages();
  });

  /** The overflows of the page now at each width (the page stays loaded; the window is resized). */
  async function atEveryWidth(page: Page, where: string): Promise<Overflow[]> {
    const found: Overflow[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await settle(page);
      found.push(...(await overflows(page, `${where} at ${width} px`)));
    }
    return found;
  }

  async function checkEveryPage(who: Visitor): Promise<void> {
    const page = await visitorPage(trip, who);
    const found: Overflow[] = [];
    for (const { path } of pages) {
      const started = Date.now();
      await page.setViewportSize({ width: WIDTHS[WIDTHS.length - 1], height: HEIGHT });
      await openPage(page, url(path));
      const here = await atEveryWidth(page, `${who} ${path}`);
      found.push(...here);
      progress('layout', `${who} ${path}: ${Date.now() - started} ms, ${here.map((o) => `${o.where}: ${o.what}`).join('; ') || 'no overflow'}`);
    }
    expect(found).toEqual([]);
  }

  step('the pages checked are the routes of the web app', () => {
    expect(pages.length).toBeGreaterThanOrEqual(45);
    return Promise.resolve();
  });

  step('signed out: every page', () => checkEveryPage('visitor'));
  step('as a student: every page', () => checkEveryPage('student'));
  step('as a company admin: every page', () => checkEveryPage('company admin'));

  step("the company admin's top menu fits on one line at every width from 1280 to 1440 px", async () => {
    const page = await visitorPage(trip, 'company admin');
    await openPage(page, url('/e-shop'));
    const found: Overflow[] = [];
    const wrapped: number[] = [];
    for (let width = 1280; width <= 1440; width += 20) {
      await page.setViewportSize({ width, height: HEIGHT });
      await settle(page);
      found.push(...(await overflows(page, `menu at ${width} px`)));
      // One line: every link, the search, the cart and the user's name share the row of the logo.
      const offRow = await page.evaluate(() => {
        const middle = (item: Element) => {
          const rect = item.getBoundingClientRect();
          return rect.top + rect.height / 2;
        };
        const brand = document.querySelector('.top-menu__inner > .brand');
        const items = [...document.querySelectorAll('.top-menu__links > li, .top-menu__tools > *')].filter((item) => item.getBoundingClientRect().height > 0);
        return brand ? items.filter((item) => Math.abs(middle(item) - middle(brand)) > 12).map((item) => item.textContent) : ['no logo'];
      });
      if (offRow.length > 0) wrapped.push(width);
    }
    await page.setViewportSize({ width: 1280, height: HEIGHT });
    await screenshot(page, 'company-admin-menu-1280');
    expect(found).toEqual([]);
    expect(wrapped).toEqual([]);
  });

  step('the KYC table stays in its card; Approve and Decline ask for confirmation first', async () => {
    const page = await browsingAs(trip, KYC_REVIEWER);
    await openPage(page, url('/kyc'));
    const table = page.getByRole('table', { name: 'Pending KYC checks' });
    await table.waitFor();
    const found = await atEveryWidth(page, 'KYC checks');
    await page.setViewportSize({ width: 1280, height: HEIGHT });
    await screenshot(page, 'kyc-1280');

    const rows = await table.locator('tbody tr').count();
    const approve = table.getByRole('button', { name: /^Approve / }).first();
    await approve.click();
    const confirm = await dialog(page, /^Approve the KYC check of .+\?$/);
    found.push(...(await atEveryWidth(page, 'KYC approve confirmation')));
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await table.getByRole('button', { name: /^Decline / }).first().click();
    const decline = await dialog(page, /^Decline the KYC check of /);
    await decline.getByRole('button', { name: 'Cancel' }).click();
    await decline.waitFor({ state: 'hidden' });
    // Nothing was decided.
    expect(await table.locator('tbody tr').count()).toBe(rows);
    expect(found).toEqual([]);
  });

  step('on a phone: the menu folded open, the verification e-mail and the e-mail verification page', async () => {
    const page = await visitorPage(trip, 'visitor');
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, url('/'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await settle(page);
    const found = await overflows(page, 'menu open at 390 px');

    await openPage(page, url('/register'));
    await page.getByRole('textbox', { name: 'Nick', exact: true }).fill(NEWCOMER.nick);
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill(NEWCOMER.firstName);
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(NEWCOMER.lastName);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(NEWCOMER.email);
    await page.getByLabel(/^Password\b/).fill(NEWCOMER.password);
    await page.getByLabel(/^Confirm password\b/).fill(NEWCOMER.password);
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL('**/profile');
    await settle(page);
    found.push(...(await overflows(page, 'profile of a new account (verification notice) at 390 px')));
    await openPage(page, url('/email/verify'));
    found.push(...(await overflows(page, 'e-mail verification page at 390 px')));

    const mail = await until('the verification e-mail', async () =>
      (await caughtMails(trip.product)).find((m) => m.to.some((to) => to.address === NEWCOMER.email) && /verify your e-mail address/i.test(m.subject)),
    );
    const reader = await trip.newPage({ viewport: { width: 390, height: 844 } });
    await reader.setContent(mail.html);
    found.push(...(await overflows(reader, 'verification e-mail at 390 px')));
    await screenshot(reader, 'verification-email-390');

    const link = /https?:\/\/\S+\/email\/verify\?token=[^\s"<]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    await openPage(page, link!.replaceAll('&amp;', '&'));
    await page.getByRole('status').filter({ hasText: 'Your e-mail address has been verified.' }).waitFor();
    found.push(...(await overflows(page, 'e-mail verified at 390 px')));
    expect(found).toEqual([]);
  });
});
