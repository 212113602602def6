import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Mailbox } from '../notifications.config.js';
import { MailRejectedError } from './mail.errors.js';
import { Mailer, type MailMessage, type MailReceipt } from './mailer.js';

/** Messages one SMTP connection carries before it is replaced by a fresh one. */
const MESSAGES_PER_CONNECTION = 100;

/**
 * Sends through an SMTP server (the local catcher by default) with nodemailer, over a pool of
 * connections that stay open between messages: a connection, its greeting and EHLO serve many
 * e-mails instead of one, for us and for the server.
 */
@Injectable()
export class SmtpMailer extends Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  /** `maxConnections`: the most messages sent at the same time (the e-mail worker's concurrency). */
  constructor(
    smtpUrl: string,
    private readonly from: Mailbox,
    maxConnections: number,
  ) {
    super();
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      // As many connections as sends run at once, so a send never waits in the pool for a connection.
      maxConnections,
      maxMessages: MESSAGES_PER_CONNECTION,
      // Bounded, so a send that hangs ends and is retried (its claim on the e-mail row is renewed
      // while it runs, see EmailsService.deliver, so a slow send keeps it). The pool retries a message on a new connection only when the server closed the old one before
      // taking any of it (at most 5 times). The socket timeout also ends a connection left idle.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(message: MailMessage): Promise<MailReceipt> {
    // The message is composed in memory, then handed to the connection in one piece. Composed
    // while it is sent, every header line and every piece of the base64 of an attachment was a
    // socket write of its own: dozens of system calls per e-mail, each costing this process and
    // the server a pass through the kernel's network stack, more than the composing itself.
    const raw = await new MailComposer({
      from: { name: this.from.name, address: this.from.address },
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      messageId: message.messageId,
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    })
      .compile()
      .build();
    try {
      // A composed message is not read again for its addresses: the envelope says them.
      const info = await this.transport.sendMail({ envelope: { from: this.from.address, to: [message.to] }, raw });
      return { messageId: message.messageId, response: String(info.response ?? '') };
    } catch (error) {
      const responseCode = (error as { responseCode?: number }).responseCode;
      if (typeof responseCode === 'number') {
        throw new MailRejectedError(`SMTP ${responseCode}: ${(error as Error).message}`, responseCode >= 500, responseCode);
      }
      throw error;
    }
  }

  /**
   * Closes the pool's connections. At application shutdown, after every module's destroy hook:
   * the e-mail worker has stopped by then (it lets its sends in progress finish), so no send
   * finds the pool closed.
   */
  onApplicationShutdown(): void {
    this.transport.close();
  }
}
