import { type CartView, type OrderDto } from '@aero/contracts';
import { waitFor } from '@aero/backend-testing';
import { expect } from '@jest/globals';
import { createUser, signedIn, startAccountsPlatform, type AccountBrowser, type ApiAnswer, type TestUser } from './accounts.js';
import type { Platform, PlatformOptions } from './platform.js';
import { queryDb } from './platform.js';

export { CARDS, cardForm } from '@aero/backend-testing';

/** Demo catalogue ids (catalog-cart seed) and their prices in euros. */
export const PRODUCTS = {
  module7: 107, // course, 199.00
  module1: 101, // course, 99.00
  part145: 201, // course, 149.00
  walletTopUp100: 501, // wallet funds, 100.00
} as const;

export const SIGN_IN_REQUIRED = { message: 'Please sign in to continue.' };

/**
 * The platform of the payments tests: catalog-cart, accounts-invitations and payments (sandbox
 * provider, demo data) as real processes, the gateway in-process.
 */
export function startPaymentsPlatform(options: PlatformOptions = {}): Promise<Platform> {
  return startAccountsPlatform({ ...options, apps: ['payments', ...(options.apps ?? [])] });
}

/** A browser signed in as a brand-new student (their own cart, orders and empty wallet). */
export async function newBuyer(platform: Platform): Promise<{ user: TestUser; browser: AccountBrowser }> {
  const user = await createUser(platform);
  return { user, browser: await signedIn(platform, user.email, user.password) };
}

/** Fills the browser's cart through the gateway (and applies a voucher), failing the test on any refusal. */
export async function fillCart(browser: AccountBrowser, items: [number, number][], voucher?: string): Promise<CartView> {
  let answer: ApiAnswer<CartView> | undefined;
  for (const [productId, quantity] of items) {
    answer = await browser.call<CartView>('POST', '/api/cart/add', { product_id: productId, quantity });
    expect(answer.status).toBe(200);
  }
  if (voucher) expect((await browser.call('POST', `/voucher/apply/${voucher}`)).status).toBe(200);
  return (await browser.call<CartView>('GET', '/api/cart')).body;
}

/** A new buyer, signed in, with this cart (and voucher). */
export async function buyerWithCart(platform: Platform, items: [number, number][] = [[PRODUCTS.module7, 1]], voucher?: string): Promise<AccountBrowser> {
  const { browser } = await newBuyer(platform);
  await fillCart(browser, items, voucher);
  return browser;
}

/** Waits until catalog-cart has taken the paid products out of the cart (its reaction to order.paid). */
export async function waitForEmptyCart(browser: AccountBrowser): Promise<void> {
  await waitFor(async () => (await browser.call<CartView>('GET', '/api/cart')).body.data.length === 0, { what: 'cart emptied after order.paid' });
}

/** A GET as a script (X-Requested-With), JSON parsed. */
export async function scriptGet<T = Record<string, unknown>>(browser: AccountBrowser, path: string): Promise<ApiAnswer<T>> {
  const res = await browser.request('GET', path, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

/** A GET as a browser navigating (follows nothing): status and Location. */
export async function navigate(browser: AccountBrowser, path: string): Promise<{ status: number; location: string | null }> {
  const res = await browser.request('GET', path, { headers: { accept: 'text/html' } });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') };
}

/** Path and query of an address payments built from PUBLIC_BASE_URL (another origin than the test gateway). */
export function pathOf(url: string): string {
  const parsed = new URL(url, 'http://gateway.invalid');
  return `${parsed.pathname}${parsed.search}`;
}

export async function orderOf(browser: AccountBrowser, orderId: string): Promise<OrderDto> {
  const answer = await browser.call<{ data: OrderDto }>('GET', `/api/orders/${orderId}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** How many `order.paid` events payments wrote for the order. */
export async function paidEventCount(platform: Platform, orderId: string): Promise<number> {
  const [row] = await queryDb<{ count: string }>(
    platform,
    `SELECT count(*) FROM payments.outbox WHERE type = 'order.paid' AND payload->'data'->>'orderId' = $1`,
    [orderId],
  );
  return Number(row.count);
}
