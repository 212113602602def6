import type { DataSource } from 'typeorm';
import { WalletService } from '../wallet/wallet.service.js';
import { DEMO_WALLET_CREDITS, type DemoWalletCredit } from './demo-wallets.js';

/**
 * Seed hook: credits a demo user's wallet once. Calling it again with the same user changes
 * nothing (the ledger entry's idempotency key is `demo-credit:<userId>`). Answers whether it
 * credited now.
 */
export async function creditDemoWallet(dataSource: DataSource, credit: DemoWalletCredit): Promise<boolean> {
  return new WalletService(dataSource).credit({
    userId: credit.userId,
    kind: 'adjustment',
    amountCents: credit.amountCents,
    orderId: null,
    idempotencyKey: `demo-credit:${credit.userId}`,
    description: credit.description,
  });
}

/** Applies every entry of DEMO_WALLET_CREDITS (idempotent). */
export async function seedDemoWallets(dataSource: DataSource, credits: readonly DemoWalletCredit[] = DEMO_WALLET_CREDITS): Promise<void> {
  for (const credit of credits) await creditDemoWallet(dataSource, credit);
}
