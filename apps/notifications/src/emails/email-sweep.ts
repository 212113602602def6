import { declareSweep, SweepsProvider } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config.js';
import { EmailSendQueue } from './email-send.queue.js';

/** How often unsent e-mails are checked for a lost send job. */
export const EMAIL_SWEEP_EVERY_MS = 60_000;

/**
 * How long an e-mail may wait before the sweep looks for its job: a send job starts within
 * seconds of the row (it is queued in the same transaction), so a minute means it is gone or
 * the workers are far behind (then its id is still there and nothing is added).
 */
export const EMAIL_SWEEP_GRACE_SECONDS = 60;

/**
 * A failed e-mail is looked at for this long after it was asked for. Within it, a failed row
 * whose job is gone lost its job between two tries; the job of one whose tries all failed is
 * kept in the failed set for a month (the queue's dead letters), so its id adds nothing again.
 * Past it, a failure is an operator's matter, not a reason to send a day-old message.
 */
export const EMAIL_SWEEP_FAILED_WINDOW_HOURS = 24;

interface UnsentEmail {
  key: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
}

/**
 * E-mails owed but not on their way, oldest first: still `queued` after the grace; `sending`
 * under a claim not renewed for the lease plus the grace (its worker died, and its job went with
 * Redis: a job still there is run again by the stall check before that); `failed` between two
 * tries within the window.
 */
const UNSENT = `SELECT key, recipient, subject, body_text, body_html FROM notifications.emails
  WHERE (status = 'queued' AND created_at < now() - make_interval(secs => $1))
     OR (status = 'sending' AND claimed_at < now() - make_interval(secs => $1::float8 + $2::float8))
     OR (status = 'failed' AND claimed_at < now() - make_interval(secs => $1) AND created_at > now() - make_interval(hours => $3))
  ORDER BY created_at LIMIT $4`;

/**
 * The catch-all of the e-mail outbox (see JobSweeper): an e-mail whose send job was lost gets
 * its job again, under the id of its key, built from its row (the send reads the row anyway:
 * its content wins over the job's). Sending stays exactly once: the claim on the row decides.
 */
@Injectable()
export class EmailSweep extends SweepsProvider<'email-send'> {
  constructor(dataSource: DataSource, queue: EmailSendQueue, infra: ServiceInfra, @Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig) {
    super(infra, [
      declareSweep<UnsentEmail>({
        name: 'email-send',
        everyMs: EMAIL_SWEEP_EVERY_MS,
        find: (limit) =>
          dataSource.query(UNSENT, [EMAIL_SWEEP_GRACE_SECONDS, config.EMAIL_SEND_LEASE_MS / 1000, EMAIL_SWEEP_FAILED_WINDOW_HOURS, limit]),
        enqueue: (email) =>
          queue.enqueue({
            key: email.key,
            to: email.recipient,
            subject: email.subject,
            text: email.body_text,
            ...(email.body_html ? { html: email.body_html } : {}),
          }),
        keyOf: (email) => email.key,
      }),
    ]);
  }
}
