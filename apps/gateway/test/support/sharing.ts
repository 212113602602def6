import { type EventEnvelope } from '@aero/contracts';
import { waitFor } from '@aero/backend-testing';
import { expect } from '@jest/globals';
import type { AccountBrowser } from './accounts.js';
import { cardForm, fillCart, startPaymentsPlatform, waitForEmptyCart } from './payments.js';
import { queryDb, type Platform, type PlatformOptions } from './platform.js';
import { PaymentRoutes } from '@aero/contracts';

/** Sharing tests read sharing-organize's and notifications' tables with it. */
export { queryDb };

/** Part-145 Initial Training in the demo catalogue: product 201, course (program) 2001. */
export const PART_145 = { productId: 201, programId: 2001, name: 'Part-145 Initial Training' } as const;
/** Part-66 Module 7 in the demo catalogue: course (program) 1007. */
export const MODULE_7 = { programId: 1007, name: 'Part-66 Module 7: Maintenance Practices' } as const;

/**
 * The platform of the sharing tests: catalog-cart, accounts-invitations, payments and
 * sharing-organize as real processes (with notifications: `startWithMailCatcher`), the gateway
 * in-process.
 */
export function startSharingPlatform(options: PlatformOptions = {}): Promise<Platform> {
  return startPaymentsPlatform({ ...options, apps: ['sharing-organize', ...(options.apps ?? [])] });
}

/** Buys `quantity` of a product by card through the gateway and waits until the order left the cart. */
export function buyByCard(browser: AccountBrowser, productId: number, quantity: number): Promise<string> {
  return buyByCardLines(browser, [[productId, quantity]]);
}

/** Buys these lines ([product, quantity]) by card through the gateway and waits until the order left the cart. */
export async function buyByCardLines(browser: AccountBrowser, lines: [number, number][]): Promise<string> {
  await fillCart(browser, lines);
  const paid = await browser.call<{ redirect_url?: string }>('POST', PaymentRoutes.cardPay, cardForm());
  expect(paid.status).toBe(200);
  await waitForEmptyCart(browser);
  return String(paid.body.redirect_url ?? '').split('/').pop() ?? '';
}

/** Waits until the signed-in user can share `count` seats of the course (sharing-organize granted the order). */
export async function waitForSeats(browser: AccountBrowser, programId: number, count: number): Promise<void> {
  await waitFor(async () => (await browser.call<{ count: number }>('GET', `/my-courses/available-for-sharing/${programId}`)).body.count === count, {
    what: `${count} seats of ${programId}`,
    timeoutMs: 20_000,
  });
}

/** The envelopes sharing-organize wrote to its outbox of this type, oldest first. */
export async function sharingOutbox<T>(platform: Platform, type: string): Promise<EventEnvelope<T>[]> {
  const rows = await queryDb<{ payload: EventEnvelope<T> }>(platform, 'SELECT payload FROM sharing_organize.outbox WHERE type = $1 ORDER BY created_at', [type]);
  return rows.map((r) => r.payload);
}

/** Waits until the e-mail with this key is sent (notifications' row). */
export async function emailSent(platform: Platform, key: string): Promise<void> {
  await waitFor(async () => (await queryDb<{ status: string }>(platform, 'SELECT status FROM notifications.emails WHERE key = $1', [key]))[0]?.status === 'sent', {
    what: `e-mail ${key} sent`,
    timeoutMs: 20_000,
  });
}

/** A header as written with RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), decoded. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}
