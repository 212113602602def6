import { currentCorrelationId } from '@aero/backend-observability';
import { ServiceInfra } from '@aero/backend-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type EntityManager } from 'typeorm';
import { Mailer } from '../mail/mailer.js';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config.js';
import { EmailAttachments } from './email-attachments.js';
import { EmailClaim } from './email-claim.js';
import { EmailEntity } from './email.entity.js';
import { messageIdFor } from './email-message-id.js';
import { EmailSendQueue, type EmailSendJob } from './email-send.queue.js';

/** An e-mail to send once: `key` names what it is about (`order-confirmation:<orderId>`). */
export interface OutgoingEmail {
  key: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The event that asked for it, kept on the row for tracing. */
  eventId?: string;
}

export type DeliveryOutcome =
  | { status: 'sent'; messageId: string }
  | { status: 'already_sent' }
  /** Another worker holds the e-mail right now; try again at `retryAt`. */
  | { status: 'busy'; retryAt: Date };

/** How long a sent e-mail's worker keeps trying to record it as sent before giving up. */
const RECORD_SENT_PATIENCE_MS = 10 * 60 * 1000;

interface ClaimedEmail {
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  message_id: string;
}

const INSERT_EMAIL = `INSERT INTO notifications.emails (key, recipient, subject, body_text, body_html, message_id, event_id)
  VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (key) DO NOTHING`;

/**
 * The claim of an e-mail by the worker about to send it, in one statement. Without a row (the
 * scheduling transaction rolled back) the row is written from the job, already claimed; a
 * scheduling transaction still in progress is waited for. An existing row is claimed when it is
 * `queued` or `failed`, or `sending` under a claim not renewed for longer than the lease ($8
 * seconds: its holder died); its content wins over the job's. The claim carries the holder's
 * token ($9). Nothing is returned when the row cannot be claimed.
 */
const CLAIM_EMAIL = `INSERT INTO notifications.emails AS email
    (key, recipient, subject, body_text, body_html, message_id, event_id, status, attempts, claimed_at, claim_token)
  VALUES ($1, $2, $3, $4, $5, $6, $7, 'sending', 1, now(), $9)
  ON CONFLICT (key) DO UPDATE SET status = 'sending', attempts = email.attempts + 1, claimed_at = now(), claim_token = $9
    WHERE email.status IN ('queued', 'failed')
       OR (email.status = 'sending' AND email.claimed_at < now() - make_interval(secs => $8))
  RETURNING recipient, subject, body_text, body_html, message_id`;

/**
 * The e-mail outbox: an `emails` row per key records what is owed and what happened to it, and
 * a BullMQ job per key sends it. Sending claims the row first, so each key is sent once.
 */
@Injectable()
export class EmailsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: EmailSendQueue,
    private readonly mailer: Mailer,
    private readonly attachments: EmailAttachments,
    private readonly infra: ServiceInfra,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  /**
   * Records the e-mail and enqueues its send job, inside the caller's transaction (an event
   * handler's). Asked again for the same key (a redelivered event), it changes nothing. The job
   * may start before that transaction commits: its own insert of the row then waits for the
   * commit, and if the transaction rolls back the job writes the row from its payload.
   */
  async schedule(manager: EntityManager, email: OutgoingEmail): Promise<void> {
    await manager.query(INSERT_EMAIL, this.rowValues(email));
    await this.queue.enqueue({
      key: email.key,
      to: email.to,
      subject: email.subject,
      text: email.text,
      ...(email.html ? { html: email.html } : {}),
      correlationId: currentCorrelationId(),
    });
  }

  /**
   * Sends the e-mail of one job, at most once per key: the row is claimed (`queued`/`failed` →
   * `sending`) in one conditional statement (CLAIM_EMAIL), so of two workers running the same key
   * only one sends, and a key already `sent` sends nothing. The claim is renewed while the send
   * runs (EmailClaim) and only its holder records the outcome. The attachments are the job's own
   * plus those the e-mail's kind makes at send time (EmailAttachments: the invoice PDF of an order
   * confirmation). A failed send, or attachments that cannot be made yet, marks the row `failed`
   * and rethrows, for the queue to retry.
   */
  async deliver(job: EmailSendJob): Promise<DeliveryOutcome> {
    const leaseMs = this.config.EMAIL_SEND_LEASE_MS;
    const token = randomUUID();
    const [email] = await this.dataSource.query<ClaimedEmail[]>(CLAIM_EMAIL, [...this.rowValues(job), leaseMs / 1000, token]);
    if (!email) return this.unclaimable(job.key);
    const claim = new EmailClaim(this.dataSource, job.key, token, leaseMs / 4, (error) =>
      this.infra.logger.warn({ err: error, key: job.key }, 'e-mail claim not renewed'),
    ).start();
    try {
      const attachments = [
        ...(job.attachments ?? []).map((a) => ({
          filename: a.filename,
          content: Buffer.from(a.contentBase64, 'base64'),
          contentType: a.contentType,
        })),
        ...(await this.attachments.for(job.key)),
      ];
      // Stalled past the lease while preparing: another worker may hold the e-mail now.
      if (claim.lost) {
        await claim.stop();
        return await this.unclaimable(job.key);
      }
      await this.mailer.send({
        to: email.recipient,
        subject: email.subject,
        text: email.body_text,
        ...(email.body_html ? { html: email.body_html } : {}),
        messageId: email.message_id,
        ...(attachments.length ? { attachments } : {}),
      });
    } catch (error) {
      await claim.stop();
      await this.dataSource.query(
        `UPDATE notifications.emails SET status = 'failed', last_error = $3 WHERE key = $1 AND status = 'sending' AND claim_token = $2`,
        [job.key, token, String(error instanceof Error ? error.message : error).slice(0, 2000)],
      );
      throw error;
    }
    // The message is out: the claim stays alive until the row says so.
    let marked: number;
    try {
      marked = await this.recordSent(job.key, token);
    } finally {
      await claim.stop();
    }
    if (marked !== 1) {
      // Only when this worker stalled for longer than the lease in the middle of the send.
      this.infra.logger.error({ key: job.key }, 'e-mail sent after its claim was taken over: it may have gone out twice');
    }
    return { status: 'sent', messageId: email.message_id };
  }

  /**
   * Marks the e-mail sent, trying again while the database does not answer (a restart, a
   * failover): a send whose outcome is not recorded would be sent again by the job's retry.
   * Answers how many rows it marked (0 when the claim was taken over meanwhile).
   */
  private async recordSent(key: string, token: string): Promise<number> {
    const deadline = Date.now() + RECORD_SENT_PATIENCE_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        const [, marked] = await this.dataSource.query<[unknown, number]>(
          `UPDATE notifications.emails SET status = 'sent', sent_at = now(), last_error = NULL
            WHERE key = $1 AND status = 'sending' AND claim_token = $2`,
          [key, token],
        );
        return marked;
      } catch (error) {
        if (Date.now() >= deadline) throw error;
        if (attempt === 1) this.infra.logger.warn({ err: error, key }, 'e-mail sent but not recorded yet: trying again');
        await sleep(Math.min(250 * 2 ** (attempt - 1), 5000));
      }
    }
  }

  find(key: string): Promise<EmailEntity | null> {
    return this.dataSource.getRepository(EmailEntity).findOneBy({ key });
  }

  private async unclaimable(key: string): Promise<DeliveryOutcome> {
    const rows: { status: string; claimed_at: Date | null }[] = await this.dataSource.query(
      'SELECT status, claimed_at FROM notifications.emails WHERE key = $1',
      [key],
    );
    const row = rows[0];
    if (row?.status === 'sent') return { status: 'already_sent' };
    const claimedAt = row?.claimed_at?.getTime() ?? Date.now();
    // A live holder renews its claim meanwhile, and the job then waits another lease.
    return { status: 'busy', retryAt: new Date(Math.max(claimedAt + this.config.EMAIL_SEND_LEASE_MS, Date.now() + 1000)) };
  }

  private rowValues(email: OutgoingEmail): unknown[] {
    return [
      email.key,
      email.to,
      email.subject,
      email.text,
      email.html ?? null,
      messageIdFor(email.key, this.config.MAIL_FROM.domain),
      email.eventId ?? null,
    ];
  }
}
