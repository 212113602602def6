import { afterAll, beforeAll, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startProduct, type ProductOptions, type RunningProduct } from './product.js';

/** Where the journeys leave their screenshots. */
export const SCREENSHOTS = resolve(import.meta.dirname, '../../../../test-results/journeys');
/** The desktop window every journey browses in. */
export const VIEWPORT = { width: 1366, height: 900 };

export interface JourneyOptions {
  /** Names the journey's screenshots: `<name>-<shot>.png`, and `<name>-failed-<step>.png` for a failed step. */
  name: string;
  /** How long one step may take (a machine busy with other suites included). */
  stepTimeoutMs: number;
  /** The pages a failed step's screenshots show: the journey's main page, or every page open. */
  failurePages?: () => (Page | undefined)[];
  /** More environment for the product, and the address it is reached at (`startProduct`). */
  productEnv?: Record<string, string>;
  productOptions?: ProductOptions;
}

/** The running product and browser of one journey file, and the way its steps are written. */
export interface Journey {
  readonly product: RunningProduct;
  readonly browser: Browser;
  /** The product's address of `path`. */
  url(path: string): string;
  /** A new browser (no cookies) in the journey's window, closed when the journey ends. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page of a new browser (`newContext`). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** An `it` of the journey, within the step time; a failure leaves screenshots of the failure pages. */
  step(rule: string, run: () => Promise<void>): void;
  /** A full-page screenshot, `<name>-<shot>.png`. */
  screenshot(page: Page, shot: string): Promise<void>;
  /** Every page open in the browsers the journey opened. */
  openPages(): Page[];
}

/**
 * A browser journey over the whole product: the product (every service, the gateway and the
 * built web app) and a browser start before the steps of the surrounding `describe` and stop after
 * them, with every browser context the journey opened.
 */
export function journey({ name, stepTimeoutMs, failurePages = () => [], productEnv = {}, productOptions = {} }: JourneyOptions): Journey {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let steps = 0;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    product = await startProduct(productEnv, productOptions);
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await product?.stop();
  }, 60_000);

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The journey's ${what} is not started`);
    return value;
  };
  const newContext = async (options: BrowserContextOptions = {}) => {
    const context = await started(browser, 'browser').newContext({ viewport: VIEWPORT, ...options });
    contexts.push(context);
    return context;
  };
  const screenshot = async (page: Page, shot: string) => {
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${shot}.png`), fullPage: true });
  };

  return {
    get product() {
      return started(product, 'product');
    },
    get browser() {
      return started(browser, 'browser');
    },
    url: (path) => `${started(product, 'product').url}${path}`,
    newContext,
    newPage: async (options) => (await newContext(options)).newPage(),
    step(rule, run) {
      const number = ++steps;
      it(
        rule,
        async () => {
          try {
            await run();
          } catch (error) {
            const pages = failurePages().filter((page): page is Page => page !== undefined);
            for (const [i, page] of pages.entries()) {
              await screenshot(page, pages.length === 1 ? `failed-${number}` : `failed-${number}-${i}`).catch(() => undefined);
            }
            throw error;
          }
        },
        stepTimeoutMs,
      );
    },
    screenshot,
    openPages: () => contexts.flatMap((context) => context.pages()),
  };
}
