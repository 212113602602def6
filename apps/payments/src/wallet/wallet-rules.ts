import type { ProductType } from '@aero/contracts';

/** What the wallet rules need to know of an order line. */
export interface WalletRuleLine {
  productType: ProductType;
  unitPriceCents: number;
  quantity: number;
}

/** The order buys wallet funds (a wallet top-up product is in it). */
export function buysWalletFunds(lines: readonly WalletRuleLine[]): boolean {
  return lines.some((line) => line.productType === 'wallet');
}

/**
 * What a paid order credits to the buyer's wallet: the face value of its wallet top-up lines
 * (catalogue price × quantity; vouchers never discount top-ups).
 */
export function walletTopUpCents(lines: readonly WalletRuleLine[]): number {
  return lines.filter((line) => line.productType === 'wallet').reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

/** A debit is allowed only when it is positive and the balance covers it: never below zero. */
export function canDebit(balanceCents: number, amountCents: number): boolean {
  return Number.isSafeInteger(amountCents) && amountCents > 0 && balanceCents >= amountCents;
}

/** The balance is the sum of the ledger: credits positive, debits negative. */
export function balanceOf(entries: readonly { amountCents: number }[]): number {
  return entries.reduce((sum, entry) => sum + entry.amountCents, 0);
}
