import { Column, Entity, PrimaryColumn } from 'typeorm';

export type EmailStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** One e-mail the platform owes someone, identified by what it is about (its key). */
@Entity({ schema: 'notifications', name: 'emails' })
export class EmailEntity {
  /** e.g. `order-confirmation:<orderId>`; also the BullMQ job id (through `jobIdFor`). */
  @PrimaryColumn('text')
  key: string;

  @Column('text')
  recipient: string;

  @Column('text')
  subject: string;

  @Column('text', { name: 'body_text' })
  bodyText: string;

  @Column('text', { name: 'body_html', nullable: true })
  bodyHtml: string | null;

  /** Derived from the key: every attempt to send this e-mail carries the same Message-ID. */
  @Column('text', { name: 'message_id' })
  messageId: string;

  /** The event that asked for the e-mail, when there was one. */
  @Column('uuid', { name: 'event_id', nullable: true })
  eventId: string | null;

  @Column('text')
  status: EmailStatus;

  @Column('integer')
  attempts: number;

  @Column('text', { name: 'last_error', nullable: true })
  lastError: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  /** When the current claim was taken or last renewed (the lease runs from here). */
  @Column('timestamptz', { name: 'claimed_at', nullable: true })
  claimedAt: Date | null;

  /** Who holds the current claim: the one send attempt that may renew it and record its outcome. */
  @Column('uuid', { name: 'claim_token', nullable: true })
  claimToken: string | null;

  @Column('timestamptz', { name: 'sent_at', nullable: true })
  sentAt: Date | null;
}
