/**
 * Wallet credits given to demo users when the demo data is seeded (`npm start`,
 * SEED_DEMO_DATA=true). Each entry is credited once (idempotent), as an `adjustment` ledger entry.
 *
 * The list is empty on purpose: the user ids belong to accounts-invitations (`DEMO_ACCOUNTS` in
 * @aero/contracts), and the lead decides which demo users get how much. An entry looks like
 * `{ userId: DEMO_ACCOUNTS.student.id, amountCents: 50_000, description: 'Demo wallet credit' }`.
 */
export interface DemoWalletCredit {
  userId: string;
  /** Positive, in cents. */
  amountCents: number;
  description: string;
}

export const DEMO_WALLET_CREDITS: readonly DemoWalletCredit[] = [];
