/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchCspViolations, watchPageErrors, type CspViolation } from './support/browser.js';
import { startProduct, type RunningProduct } from './support/product.js';

const SCREENSHOTS = resolve(import.meta.dirname, '../../../test-results/journeys');
const VIEWPORT = { width: 1366, height: 900 };
const ADMIN = { email: 'company@aeromaint.local', password: 'Aviation2026!' };
const COMPANY = 'Nordic Line Maintenance';
/** The person the company invites; they have an account already and join through the popup. */
const INVITEE = { nick: 'rasa_k', firstName: 'Rasa', lastName: 'Kairė', email: 'rasa.kaire@journey.example', password: 'Hangar2026!' };

/** One message of maildev's REST API (`GET /email`). */
interface CaughtMail {
  subject: string;
  to: { address: string }[];
  text: string;
}

async function waitForMail(product: RunningProduct, to: string, subject: RegExp, timeoutMs = 30_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await (await fetch(`${product.mailUrl}/api/email`)).json()) as CaughtMail[];
    const found = mails.find((m) => m.to.some((t) => t.address.toLowerCase() === to) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe("journey: a company admin's people: an employee, a group built with its three modals, an import, an invitation joined through the popup", () => {
  let product: RunningProduct;
  let browser: Browser;
  let admin: Page;
  const watched: Error[][] = [];
  const violations: CspViolation[][] = [];

  async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: VIEWPORT });
    violations.push(await watchCspViolations(context));
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    watched.push(watchPageErrors(page));
    await page.goto(product.url);
    await page.getByRole('button', { name: 'Accept only necessary' }).click();
    return { context, page };
  }

  async function signIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto(`${product.url}/login`);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await page.getByLabel(/^Password\b/).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await declineNewsletterBonus(page);
  }

  /** A signed-in user who never answered is offered the newsletter bonus once; this journey declines it. */
  async function declineNewsletterBonus(page: Page): Promise<void> {
    const bonus = page.getByRole('dialog', { name: 'A bonus for subscribers' });
    const offered = await bonus.waitFor({ timeout: 8000 }).then(() => true, () => false);
    if (offered) {
      await bonus.getByRole('button', { name: 'No, thanks' }).click();
      await bonus.waitFor({ state: 'detached' });
    }
  }

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    product = await startProduct();
    browser = await launchBrowser();
    ({ page: admin } = await freshPage());
    await signIn(admin, ADMIN.email, ADMIN.password);
  }, 240_000);

  afterEach(() => {
    expect(violations.flatMap((list) => list.splice(0))).toEqual([]);
    expect(watched.flatMap((list) => list.splice(0))).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  }, 60_000);

  it('creates an employee from the list page and finds them in it', async () => {
    await admin.getByRole('link', { name: 'Employees', exact: true }).first().click();
    await admin.waitForURL('**/employees');
    await admin.getByRole('heading', { level: 1, name: 'Employees' }).waitFor();
    await admin.getByRole('textbox', { name: 'Name', exact: true }).fill('Jonas Petraitis');
    await admin.getByRole('textbox', { name: 'E-mail', exact: true }).fill('jonas.petraitis@journey.example');
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    await admin.getByRole('status').filter({ hasText: 'Jonas Petraitis has been added.' }).waitFor();
    const table = admin.getByRole('table', { name: 'Employees of your company' });
    await table.getByRole('link', { name: 'Jonas Petraitis', exact: true }).waitFor();
    await screenshot(admin, 'employees-list-added');
    // The success notice lasts 2 s.
    await admin.getByRole('status').filter({ hasText: 'Jonas Petraitis has been added.' }).waitFor({ state: 'detached', timeout: 4000 });
  });

  it('builds a group with the add-from-list, create-and-add and change-name modals', async () => {
    await admin.goto(`${product.url}/employee-groups`);
    await admin.getByRole('textbox', { name: 'Group name', exact: true }).fill('Night shift');
    await admin.getByRole('button', { name: 'Create group' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Group: Night shift' }).waitFor();

    await admin.getByRole('button', { name: 'Add from employee list' }).click();
    const pick = admin.getByRole('dialog', { name: 'Add from employee list' });
    await pick.getByRole('searchbox', { name: 'Search employees to add' }).fill('Jonas');
    await pick.getByRole('button', { name: 'Add Jonas Petraitis' }).click();
    const members = admin.getByRole('table', { name: 'Members of Night shift' });
    await members.getByRole('link', { name: 'Jonas Petraitis', exact: true }).waitFor();
    // A member is no longer offered.
    await pick.getByRole('button', { name: 'Add Jonas Petraitis' }).waitFor({ state: 'detached' });
    await admin.keyboard.press('Escape');

    await admin.getByRole('button', { name: 'Create and add' }).click();
    const create = admin.getByRole('dialog', { name: 'Create and add' });
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill('Ona Vaitkė');
    await create.getByRole('textbox', { name: 'E-mail', exact: true }).fill('ona.vaitke@journey.example');
    await create.getByRole('button', { name: 'Create and add' }).click();
    await create.waitFor({ state: 'detached' });
    await members.getByRole('link', { name: 'Ona Vaitkė', exact: true }).waitFor();

    await admin.getByRole('button', { name: 'Change group name' }).click();
    const rename = admin.getByRole('dialog', { name: 'Change group name' });
    await rename.getByRole('textbox', { name: 'Group name', exact: true }).fill('');
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename.getByText('The name is required.').waitFor();
    await rename.getByRole('textbox', { name: 'Group name', exact: true }).fill('Night shift B1');
    await rename.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Group: Night shift B1' }).waitFor();
    expect(await admin.getByRole('table', { name: 'Members of Night shift B1' }).getByRole('row').count()).toBe(3);
    await screenshot(admin, 'employees-group');
  });

  it('imports a CSV, watching its progress to the report, and confirms its good rows', async () => {
    await admin.goto(`${product.url}/employees/import`);
    await admin.getByRole('heading', { level: 1, name: 'Import employees' }).waitFor();
    const csv = [
      'name,email,department,position',
      ...Array.from({ length: 300 }, (_, i) => `Imported ${String(i).padStart(3, '0')},imported${i}@journey.example,Line maintenance,B1 mechanic`),
      ',nameless@journey.example,Stores,',
      'Jonas Again,jonas.petraitis@journey.example,,',
    ].join('\n');
    // Every value the progress bar takes, however short it shows (a small file is checked in a moment).
    await admin.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { importProgress: number[] }).importProgress = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>('progress[aria-label="Import progress"]');
        if (bar && seen.at(-1) !== bar.value) seen.push(bar.value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    /** The progress values shown since the last call. */
    const progressShown = () => admin.evaluate(() => (window as unknown as { importProgress: number[] }).importProgress.splice(0));

    await admin.getByLabel('CSV or XLSX file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await admin.getByRole('button', { name: 'Upload' }).click();
    await admin.getByRole('heading', { name: 'Checked: some rows were rejected' }).waitFor({ timeout: 60_000 });
    // The bar showed while the rows were checked, and is gone with the report.
    expect((await progressShown()).length).toBeGreaterThan(0);
    expect(await admin.getByRole('progressbar', { name: 'Import progress' }).count()).toBe(0);
    const rejected = admin.getByRole('table', { name: 'Rejected rows' });
    await rejected.getByRole('cell', { name: 'The name is required.' }).waitFor();
    await rejected.getByRole('cell', { name: 'An employee with this e-mail already exists.' }).waitFor();
    await screenshot(admin, 'employees-import-report');
    await admin.getByRole('button', { name: 'Import the accepted rows' }).click();
    await admin.getByRole('heading', { name: 'Import finished' }).waitFor({ timeout: 60_000 });
    expect((await progressShown()).length).toBeGreaterThan(0);
    expect(await admin.getByText('Employees created').locator('xpath=following-sibling::dd').textContent()).toBe('300');
  });

  it('invites a person who has an account; they join through the popup and appear in the employee list', async () => {
    // The person registers and verifies their address (an unverified address is not offered invitations).
    const { page: person } = await freshPage();
    await person.goto(`${product.url}/register`);
    await person.getByRole('textbox', { name: 'Nick', exact: true }).fill(INVITEE.nick);
    await person.getByRole('textbox', { name: 'First name', exact: true }).fill(INVITEE.firstName);
    await person.getByRole('textbox', { name: 'Last name', exact: true }).fill(INVITEE.lastName);
    await person.getByRole('textbox', { name: 'E-mail', exact: true }).fill(INVITEE.email);
    await person.getByLabel(/^Password\b/).fill(INVITEE.password);
    await person.getByLabel(/^Confirm password\b/).fill(INVITEE.password);
    await person.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await person.getByRole('button', { name: 'Register', exact: true }).click();
    await person.waitForURL('**/profile');
    await declineNewsletterBonus(person);
    const verification = await waitForMail(product, INVITEE.email, /verify your e-mail address/i);
    await person.goto(/https?:\/\/\S+\/email\/verify\?token=[^\s"<]+/.exec(verification.text)![0]);
    await person.getByRole('status').filter({ hasText: 'Your e-mail address has been verified.' }).waitFor();

    // The company admin invites them.
    await admin.goto(`${product.url}/invitations`);
    await admin.getByRole('heading', { level: 1, name: 'My pending invitations' }).waitFor();
    await admin.getByRole('link', { name: 'Invite employee' }).click();
    await admin.getByRole('textbox', { name: 'Email', exact: true }).fill(INVITEE.email);
    await admin.getByRole('textbox', { name: 'Department', exact: true }).fill('Avionics');
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await admin.waitForURL('**/invitations');
    const list = admin.getByRole('table', { name: 'Pending invitations' });
    await list.getByRole('cell', { name: INVITEE.email, exact: true }).waitFor();
    await screenshot(admin, 'employees-invitations');
    await waitForMail(product, INVITEE.email, new RegExp(`${COMPANY} invites you to its Student List`));

    // Two seconds after a page loads, the popup asks them to join; Join is the only way out.
    await person.goto(`${product.url}/profile`);
    const popup = person.getByRole('dialog', { name: 'Hooray !!!' });
    await popup.waitFor({ timeout: 10_000 });
    await popup.getByText(`${COMPANY} is about to share its online courses with you. Join its Student List.`).waitFor();
    await screenshot(person, 'employees-invitation-popup');
    await popup.getByRole('button', { name: 'Join' }).click();
    await popup.waitFor({ state: 'detached' });
    const me = await person.evaluate(() => fetch('/api/me').then((r) => r.json() as Promise<{ data: { company_name: string; roles: string[] } }>));
    expect(me.data).toEqual(expect.objectContaining({ company_name: COMPANY, roles: expect.arrayContaining(['employee']) }));

    // The company finds them among its employees.
    await admin.goto(`${product.url}/employees`);
    await admin.getByRole('searchbox', { name: 'Search employees' }).fill(INVITEE.email);
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    const table = admin.getByRole('table', { name: 'Employees of your company' });
    await table.getByRole('link', { name: `${INVITEE.firstName} ${INVITEE.lastName}`, exact: true }).waitFor();
    await table.getByRole('cell', { name: 'Avionics', exact: true }).waitFor();
    await screenshot(admin, 'employees-joined');
  });
});
