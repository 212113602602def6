import type { VoucherRejectionReason } from './voucher-errors.js';

/** A voucher's rules, as stored. Percent values are whole percents; fixed values are cents. */
export interface VoucherRules {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUsesTotal: number | null;
  maxUsesPerUser: number | null;
  firstOrderOnly: boolean;
  /** When set, the voucher works only with this one course. */
  courseProductId: number | null;
  /** When not empty, the voucher works only with these products. */
  productIds: number[];
  autoApply: boolean;
}

/** A priced cart line as the rules see it (cents). */
export interface RuleLine {
  productId: number;
  productType: string;
  /** What the line costs after product discounts, in cents. */
  amountCents: number;
}

/** What only the database knows about the voucher's use and the buyer. */
export interface UsageFacts {
  hasPaidOrder: boolean;
  usesTotal: number;
  usesByUser: number;
}

export interface VoucherContext extends UsageFacts {
  now: Date;
  lines: RuleLine[];
  /** Another voucher already on the cart (a different code), if any. */
  otherVoucherApplied: boolean;
}

/** Facts for a voucher whose rules read none of them. */
export const NO_USAGE: UsageFacts = { hasPaidOrder: false, usesTotal: 0, usesByUser: 0 };

/**
 * Which usage facts `rejectionReason` reads for this voucher: a limit or the first-order rule
 * each need one; a voucher without them is decided without asking the database.
 */
export function usageFactsRead(voucher: VoucherRules): Record<keyof UsageFacts, boolean> {
  return {
    hasPaidOrder: voucher.firstOrderOnly,
    usesTotal: voucher.maxUsesTotal !== null,
    usesByUser: voucher.maxUsesPerUser !== null,
  };
}

export function readsUsageFacts(voucher: VoucherRules): boolean {
  return Object.values(usageFactsRead(voucher)).some(Boolean);
}

/** Lines the voucher may reduce: never wallet top-ups, and only the allowed products. */
export function eligibleLines(voucher: VoucherRules, lines: RuleLine[]): RuleLine[] {
  return lines.filter((line) => {
    if (line.productType === 'wallet') return false;
    if (voucher.courseProductId !== null) return line.productId === voucher.courseProductId;
    if (voucher.productIds.length) return voucher.productIds.includes(line.productId);
    return true;
  });
}

/**
 * The first reason the voucher cannot be applied to this cart, or null when it can.
 * The order of checks is the order a shopper would want to hear about them.
 */
export function rejectionReason(voucher: VoucherRules, ctx: VoucherContext): VoucherRejectionReason | null {
  if (voucher.startsAt && ctx.now < voucher.startsAt) return 'NotYetValid';
  if (voucher.endsAt && ctx.now >= voucher.endsAt) return 'Expired';
  if (ctx.otherVoucherApplied) return 'AlreadyDiscounted';
  if (voucher.firstOrderOnly && ctx.hasPaidOrder) return 'FirstOrderOnly';
  if (voucher.maxUsesTotal !== null && ctx.usesTotal >= voucher.maxUsesTotal) return 'UsedUp';
  if (voucher.maxUsesPerUser !== null && ctx.usesByUser >= voucher.maxUsesPerUser) return 'UsedByUser';
  if (ctx.lines.length > 0 && ctx.lines.every((l) => l.productType === 'wallet')) return 'WalletFunds';
  if (eligibleLines(voucher, ctx.lines).length === 0) {
    return voucher.courseProductId !== null ? 'OnlyForCourse' : 'NotForProduct';
  }
  return null;
}

/** The reduction in cents: a percent of the eligible lines, or a fixed amount capped by them. */
export function voucherDiscountCents(voucher: VoucherRules, lines: RuleLine[]): number {
  const base = eligibleLines(voucher, lines).reduce((sum, l) => sum + l.amountCents, 0);
  if (base <= 0) return 0;
  if (voucher.kind === 'percent') return Math.min(base, Math.round((base * voucher.value) / 100));
  return Math.min(base, voucher.value);
}
