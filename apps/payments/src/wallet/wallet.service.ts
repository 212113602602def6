import { centsToEuros, formatEuros, type WalletBalance, type WalletEntryKind, type WalletLedgerResponse } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { pageWindow, paginationMeta } from '../common/pagination.js';
import { WalletErrors } from './wallet.errors.js';
import { canDebit } from './wallet-rules.js';

export interface WalletCredit {
  userId: string;
  kind: Exclude<WalletEntryKind, 'payment'>;
  amountCents: number;
  orderId: string | null;
  /** Makes the credit happen once, however often it is asked for (e.g. `top-up:<orderId>`). */
  idempotencyKey: string;
  description: string;
}

type Queryable = EntityManager | DataSource;

/**
 * The wallet: an append-only ledger per account; the balance is its sum. Debits run inside the
 * caller's transaction after `lockAccount`, so concurrent payments queue on the account row and
 * each one sees the balance the previous one left: it can never go below zero.
 */
@Injectable()
export class WalletService {
  constructor(private readonly dataSource: DataSource) {}

  async balanceCents(userId: string, manager: Queryable = this.dataSource): Promise<number> {
    const [row]: { balance: number }[] = await manager.query(
      'SELECT COALESCE(SUM(amount_cents), 0)::int AS balance FROM payments.wallet_entries WHERE user_id = $1',
      [userId],
    );
    return row.balance;
  }

  async balance(userId: string): Promise<WalletBalance> {
    const cents = await this.balanceCents(userId);
    return { user_id: userId, balance_cents: cents, balance: centsToEuros(cents), formatted_balance: formatEuros(cents), currency: 'EUR' };
  }

  /** The wallet report: entries newest first, each with the balance right after it. */
  async ledger(userId: string, page?: number, perPage?: number): Promise<WalletLedgerResponse> {
    const window = pageWindow(page, perPage);
    const rows: {
      id: string;
      kind: WalletEntryKind;
      amount_cents: number;
      balance_after: number;
      description: string;
      order_id: string | null;
      reference: string | null;
      created_at: Date;
      total: number;
    }[] = await this.dataSource.query(
      `SELECT t.*, o.reference FROM (
         SELECT e.id, e.kind, e.amount_cents, e.description, e.order_id, e.created_at,
                SUM(e.amount_cents) OVER (ORDER BY e.id)::int AS balance_after, COUNT(*) OVER ()::int AS total
           FROM payments.wallet_entries e WHERE e.user_id = $1
       ) t LEFT JOIN payments.orders o ON o.id = t.order_id
       ORDER BY t.id DESC LIMIT $2 OFFSET $3`,
      [userId, window.perPage, window.offset],
    );
    const balance = await this.balanceCents(userId);
    return {
      data: rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        amount: centsToEuros(row.amount_cents),
        formatted_amount: formatEuros(row.amount_cents),
        balance_after: centsToEuros(row.balance_after),
        description: row.description,
        order_id: row.order_id,
        order_reference: row.reference,
        created_at: row.created_at.toISOString(),
      })),
      meta: {
        pagination: paginationMeta(rows[0]?.total ?? (await this.entryCount(userId)), rows.length, window.page, window.perPage),
        balance: centsToEuros(balance),
        formatted_balance: formatEuros(balance),
      },
    };
  }

  /** Creates the account if needed and locks its row until the transaction ends. */
  async lockAccount(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('INSERT INTO payments.wallet_accounts (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [userId]);
    await manager.query('SELECT user_id FROM payments.wallet_accounts WHERE user_id = $1 FOR UPDATE', [userId]);
  }

  /**
   * Takes `amountCents` for an order. Must run in a transaction that already holds
   * `lockAccount(userId)`; refuses when the balance does not cover it.
   */
  async debitForOrder(manager: EntityManager, userId: string, orderId: string, amountCents: number, reference: string): Promise<void> {
    const balance = await this.balanceCents(userId, manager);
    if (!canDebit(balance, amountCents)) throw WalletErrors.insufficientFunds();
    await manager.query(
      `INSERT INTO payments.wallet_entries (user_id, kind, amount_cents, order_id, idempotency_key, description)
       VALUES ($1, 'payment', $2, $3, $4, $5)`,
      [userId, -amountCents, orderId, `payment:${orderId}`, `Payment of order ${reference}`],
    );
  }

  /** Adds a credit once per idempotency key; true when this call added it. */
  async credit(credit: WalletCredit, manager: Queryable = this.dataSource): Promise<boolean> {
    if (!Number.isSafeInteger(credit.amountCents) || credit.amountCents <= 0) throw WalletErrors.invalidAmount();
    await manager.query('INSERT INTO payments.wallet_accounts (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [credit.userId]);
    const inserted: unknown[] = await manager.query(
      `INSERT INTO payments.wallet_entries (user_id, kind, amount_cents, order_id, idempotency_key, description)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [credit.userId, credit.kind, credit.amountCents, credit.orderId, credit.idempotencyKey, credit.description],
    );
    return inserted.length > 0;
  }

  private async entryCount(userId: string): Promise<number> {
    const [row]: { total: number }[] = await this.dataSource.query(
      'SELECT COUNT(*)::int AS total FROM payments.wallet_entries WHERE user_id = $1',
      [userId],
    );
    return row.total;
  }
}
