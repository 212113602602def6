import {
  billingSnapshotSchema,
  orderPaidSchema,
  PAYMENT_KINDS,
  type BillingSnapshot,
  type CartSnapshot,
  type OrderBuyer,
  type PaymentKind,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { text } from '../common/input.js';
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

/** The buyer, as the gateway sends it from the session; the e-mail must be one order.paid accepts. */
export function parseBuyer(input: Partial<OrderBuyer> | undefined): OrderBuyer {
  const userId = text(input?.userId, 200);
  if (!userId) throw OrderErrors.invalidBuyer('userId');
  const email = text(input?.email, 320);
  if (!email || !orderPaidSchema.shape.buyer.shape.email.safeParse(email).success) throw OrderErrors.invalidBuyer('email');
  const name = text(input?.name, 300) ?? email;
  const companyId = input?.companyId === null || input?.companyId === undefined ? null : text(input.companyId, 200);
  return { userId, email, name, companyId };
}

export function parseMethod(input: unknown): PaymentKind {
  if (typeof input === 'string' && (PAYMENT_KINDS as readonly string[]).includes(input)) return input as PaymentKind;
  throw OrderErrors.methodUnavailable();
}

/** The billing snapshot (learning §3 billing information), or null when none is given. */
export function parseBilling(input: unknown): BillingSnapshot | null {
  if (input === undefined || input === null) return null;
  const parsed = billingSnapshotSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) errors[`billing.${issue.path.join('.')}`] = ['This field is not valid.'];
  throw new DomainError('validation_failed', 'The billing information is not valid.', 422, errors);
}
