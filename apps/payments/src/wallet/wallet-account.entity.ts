import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's wallet. Its row is locked (FOR UPDATE) while a debit checks the balance. */
@Entity({ schema: 'payments', name: 'wallet_accounts' })
export class WalletAccountEntity {
  @PrimaryColumn('text', { name: 'user_id' })
  userId: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
