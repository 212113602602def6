/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Cookie, Locator, Page } from 'playwright-core';
import { launchBrowser, watchCspViolations, watchPageErrors, type CspViolation } from './support/browser.js';
import { startProduct, type RunningProduct } from './support/product.js';
import { caughtMails, type CaughtMail } from './support/mail.js';

const SCREENSHOTS = resolve(import.meta.dirname, '../../../test-results/journeys');
const VIEWPORT = { width: 1366, height: 900 };
const DAY_SECONDS = 24 * 60 * 60;

/** The visitor who registers in this journey (the product runs on its own database). */
const VISITOR = {
  nick: 'hangar_lena',
  firstName: 'Lena',
  lastName: 'Berg',
  email: 'lena.berg@journey.example',
  password: 'Hangar2026!',
};

const SALES_EMAIL = 'sales@aeromaint.local';
const CONSENT = {
  necessary: 'necessary_cookies_consent',
  statistics: 'statistics_cookies_consent',
  social: 'social_cookies_consent',
} as const;

/** Polls the SMTP catcher until the e-mails matching `matches` are there (at least `count`). */
async function waitForMails(product: RunningProduct, matches: (mail: CaughtMail) => boolean, count = 1, timeoutMs = 30_000): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await caughtMails(product)).filter(matches);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail matched within ${timeoutMs} ms (found ${found.length})`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

const sentTo = (address: string) => (mail: CaughtMail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase());

/** The text of the error shown under a form control (the `field-error` element it is described by). */
async function fieldError(control: Locator): Promise<string | null> {
  return control.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    for (const id of ids) {
      const described = document.getElementById(id);
      if (described?.classList.contains('field-error')) return described.textContent?.trim() ?? '';
    }
    return null;
  });
}

/** Waits until the control shows `message` under it (aria-invalid and described by the error). */
async function waitForFieldError(control: Locator, message: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [shown, invalid] = await Promise.all([fieldError(control), control.getAttribute('aria-invalid')]);
    if (shown === message && invalid === 'true') return;
    if (Date.now() > deadline) throw new Error(`expected the field error "${message}", saw ${JSON.stringify(shown)} (aria-invalid=${invalid})`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Chooses a country in a country selector by typing part of its name and clicking its option. */
async function chooseCountry(combobox: Locator, page: Page, typed: string, option: string): Promise<void> {
  await combobox.click();
  await combobox.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.waitForFunction(
    ([id, name]) => (document.getElementById(id) as HTMLInputElement | null)?.value === name,
    [(await combobox.getAttribute('id'))!, option] as const,
  );
}

/**
 * A full-page screenshot for people to look at; the sticky top menu stays at the top instead of
 * covering the middle of the picture. The menu is changed through the DOM: screenshot's `style`
 * option would add an inline `<style>`, which the Content-Security-Policy refuses.
 */
async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  const pinMenu = (position: string | null) =>
    page.evaluate((value) => {
      for (const menu of Array.from(document.querySelectorAll<HTMLElement>('.top-menu'))) {
        if (value) menu.style.setProperty('position', value, 'important');
        else menu.style.removeProperty('position');
      }
    }, position);
  await pinMenu('static');
  try {
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
  } finally {
    await pinMenu(null);
  }
}

const byName = (cookies: Cookie[]) => Object.fromEntries(cookies.map((cookie) => [cookie.name, cookie]));

/** The cookie lasts about 365 days from now (consent cookies, shop §9). */
function expectYearLong(cookie: Cookie | undefined): void {
  expect(cookie).toBeDefined();
  const days = (cookie!.expires - Date.now() / 1000) / DAY_SECONDS;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThanOrEqual(365.01);
}

describe('journey: a visitor registers, verifies the e-mail, signs in, fills billing; cookie consent; the contact form', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  /** Uncaught errors of every page the journey opened. */
  const watched: Error[][] = [];
  /** Content-Security-Policy violations of every browser the journey opened. */
  const violations: CspViolation[][] = [];
  const pageErrors = () => watched.flat();

  /** A fresh browser (no cookies at all), its page watched for uncaught errors and CSP violations. */
  async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
    const fresh = await browser.newContext({ viewport: VIEWPORT });
    violations.push(await watchCspViolations(fresh));
    const freshPage = await fresh.newPage();
    freshPage.setDefaultTimeout(10_000);
    watched.push(watchPageErrors(freshPage));
    return { context: fresh, page: freshPage };
  }

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    product = await startProduct();
    browser = await launchBrowser();
    ({ page } = await freshPage());
  }, 240_000);

  afterEach(() => {
    // A violation fails the step it happened in.
    expect(violations.flatMap((list) => list.splice(0))).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  }, 60_000);

  it('registers as a person would, with a password that follows the rules, and lands on the profile', async () => {
    await page.goto(product.url);
    // Accepting the cookie banner first keeps it out of the screenshots of this visitor.
    await page.getByRole('button', { name: 'Accept only necessary' }).click();
    await page.getByRole('group', { name: 'Your account' }).getByRole('link', { name: 'Register' }).click();
    await page.waitForURL('**/register');
    await page.getByRole('heading', { level: 1, name: 'Registration' }).waitFor();

    await page.getByRole('textbox', { name: 'Nick', exact: true }).fill(VISITOR.nick);
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill(VISITOR.firstName);
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(VISITOR.lastName);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(VISITOR.email);
    await page.getByLabel(/^Password\b/).fill(VISITOR.password);
    await page.getByLabel(/^Confirm password\b/).fill(VISITOR.password);
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await screenshot(page, 'accounts-register-filled');

    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.getByRole('form', { name: 'Billing information' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    expect(pageErrors()).toEqual([]);
  });

  it('receives the verification e-mail in the SMTP catcher, opens its link and sees the address verified', async () => {
    const [mail] = await waitForMails(product, (m) => sentTo(VISITOR.email)(m) && /verify your e-mail address/i.test(m.subject));
    const link = /https?:\/\/\S+\/email\/verify\?token=[^\s"<]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(link!.startsWith(`${product.url}/email/verify?token=`)).toBe(true);
    expect(mail.html).toContain('Verify e-mail address');

    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'E-mail verification' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Your e-mail address has been verified.' }).waitFor();
    // Verified: once the signed-in user is read again, no offer to send a new link.
    await page.getByRole('button', { name: 'Send a new verification link' }).waitFor({ state: 'detached' });
    await screenshot(page, 'accounts-email-verified');
    expect(pageErrors()).toEqual([]);
  });

  it("signs out, is told 'Credentials do not match.' for a wrong password, then signs in with the new account", async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    const account = page.getByRole('group', { name: 'Your account' });
    await account.getByRole('link', { name: 'Log in' }).waitFor();
    const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json() as Promise<{ data: unknown }>));
    expect(me.data).toBeNull();

    await account.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/login');
    const email = page.getByRole('textbox', { name: 'E-mail', exact: true });
    const password = page.getByLabel(/^Password\b/);
    await email.fill(VISITOR.email);
    await password.fill('Hangar2026?');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await waitForFieldError(email, 'Credentials do not match.');
    expect(new URL(page.url()).pathname).toBe('/login');

    await password.fill(VISITOR.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    const signedIn = await page.evaluate(() => fetch('/api/me').then((r) => r.json() as Promise<{ data: { email: string; email_verified: boolean } | null }>));
    expect(signedIn.data).toEqual(expect.objectContaining({ email: VISITOR.email, email_verified: true }));
    expect(pageErrors()).toEqual([]);
  });

  it('fills billing: a United States address needs a region, with one it saves, and a reload shows the saved values', async () => {
    await page.getByRole('link', { name: 'Profile', exact: true }).first().click();
    await page.waitForURL('**/profile');
    const billing = page.getByRole('form', { name: 'Billing information' });
    await billing.waitFor();

    const country = billing.getByRole('combobox', { name: 'Country' });
    const region = billing.getByRole('textbox', { name: 'Region', exact: true });
    await chooseCountry(country, page, 'United States', 'United States of America');
    // The form says before sending that the region is needed here.
    await billing.getByText('Required for the United States, Canada and Mexico.').waitFor();
    await region.fill('');
    await billing.getByRole('textbox', { name: 'City', exact: true }).fill('Seattle');
    await billing.getByRole('textbox', { name: 'Address', exact: true }).fill('1200 Airport Way S');
    await billing.getByRole('textbox', { name: 'Zip code', exact: true }).fill('98108');
    await billing.getByRole('textbox', { name: 'Person', exact: true }).fill('Lena Berg');
    await billing.getByRole('textbox', { name: 'E-mail', exact: true }).fill('billing@journey.example');
    await billing.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 206 555 0100');
    await billing.getByRole('button', { name: 'Save billing information' }).click();

    await waitForFieldError(region, 'The region is required for the United States, Canada and Mexico.');
    expect(await billing.getByRole('status').filter({ hasText: 'Billing information updated successfully.' }).count()).toBe(0);
    await screenshot(page, 'accounts-billing-region-error');

    await region.fill('Washington');
    await billing.getByRole('button', { name: 'Save billing information' }).click();
    await billing.getByRole('status').filter({ hasText: 'Billing information updated successfully.' }).waitFor();
    expect(await fieldError(region)).toBeNull();
    await screenshot(page, 'accounts-billing-saved');

    await page.reload();
    const reloaded = page.getByRole('form', { name: 'Billing information' });
    await reloaded.waitFor();
    const value = (name: string) => reloaded.getByRole('textbox', { name, exact: true }).inputValue();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('form[aria-label="Billing information"] input[role="combobox"]')?.value === 'United States of America');
    expect({
      country: await reloaded.getByRole('combobox', { name: 'Country' }).inputValue(),
      region: await value('Region'),
      city: await value('City'),
      address: await value('Address'),
      zip: await value('Zip code'),
      person: await value('Person'),
      email: await value('E-mail'),
      phone: await value('Phone'),
    }).toEqual({
      country: 'United States of America',
      region: 'Washington',
      city: 'Seattle',
      address: '1200 Airport Way S',
      zip: '98108',
      person: 'Lena Berg',
      email: 'billing@journey.example',
      phone: '+1 206 555 0100',
    });
    expect(pageErrors()).toEqual([]);
  });

  it('cookie consent: the banner shows without a decision; Accept all, Accept only necessary and Save preferences set and delete the cookies they should', async () => {
    // Accept all: the three consent cookies, for 365 days.
    {
      const visitor = await freshPage();
      try {
        expect(byName(await visitor.context.cookies())[CONSENT.necessary]).toBeUndefined();
        await visitor.page.goto(product.url);
        const banner = visitor.page.getByRole('region', { name: 'We use cookies' });
        await banner.waitFor();
        await screenshot(visitor.page, 'consent-banner', false);
        const recorded = visitor.page.waitForResponse((r) => r.url().endsWith('/cookie-consent') && r.request().method() === 'POST');
        await banner.getByRole('button', { name: 'Accept all' }).click();
        await banner.waitFor({ state: 'detached' });
        expect((await recorded).status()).toBe(200);

        // Statistics consent loads analytics (its queue exists).
        expect(await visitor.page.evaluate(() => Array.isArray((window as { dataLayer?: unknown }).dataLayer))).toBe(true);
        const cookies = byName(await visitor.context.cookies());
        for (const name of Object.values(CONSENT)) {
          expect(cookies[name]?.value).toBe('1');
          expectYearLong(cookies[name]);
        }
        // The decision holds on the next visit.
        await visitor.page.reload();
        await visitor.page.getByRole('button', { name: 'Cookie settings' }).waitFor();
        expect(await visitor.page.getByRole('region', { name: 'We use cookies' }).count()).toBe(0);
      } finally {
        await visitor.context.close();
      }
    }

    // Accept only necessary: only the necessary consent, and analytics and social cookies deleted.
    {
      const visitor = await freshPage();
      try {
        await visitor.context.addCookies(
          ['_ga', '_gid', '_ga_JOURNEY', '_fbp', 'li_sugr'].map((name) => ({ name, value: 'journey', url: product.url })),
        );
        await visitor.page.goto(product.url);
        const banner = visitor.page.getByRole('region', { name: 'We use cookies' });
        await banner.getByRole('button', { name: 'Accept only necessary' }).click();
        await banner.waitFor({ state: 'detached' });

        const cookies = byName(await visitor.context.cookies());
        expect(cookies[CONSENT.necessary]?.value).toBe('1');
        expectYearLong(cookies[CONSENT.necessary]);
        for (const name of [CONSENT.statistics, CONSENT.social, '_ga', '_gid', '_ga_JOURNEY', '_fbp', 'li_sugr']) {
          expect([name, cookies[name]]).toEqual([name, undefined]);
        }
        // Necessary cookies of the site stay (the XSRF token); analytics is not loaded.
        expect(cookies['XSRF-TOKEN']).toBeDefined();
        expect(await visitor.page.evaluate(() => (window as { dataLayer?: unknown }).dataLayer)).toBeUndefined();
      } finally {
        await visitor.context.close();
      }
    }

    // Preferences: statistics on and social off; later the other way round from the footer.
    {
      const visitor = await freshPage();
      try {
        await visitor.context.addCookies(['_ga', '_gid', '_fbp', 'guest_id'].map((name) => ({ name, value: 'journey', url: product.url })));
        await visitor.page.goto(product.url);
        await visitor.page.getByRole('region', { name: 'We use cookies' }).getByRole('button', { name: 'Preferences' }).click();
        const dialog = visitor.page.getByRole('dialog', { name: 'Cookie preferences' });
        await dialog.waitFor();
        await dialog.getByText('This cookie policy was last reviewed on 19 August 2024.').waitFor();
        for (const caption of ['Necessary cookies: details', 'Statistics cookies: details', 'Social-network cookies: details']) {
          await dialog.getByRole('table', { name: caption }).waitFor();
        }
        expect(await dialog.getByRole('switch', { name: 'Always on' }).isDisabled()).toBe(true);
        const statistics = dialog.getByRole('switch', { name: 'Allow statistics cookies' });
        const social = dialog.getByRole('switch', { name: 'Allow social-network cookies' });
        await statistics.check();
        await social.check();
        await social.uncheck();
        await screenshot(visitor.page, 'consent-preferences', false);
        await dialog.getByRole('button', { name: 'Save preferences' }).click();
        await dialog.waitFor({ state: 'detached' });
        await visitor.page.getByRole('region', { name: 'We use cookies' }).waitFor({ state: 'detached' });

        let cookies = byName(await visitor.context.cookies());
        expect(cookies[CONSENT.necessary]?.value).toBe('1');
        expect(cookies[CONSENT.statistics]?.value).toBe('1');
        expectYearLong(cookies[CONSENT.statistics]);
        expect(cookies[CONSENT.social]).toBeUndefined();
        expect(cookies['_ga']?.value).toBe('journey');
        expect(cookies['_gid']?.value).toBe('journey');
        expect(cookies['_fbp']).toBeUndefined();
        expect(cookies['guest_id']).toBeUndefined();

        // The footer's Cookie settings opens the same preferences with the choice in force.
        await visitor.page.getByRole('button', { name: 'Cookie settings' }).click();
        await dialog.waitFor();
        expect(await statistics.isChecked()).toBe(true);
        expect(await social.isChecked()).toBe(false);
        await statistics.uncheck();
        await social.check();
        await dialog.getByRole('button', { name: 'Save preferences' }).click();
        await dialog.waitFor({ state: 'detached' });

        cookies = byName(await visitor.context.cookies());
        expect(cookies[CONSENT.necessary]?.value).toBe('1');
        expect(cookies[CONSENT.statistics]).toBeUndefined();
        expect(cookies[CONSENT.social]?.value).toBe('1');
        expectYearLong(cookies[CONSENT.social]);
        expect(cookies['_ga']).toBeUndefined();
        expect(cookies['_gid']).toBeUndefined();
      } finally {
        await visitor.context.close();
      }
    }
    expect(pageErrors()).toEqual([]);
  });

  it('the classroom-training contact form shows the field errors, then thanks the visitor, keeps the values and e-mails sales once', async () => {
    await page.goto(`${product.url}/classroom-training#get-in-touch`);
    const section = page.getByRole('region', { name: 'Get in Touch' });
    await section.waitFor();
    // The hash scrolls the form into view.
    await page.waitForFunction(() => {
      const box = document.getElementById('get-in-touch')?.getBoundingClientRect();
      return box !== undefined && box.top < window.innerHeight && box.bottom > 0;
    });

    const name = section.getByRole('textbox', { name: 'Name', exact: true });
    const email = section.getByRole('textbox', { name: 'E-mail', exact: true });
    const courses = section.getByRole('textbox', { name: 'Courses of interest', exact: true });
    const country = section.getByRole('combobox', { name: 'Country of residence' });
    const notARobot = section.getByRole('checkbox', { name: "I'm not a robot" });

    // Business, without a name, without a company and without ticking the captcha.
    await section.getByRole('radio', { name: 'Business' }).check();
    const company = section.getByRole('textbox', { name: 'Company', exact: true });
    await company.waitFor();
    await email.fill('erik.larsen@nordic-mro.example');
    await chooseCountry(country, page, 'Norw', 'Norway');
    await courses.fill('Part-66 B1 modules 1 to 10 for a group of line mechanics.');
    await section.getByRole('button', { name: 'Send a quote' }).click();

    await section.getByRole('alert').filter({ hasText: 'Some fields contain errors. Please correct them and try again.' }).waitFor();
    await waitForFieldError(name, 'The name is required.');
    await waitForFieldError(company, 'The company is required.');
    await waitForFieldError(notARobot, 'Please verify that you are not a robot.');
    expect(await fieldError(email)).toBeNull();
    expect(await fieldError(courses)).toBeNull();
    await screenshot(page, 'contact-form-errors');

    await name.fill('Erik Larsen');
    await company.fill('Nordic Line Maintenance');
    await section.getByRole('textbox', { name: 'Phone', exact: true }).fill('+47 22 00 00 00');
    await section.getByRole('textbox', { name: 'Preferred starting date', exact: true }).pressSequentially('20270301');
    await section.getByRole('spinbutton', { name: 'Group size' }).fill('12');
    await notARobot.check();
    await section.getByRole('button', { name: 'Send a quote' }).click();

    const thanks = section.getByRole('status').filter({
      hasText: "Thanks for contacting us! We've received your request and will respond as soon as possible.",
    });
    await thanks.waitFor();
    expect(await section.getByRole('button', { name: 'Send a quote' }).count()).toBe(0);
    expect(await section.getByRole('alert').count()).toBe(0);
    // The form is not reset.
    expect({
      name: await name.inputValue(),
      email: await email.inputValue(),
      company: await company.inputValue(),
      country: await country.inputValue(),
      courses: await courses.inputValue(),
      date: await section.getByRole('textbox', { name: 'Preferred starting date', exact: true }).inputValue(),
      group: await section.getByRole('spinbutton', { name: 'Group size' }).inputValue(),
      business: await section.getByRole('radio', { name: 'Business' }).isChecked(),
    }).toEqual({
      name: 'Erik Larsen',
      email: 'erik.larsen@nordic-mro.example',
      company: 'Nordic Line Maintenance',
      country: 'Norway',
      courses: 'Part-66 B1 modules 1 to 10 for a group of line mechanics.',
      date: '2027-03-01',
      group: '12',
      business: true,
    });
    for (const field of [name, email, company, notARobot]) expect(await fieldError(field)).toBeNull();
    await screenshot(page, 'contact-form-thanks');

    const isRequest = (mail: CaughtMail) => sentTo(SALES_EMAIL)(mail) && mail.subject === 'Classroom training request from Erik Larsen (Nordic Line Maintenance)';
    const [mail] = await waitForMails(product, isRequest);
    expect(mail.text).toContain('Customer: Business');
    expect(mail.text).toContain('Email: erik.larsen@nordic-mro.example');
    expect(mail.text).toContain('Country: Norway (NO)');
    expect(mail.text).toContain('Preferred starting date: 2027-03-01');
    expect(mail.text).toContain('Group size: 12');
    expect(mail.text).toContain('Part-66 B1 modules 1 to 10 for a group of line mechanics.');
    // Once: the request with errors sent nothing, and the accepted one is not sent twice.
    const settle = Date.now() + 2000;
    while (Date.now() < settle) {
      expect((await caughtMails(product)).filter((m) => sentTo(SALES_EMAIL)(m))).toHaveLength(1);
      await new Promise((done) => setTimeout(done, 250));
    }
    expect(pageErrors()).toEqual([]);
  });
});
