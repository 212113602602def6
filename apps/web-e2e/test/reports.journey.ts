/// <reference lib="dom" />
import { beforeAll, describe, expect } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { watchPageErrors } from './support/browser.js';
import { journey } from './support/journey.js';
import { addCourseToCart, payCartByCard, signIn } from './support/shop-steps.js';

const COMPANY = 'company@aeromaint.local';
const STUDENT = 'student@aeromaint.local';
const COURSE = { name: 'Part-145 Initial Training', slug: 'part-145-initial-training' } as const;

describe('journey: a company admin opens the reports (progress of its learners with the chart, received courses, wallet) and downloads a CSV', () => {
  let company: Page;
  let pageErrors: Error[];

  const { url, newPage, step, screenshot } = journey({ name: 'reports', stepTimeoutMs: 90_000, failurePages: () => [company] });

  beforeAll(async () => {
    company = await newPage({ acceptDownloads: true });
    pageErrors = watchPageErrors(company);
  });

  step('the company buys 2 seats by card and shares one with a learner by e-mail', async () => {
    await signIn(company, url(''), COMPANY);
    await addCourseToCart(company, url(''), COURSE);
    await company.getByLabel(`Quantity of ${COURSE.name}`).fill('2');
    await company.getByRole('table', { name: 'Products in your cart' }).getByText('€298.00').first().waitFor();
    await payCartByCard(company);
    await company.goto(url('/quick-share'));
    await company.getByRole('tab', { name: /Share\s*2/ }).waitFor({ timeout: 30_000 });
    await company.getByRole('button', { name: 'Add recipient' }).click();
    await company.getByLabel('Recipient 1', { exact: true }).fill(STUDENT);
    await company.getByRole('button', { name: 'Share selected' }).click();
    await company.getByRole('tab', { name: /Share\s*1/ }).waitFor();
  });

  step('the learner receives the course', async () => {
    const student = await newPage({ acceptDownloads: true });
    await signIn(student, url(''), STUDENT);
    const prompt = student.getByRole('dialog', { name: /Courses shared with you/ });
    await prompt.waitFor({ timeout: 15_000 });
    await prompt.getByRole('button', { name: 'Receive' }).click();
    await student.waitForURL(/\/my-courses$/, { timeout: 15_000 });
    await student.getByRole('heading', { name: COURSE.name }).waitFor({ timeout: 30_000 });
  });

  step('the company admin opens Reports from the menu: the progress of its learner and the chart by course', async () => {
    await company.goto(url('/'));
    await company.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
    await company.waitForURL(/\/reports$/);
    await company.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await company.getByRole('tab', { name: 'Course progress', selected: true }).waitFor();
    const table = company.getByRole('table', { name: 'Course progress' });
    await table.getByRole('cell', { name: STUDENT }).waitFor({ timeout: 30_000 });
    const row = table.getByRole('row').filter({ hasText: STUDENT });
    await row.getByRole('cell', { name: COURSE.name }).waitFor();
    await row.getByRole('cell', { name: 'Not started' }).waitFor();
    await company.getByRole('img', { name: 'Progress by course' }).waitFor();
    expect(await company.locator('figure.bar-chart desc').textContent()).toBe(`${COURSE.name}: 0 % (1 learner, 0 completed)`);
    await screenshot(company, 'course-progress');
  });

  step('received courses: the learner with the course, the dates and "Accepted"; sorted by recipient', async () => {
    await company.getByRole('tab', { name: 'Received courses' }).click();
    await company.waitForURL(/\/reports\?tab=received-courses$/);
    const table = company.getByRole('table', { name: 'Received courses' });
    const row = table.getByRole('row').filter({ hasText: STUDENT });
    await row.getByRole('cell', { name: 'Accepted' }).waitFor();
    await row.getByRole('cell', { name: COURSE.name }).waitFor();
    await table.getByRole('button', { name: 'Recipient e-mail' }).click();
    await table.getByRole('columnheader', { name: 'Recipient e-mail' }).and(company.locator('[aria-sort="ascending"]')).waitFor();
    await screenshot(company, 'received-courses');
  });

  step('downloads the received courses as CSV: the header and the row of every share, sorted as the table', async () => {
    const [download] = await Promise.all([company.waitForEvent('download'), company.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^received-courses-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('recipient_email,course_name,shared_at,expires,status');
    expect(lines.slice(1)).toEqual([expect.stringMatching(new RegExp(`^${STUDENT},${COURSE.name},\\d{4}-\\d{2}-\\d{2}T[^,]+,\\d{4}-06-30,accepted$`))]);
  });

  step('the wallet: the demo credit and its balance', async () => {
    await company.getByRole('tab', { name: 'Wallet' }).click();
    const table = company.getByRole('table', { name: 'Wallet' });
    const row = table.getByRole('row').filter({ hasText: 'Demo wallet credit' });
    await row.getByRole('cell', { name: '€2,000.00' }).first().waitFor();
    await screenshot(company, 'wallet');
    expect(pageErrors).toEqual([]);
  });
});
