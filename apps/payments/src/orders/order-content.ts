import type { BillingSnapshot, CartSnapshot } from '@aero/contracts';
import { createHash } from 'node:crypto';

/**
 * A fingerprint of what is bought and how it is billed. Placing an order whose fingerprint equals
 * the buyer's open order (back button, second click, a form error fixed) answers that order
 * instead of making a second one that would also try to take the voucher.
 */
export function contentHash(snapshot: CartSnapshot, billing: BillingSnapshot | null): string {
  const lines = snapshot.lines.map((l) => [l.productId, l.quantity, l.unitPriceCents, l.unitDiscountCents, l.totalCents]);
  const totals = snapshot.totals;
  const material = JSON.stringify([
    lines,
    [totals.beforeDiscountCents, totals.discountCents, totals.voucherDiscountCents, totals.finalCents],
    snapshot.voucherCode,
    billing ? Object.entries(billing).sort(([a], [b]) => a.localeCompare(b)) : null,
  ]);
  return createHash('sha256').update(material).digest('hex');
}
