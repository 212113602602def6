import { bankWireAccountConfig, loadConfig, publicBaseUrlConfig } from '@aero/backend-config';
import { PAYMENT_METHODS, type PaymentMethod } from '@aero/contracts';
import { z } from 'zod';

/**
 * The payments service's own settings (besides the shared infrastructure ones). Every value has
 * a working local default: the sandbox provider, a demo bank account, one hour to pay.
 */
export const paymentsConfigSchema = z
  .object({
    /** `sandbox` (local provider with test cards, default) or `live` (Mangopay + PayPal REST APIs). */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'live']).default('sandbox'),
    /** Methods offered on the payment page, in display order. */
    PAYMENT_METHODS: z
      .string()
      .default(PAYMENT_METHODS.join(','))
      .transform((text) => text.split(',').map((m) => m.trim()).filter(Boolean))
      .pipe(z.array(z.enum(PAYMENT_METHODS))),
    /** An unpaid order is canceled (and its voucher released) after this many minutes. */
    ORDER_EXPIRY_MINUTES: z.coerce.number().positive().default(60),
    /** A bank-wire order waits this many days for the transfer. */
    BANK_WIRE_EXPIRY_DAYS: z.coerce.number().positive().default(14),
    /**
     * The shop's public address (an origin, no trailing slash): the 3-D Secure and PayPal return
     * addresses and the sandbox provider's pages start with it, so the buyer comes back signed in.
     */
    ...publicBaseUrlConfig,
    /** The shop's bank account (shared with notifications, which e-mails it). */
    ...bankWireAccountConfig,
    /** Time limit of one call to a payment provider. */
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    MANGOPAY_BASE_URL: z.string().url().default('https://api.sandbox.mangopay.com'),
    MANGOPAY_CLIENT_ID: z.string().default(''),
    MANGOPAY_API_KEY: z.string().default(''),
    /** The platform wallet that card pay-ins credit. */
    MANGOPAY_WALLET_ID: z.string().default(''),
    PAYPAL_BASE_URL: z.string().url().default('https://api-m.sandbox.paypal.com'),
    PAYPAL_CLIENT_ID: z.string().default(''),
    PAYPAL_CLIENT_SECRET: z.string().default(''),
  })
  .superRefine((config, ctx) => {
    if (config.PAYMENT_PROVIDER !== 'live') return;
    for (const name of ['MANGOPAY_CLIENT_ID', 'MANGOPAY_API_KEY', 'MANGOPAY_WALLET_ID', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'] as const) {
      if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when PAYMENT_PROVIDER=live' });
    }
  });

export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** Injection token of the validated PaymentsConfig. */
export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');

export function loadPaymentsConfig(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  return loadConfig(paymentsConfigSchema, env);
}

export function methodEnabled(config: PaymentsConfig, method: PaymentMethod): boolean {
  return config.PAYMENT_METHODS.includes(method);
}
