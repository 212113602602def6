import type { WalletEntryKind } from '@aero/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One line of a wallet's append-only ledger (a trigger refuses UPDATE and DELETE). Credits are
 * positive, debits (`payment`) negative; `idempotencyKey` makes every credit or debit happen once.
 */
@Entity({ schema: 'payments', name: 'wallet_entries' })
export class WalletEntryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('text', { name: 'user_id' })
  userId: string;

  @Column('text')
  kind: WalletEntryKind;

  @Column('integer', { name: 'amount_cents' })
  amountCents: number;

  @Column('uuid', { name: 'order_id', nullable: true })
  orderId: string | null;

  @Column('text', { name: 'idempotency_key', unique: true })
  idempotencyKey: string;

  @Column('text')
  description: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
