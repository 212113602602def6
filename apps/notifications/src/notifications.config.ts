import { bankWireAccountConfig, infraConfigSchema, loadConfig, publicBaseUrlConfig } from '@aero/backend-config';
import { z } from 'zod';

/** `Display Name <address@domain>` or a bare address. */
const MAILBOX = /^\s*(?:"?([^"<>]*?)"?\s*<([^<>\s@]+@([^<>\s@]+))>|([^<>\s@]+@([^<>\s@]+)))\s*$/;

export interface Mailbox {
  name: string;
  address: string;
  domain: string;
}

export function parseMailbox(text: string): Mailbox | null {
  const match = MAILBOX.exec(text);
  if (!match) return null;
  return match[2]
    ? { name: match[1].trim(), address: match[2], domain: match[3] }
    : { name: '', address: match[4], domain: match[5] };
}

/**
 * The notifications service's settings besides the shared infrastructure ones. The defaults
 * send through the local SMTP catcher that `npm start` runs (maildev on port 1025).
 */
export const notificationsConfigSchema = infraConfigSchema.extend({
  /** The shop's public address (an origin, no trailing slash): the links the e-mails composed here point to it. */
  ...publicBaseUrlConfig,
  /** The shop's bank account, e-mailed with a bank-wire order (the one payments shows on its instructions page). */
  ...bankWireAccountConfig,
  /** `smtp://host:port` (STARTTLS when offered) or `smtps://user:pass@host:465`. */
  SMTP_URL: z
    .string()
    .default('smtp://127.0.0.1:1025')
    .refine((url) => /^smtps?:\/\/[^/]+/.test(url), 'must be smtp://host:port or smtps://host:port'),
  /** The sender of every e-mail, e.g. `AeroMaint Academy <no-reply@aeromaint.local>`. */
  MAIL_FROM: z
    .string()
    .default('AeroMaint Academy <no-reply@aeromaint.local>')
    .transform((text, ctx) => {
      const mailbox = parseMailbox(text);
      if (!mailbox) {
        ctx.addIssue({ code: 'custom', message: 'must be an address or "Name <address>"' });
        return z.NEVER;
      }
      return mailbox;
    }),
  /** E-mails sent at the same time by one process. */
  EMAIL_WORKER_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /** Send attempts per e-mail before it stays `failed` (an SMTP 5xx refusal stops at once). */
  EMAIL_SEND_ATTEMPTS: z.coerce.number().int().positive().default(8),
  /**
   * First retry delay; it doubles each time. With the defaults the attempts span about 20
   * minutes, so a mail relay restart or a short outage loses nothing.
   */
  EMAIL_RETRY_DELAY_MS: z.coerce.number().int().positive().default(5000),
  /**
   * How long a claim on an e-mail (status `sending`) holds without being renewed. The worker
   * sending it renews it every quarter of this, so only the claim of a worker that died (or
   * stalled that long) runs out, and the e-mail goes out again soon after: by about this long
   * after the crash. Its queue job's lock and stall check follow the same clock.
   */
  EMAIL_SEND_LEASE_MS: z.coerce.number().int().min(400).default(20_000),
  /** Where classroom-training contact requests are e-mailed. */
  SALES_EMAIL: z.string().email().default('sales@aeromaint.local'),
  /**
   * `test` (default for `npm start` and the tests): accepts only the documented test token
   * `test-captcha-pass`. `recaptcha`: Google reCAPTCHA server verification with RECAPTCHA_SECRET.
   */
  CAPTCHA_PROVIDER: z.enum(['test', 'recaptcha']).default('test'),
  RECAPTCHA_SECRET: z.string().default(''),
  /** The siteverify endpoint; tests point it at a local fake. */
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** How long to wait for the captcha provider before answering 503. */
  RECAPTCHA_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** The seller printed on every invoice (a snapshot is kept with each invoice, so a change applies to new ones only). */
  INVOICE_SELLER_NAME: z.string().trim().min(1).default('AeroMaint Academy'),
  /** The seller's postal address, lines separated by `;`. */
  INVOICE_SELLER_ADDRESS: z
    .string()
    .default('Aviation Park 12;1130 Brussels;Belgium')
    .transform((text) =>
      text
        .split(';')
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  /** The seller's VAT identification number. */
  INVOICE_SELLER_VAT_ID: z.string().trim().min(1).default('BE0123456789'),
  /**
   * The seller's standard VAT rate in percent, which shop prices include (Belgium: 21). Invoices
   * show it per line, with the taxable amount and the VAT (reverse charge for a company of another
   * EU member state: 0 %).
   */
  INVOICE_VAT_RATE_PERCENT: z.coerce.number().min(0).max(100).default(21),
  /** Invoice numbers are `<prefix>-<year>-<sequence of 6 digits>`, e.g. `AM-INV-2026-000001`. */
  INVOICE_NUMBER_PREFIX: z
    .string()
    .default('AM-INV')
    .refine((prefix) => /^[A-Z0-9][A-Z0-9-]{0,19}$/.test(prefix), 'must be 1 to 20 capital letters, digits or dashes'),
}).superRefine((config, ctx) => {
  if (config.CAPTCHA_PROVIDER === 'recaptcha' && !config.RECAPTCHA_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['RECAPTCHA_SECRET'], message: 'is required when CAPTCHA_PROVIDER=recaptcha' });
  }
});

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

/** Injection token of the validated NotificationsConfig. */
export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');

export function loadNotificationsConfig(env: NodeJS.ProcessEnv = process.env): NotificationsConfig {
  return loadConfig(notificationsConfigSchema, env);
}
