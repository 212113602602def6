import type { RateLimitOptions } from '../rate-limit/rate-limit.options.js';

/**
 * Calls that may wait on a payment provider (create, verify, capture) get longer than the
 * gateway's default RPC limit: payments gives each provider call PROVIDER_TIMEOUT_MS (10 s) and a
 * pay request may need two of them.
 */
export const PROVIDER_CALL = { timeoutMs: 20_000 } as const;

/**
 * Payment attempts per session: every pay route (card, PayPal, bank wire, wallet, free) shares
 * one count, so a script cannot try card numbers in a loop. Per session rather than per address:
 * a company behind one address has many buyers, and a signed-in session is tied to one account.
 */
export const PAYMENT_ATTEMPTS_LIMIT: RateLimitOptions = {
  name: 'payment-attempts',
  limit: 20,
  windowSeconds: 60,
  by: 'session',
  message: 'Too many payment attempts. Please retry in {seconds} seconds.',
};
