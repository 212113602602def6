/// <reference lib="dom" />
import { afterEach, beforeAll, describe, expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { watchCspViolations, watchPageErrors, type CspViolation } from './support/browser.js';
import { FAQ_VIDEO, LOAD_VIDEO, serveFaqWithVideo } from './support/faq-video.js';
import { journey } from './support/journey.js';
import { addCourseToCart, DEMO_PASSWORD as PASSWORD, emptyCart, proceedToPayment } from './support/shop-steps.js';

const STUDENT = 'student@aeromaint.local';

/** Demo courses (apps/catalog-cart/src/seed/demo-catalog.data.ts), one per payment of the journey. */
const COURSES = {
  threeDs: { name: 'Part-66 Module 8: Basic Aerodynamics', slug: 'part-66-module-8-basic-aerodynamics', price: '€99.00' },
  payPal: { name: 'Part-145 Continuation Training', slug: 'part-145-continuation-training', price: '€79.00' },
  bankWire: { name: 'Part-M Continuing Airworthiness', slug: 'part-m-continuing-airworthiness', price: '€179.00' },
} as const;

/** A sandbox test card that asks for 3-D Secure (apps/payments/README.md). */
const THREE_DS_CARD = '4000000000003220';

/**
 * The web app and the pages the gateway serves next to it (the sandbox 3-D Secure and PayPal
 * pages, Swagger UI) run under the gateway's Content-Security-Policy, which allows no inline
 * script: any script, style, frame or request the policy refuses fails the step it happened in.
 */
describe('journey: every page works under the Content-Security-Policy (no violation anywhere)', () => {
  let page: Page;
  let violations: CspViolation[];
  let pageErrors: Error[];
  /** The policy of every document the journey loaded, by address. */
  const policies = new Map<string, string | undefined>();

  const { url, newContext, step } = journey({ name: 'content-security', stepTimeoutMs: 60_000 });

  async function open(path: string, heading: string | RegExp): Promise<void> {
    await page.goto(url(path));
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  }

  beforeAll(async () => {
    const context = await newContext();
    violations = await watchCspViolations(context);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    pageErrors = watchPageErrors(page);
    page.on('response', (response) => {
      if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) {
        policies.set(response.url(), response.headers()['content-security-policy']);
      }
    });
  });

  afterEach(() => {
    // A violation or an uncaught error fails the step it happened in.
    expect(violations.splice(0)).toEqual([]);
    expect(pageErrors.splice(0).map((error) => error.message)).toEqual([]);
  });

  step('the journey sees a violation when there is one: an inline script is refused and reported', async () => {
    await page.goto(url('/'));
    await page.getByRole('button', { name: 'Accept only necessary' }).click();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true;';
      document.head.append(script);
    });
    for (let waited = 0; violations.length === 0 && waited < 5000; waited += 50) await page.waitForTimeout(50);
    expect(violations.splice(0)).toEqual([expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' })]);
    expect(await page.evaluate(() => (window as unknown as { inlineScriptRan?: boolean }).inlineScriptRan)).toBeUndefined();
  });

  step('a visitor browses the home page, the e-shop, a course, the FAQ with its video, an article and the classroom page', async () => {
    await page.goto(url('/'));
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await open('/e-shop', 'E-shop');
    await open(`/e-shop/${COURSES.threeDs.slug}`, COURSES.threeDs.name);
    // The demo content has no video: the FAQ gets one, whose player loads once social cookies are accepted.
    await serveFaqWithVideo(page);
    await open('/faq', 'FAQ');
    await page.getByRole('button', { name: FAQ_VIDEO.question }).click();
    await page.getByRole('button', { name: LOAD_VIDEO }).click();
    // The frame's address is checked against frame-src before it loads (this machine has no Internet).
    await page.locator('iframe.faq__video').waitFor({ state: 'attached' });
    await page.unroute('**/api/content/faq');
    await open('/articles/faq-corporate-account', 'Corporate account: frequently asked questions');
    await open('/classroom-training', 'Classroom training');
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
  });

  step('the sign-in, registration and password pages, and a page that does not exist', async () => {
    await open('/register', 'Registration');
    await open('/password/reset', 'Password reset');
    await page.goto(url('/no-such-page'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await open('/login', 'Log in');
    await page.getByLabel('E-mail').fill(STUDENT);
    await page.getByLabel('Password', { exact: false }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((address) => !address.pathname.startsWith('/login'));
  });

  step('the signed-in pages: profile and orders', async () => {
    await open('/profile', 'Profile');
    await page.getByRole('form', { name: 'Billing information' }).waitFor();
    await open('/orders', 'Orders');
  });

  step('card with 3-D Secure: the payment page, the sandbox 3-D Secure page and the success page', async () => {
    await emptyCart(page, url(''));
    await addCourseToCart(page, url(''), COURSES.threeDs);
    await proceedToPayment(page, COURSES.threeDs.price);
    const form = page.getByRole('form', { name: 'Credit card' });
    await form.getByLabel('Card number').fill(THREE_DS_CARD);
    await form.getByLabel('Expiration month').selectOption('12');
    await form.getByLabel('Expiration year').selectOption(String(new Date().getFullYear() + 2));
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: `Pay ${COURSES.threeDs.price}` }).click();
    await page.waitForURL(/\/sandbox\/3ds\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: '3-D Secure verification' }).waitFor();
    // Loaded as a document of its own too (what a bank's page is), not only through the router.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: '3-D Secure verification' }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/payment\/success\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
  });

  step('PayPal: the sandbox PayPal approval page, then back to the success page', async () => {
    await emptyCart(page, url(''));
    await addCourseToCart(page, url(''), COURSES.payPal);
    await proceedToPayment(page, COURSES.payPal.price);
    await page.getByRole('radio', { name: 'PayPal', exact: true }).check();
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    await page.waitForURL(/\/sandbox\/paypal\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: 'Approve your PayPal payment' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Approve your PayPal payment' }).waitFor();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.waitForURL(/\/payment\/success\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
  });

  step('bank wire: the instructions page', async () => {
    await emptyCart(page, url(''));
    await addCourseToCart(page, url(''), COURSES.bankWire);
    await proceedToPayment(page, COURSES.bankWire.price);
    await page.getByRole('radio', { name: 'Bank wire', exact: true }).check();
    await page.getByRole('button', { name: 'Pay by bank wire' }).click();
    await page.waitForURL(/\/payment\/bank-wire\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Pay by bank wire' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Pay by bank wire' }).waitFor();
  });

  step('the public API documentation (Swagger UI) renders under its own policy', async () => {
    await page.goto(url('/api/docs'));
    await page.locator('.swagger-ui .opblock').first().waitFor();
  });

  step('every document the journey loaded came with the policy: scripts from the shop only, no inline script', () => {
    expect(policies.size).toBeGreaterThanOrEqual(15);
    for (const [address, policy] of policies) {
      const scripts = /(?:^|;)\s*script-src ([^;]*)/.exec(policy ?? '')?.[1].trim().split(/\s+/);
      expect({ address, scripts }).toEqual({ address, scripts: ["'self'"] });
    }
    return Promise.resolve();
  });
});
