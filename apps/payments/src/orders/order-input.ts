import { orderPaidSchema, PAYMENT_KINDS, trimmedTextOf, type CartSnapshot, type OrderBuyer, type PaymentKind } from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { buysWalletFunds } from '../wallet/wallet-rules.js';
import { OrderErrors } from './orders.errors.js';

/** What placing an order checks on the cart and the chosen method. */
export function checkPlaceable(snapshot: CartSnapshot, method: PaymentKind): void {
  if (!snapshot.lines.length) throw OrderErrors.cartEmpty();
  // Every non-empty cart has a key; a catalog-cart older than payments sends none (deploy
  // catalog-cart first), and placing without it could buy the same cart twice.
  if (!snapshot.cartKey) throw new Error('the cart snapshot has no cart key: catalog-cart must be updated before payments');
  if (method === 'wallet' && buysWalletFunds(snapshot.lines)) throw OrderErrors.walletWithWallet();
  if (method === 'free' && snapshot.totals.finalCents > 0) throw OrderErrors.notFree();
}

/**
 * The buyer: the acting user of the request context (the gateway read the signed-in user), whose
 * e-mail must be one order.paid accepts; the name falls back to the e-mail.
 */
export function buyerOf(ctx: RequestContext): OrderBuyer {
  const actor = ctx.actor;
  if (!actor) throw OrderErrors.invalidBuyer('userId');
  const email = trimmedTextOf(actor.email, 320);
  if (!email || !orderPaidSchema.shape.buyer.shape.email.safeParse(email).success) throw OrderErrors.invalidBuyer('email');
  return { userId: actor.userId, email, name: trimmedTextOf(actor.name, 300) ?? email, companyId: actor.companyId };
}

/** The acting user, whose orders and wallet a call reads. */
export function buyerIdOf(ctx: RequestContext): string {
  if (!ctx.actor) throw OrderErrors.invalidBuyer('userId');
  return ctx.actor.userId;
}

/** A payment kind this service knows; any other is "not available" (as one not enabled is). */
export function paymentKindOf(method: string): PaymentKind {
  if ((PAYMENT_KINDS as readonly string[]).includes(method)) return method as PaymentKind;
  throw OrderErrors.methodUnavailable();
}
