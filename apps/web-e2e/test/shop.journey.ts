/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, watchPageErrors } from './support/browser.js';
import { startProduct, type RunningProduct } from './support/product.js';

const SCREENSHOTS = resolve(import.meta.dirname, '../../../test-results/journeys');
const MODULE_7 = 'Part-66 Module 7: Maintenance Practices';

/** The totals table of the cart page as { row label: amount text }. */
async function totals(page: Page): Promise<Record<string, string>> {
  const rows = await page.locator('table.cart-totals tr').all();
  const result: Record<string, string> = {};
  for (const row of rows) {
    const label = (await row.locator('th').innerText()).replace(/\s*\(.*\)$/, '').trim();
    result[label] = (await row.locator('td').innerText()).trim();
  }
  return result;
}

/** Waits until the cart's Total row (not Sub Total, which may change first) shows `amount`. */
async function waitForTotal(page: Page, amount: string): Promise<void> {
  await page.waitForFunction(
    (expected) => document.querySelector('table.cart-totals tr.cart-totals__total td')?.textContent?.trim() === expected,
    amount,
  );
}

describe('journey: a visitor finds a course, fills the cart and uses a voucher', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let pageErrors: Error[];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    product = await startProduct();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    page.setDefaultTimeout(10_000);
    pageErrors = watchPageErrors(page);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('finds the course by searching with a typo and opens its page', async () => {
    await page.goto(product.url);
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.click();
    await search.fill('maintenence practises');
    const option = page.getByRole('option', { name: new RegExp(MODULE_7) });
    await option.waitFor({ state: 'visible' });
    await option.click();
    await page.waitForURL('**/e-shop/part-66-module-7-maintenance-practices');
    await page.getByRole('heading', { level: 1, name: MODULE_7 }).waitFor({ state: 'visible' });
  });

  it('adds it to the cart and sees the added-to-cart modal, then proceeds to the cart', async () => {
    await page.getByRole('button', { name: `Add to cart: ${MODULE_7}` }).first().click();
    const modal = page.getByRole('dialog', { name: 'Product added to cart' });
    await modal.waitFor();
    await modal.getByText(MODULE_7).first().waitFor({ state: 'visible' });
    await modal.getByRole('link', { name: 'Proceed to checkout' }).or(modal.getByRole('button', { name: 'Proceed to checkout' })).click();
    await page.waitForURL(/\/cart(\?|$)/);
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    expect(await totals(page)).toEqual(expect.objectContaining({ 'Sub Total': '€199.00', Total: '€199.00' }));
  });

  it('changes the quantity and the totals follow after the pause', async () => {
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${MODULE_7}` }).or(page.getByLabel(`Quantity of ${MODULE_7}`)).first();
    await quantity.fill('3');
    await waitForTotal(page, '€597.00');
    expect(await totals(page)).toEqual(expect.objectContaining({ 'Sub Total': '€597.00', Total: '€597.00' }));
  });

  it('is told a voucher code is required, applies SPRING25, sees the totals change, and removes it', async () => {
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Voucher code is required.').first().waitFor({ state: 'visible' });

    await page.getByLabel('Voucher code').fill('SPRING25');
    await page.getByRole('button', { name: 'Apply' }).click();
    await waitForTotal(page, '€447.75');
    expect(await totals(page)).toEqual(expect.objectContaining({ Voucher: '-€149.25', Total: '€447.75' }));
    await page.screenshot({ path: join(SCREENSHOTS, 'cart-with-voucher.png'), fullPage: true });

    await page.getByRole('button', { name: 'Remove voucher' }).click();
    await waitForTotal(page, '€597.00');
    expect((await totals(page)).Total).toBe('€597.00');
  });

  it('refuses an expired voucher with its own message', async () => {
    await page.getByLabel('Voucher code').fill('EXPIRED');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('This voucher has expired.').first().waitFor({ state: 'visible' });
  });

  it('proceeds to checkout, which asks a visitor to sign in first', async () => {
    await page.getByRole('link', { name: 'Proceed' }).or(page.getByRole('button', { name: 'Proceed', exact: true })).first().click();
    await page.waitForURL(/\/login\?redirect=%2Fcart%2Fcredentials|\/login\?redirect=\/cart\/credentials/);
    expect(pageErrors).toEqual([]);
  });
});
