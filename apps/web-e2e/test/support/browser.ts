import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, and no
 * background networking: the machine has no Internet).
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (bash .ci/run does it)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Fails the journey on any error the page itself reports (uncaught exceptions). */
export function watchPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/** A Content-Security-Policy violation as the browser reports it (`securitypolicyviolation`). */
export interface CspViolation {
  /** The address of the document (page or frame) where it happened. */
  page: string;
  directive: string;
  blocked: string;
  source: string;
  line: number;
  sample: string;
}

/**
 * Collects every CSP violation of every page and frame of the context: a listener for the
 * browser's `securitypolicyviolation` event, installed before any script of a document runs (a
 * violation while the HTML is parsed is caught too), reports to the test process. Playwright's
 * `screenshot({ style })` adds an inline `<style>` to the page, which the policy refuses too: a
 * journey that watches violations takes its screenshots without it.
 */
export async function watchCspViolations(context: BrowserContext): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await context.exposeBinding('__reportCspViolation', ({ frame }, violation: Omit<CspViolation, 'page'>) => {
    violations.push({ page: frame.url(), ...violation });
  });
  await context.addInitScript(() => {
    const report = (globalThis as unknown as { __reportCspViolation: (violation: Omit<CspViolation, 'page'>) => Promise<void> }).__reportCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      void report({ directive: event.effectiveDirective, blocked: event.blockedURI, source: event.sourceFile, line: event.lineNumber, sample: event.sample });
    });
  });
  return violations;
}
