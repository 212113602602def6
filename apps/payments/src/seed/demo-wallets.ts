import { DEMO_ACCOUNTS } from '@aero/contracts';

/**
 * Wallet credits given to demo users when the demo data is seeded (`npm start`,
 * SEED_DEMO_DATA=true). Each entry is credited once (idempotent), as an `adjustment` ledger entry.
 *
 * The user ids belong to accounts-invitations (`DEMO_ACCOUNTS` in @aero/contracts). The student
 * and the company admin can try the wallet payment method right away.
 */
export interface DemoWalletCredit {
  userId: string;
  /** Positive, in cents. */
  amountCents: number;
  description: string;
}

export const DEMO_WALLET_CREDITS: readonly DemoWalletCredit[] = [
  { userId: DEMO_ACCOUNTS.student.id, amountCents: 50_000, description: 'Demo wallet credit' },
  { userId: DEMO_ACCOUNTS.companyAdmin.id, amountCents: 200_000, description: 'Demo wallet credit' },
];
