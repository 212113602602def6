import type { PaginationMeta } from '../common/pagination.js';

/** Kinds of wallet ledger entries: credits (top_up, refund, adjustment) and debits (payment). */
export const WALLET_ENTRY_KINDS = ['top_up', 'refund', 'adjustment', 'payment'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/** `PaymentsRpc.WalletBalance`: the balance derived from the ledger. */
export interface WalletBalance {
  user_id: string;
  balance_cents: number;
  /** Euros. */
  balance: number;
  formatted_balance: string;
  currency: 'EUR';
}

/** `PaymentsRpc.WalletLedger`: the wallet report, newest first. */
/** One ledger line (euros; debits negative). */
export interface WalletLedgerEntry {
  id: number;
  kind: WalletEntryKind;
  amount: number;
  formatted_amount: string;
  /** Balance right after this entry. */
  balance_after: number;
  description: string;
  order_id: string | null;
  order_reference: string | null;
  created_at: string;
}

export interface WalletLedgerResponse {
  data: WalletLedgerEntry[];
  meta: { pagination: PaginationMeta; balance: number; formatted_balance: string };
}
