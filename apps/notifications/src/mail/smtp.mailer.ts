import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailbox } from '../notifications.config.js';
import { MailRejectedError } from './mail.errors.js';
import { Mailer, type MailMessage, type MailReceipt } from './mailer.js';

/** Sends through an SMTP server (the local catcher by default) with nodemailer. */
@Injectable()
export class SmtpMailer extends Mailer implements OnModuleDestroy {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: Mailbox,
  ) {
    super();
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      // Bounded, so a send never outlives the claim on its e-mail row (EMAIL_SEND_LEASE_MS).
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(message: MailMessage): Promise<MailReceipt> {
    try {
      const info = await this.transport.sendMail({
        from: { name: this.from.name, address: this.from.address },
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        messageId: message.messageId,
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      });
      return { messageId: info.messageId ?? message.messageId, response: String(info.response ?? '') };
    } catch (error) {
      const responseCode = (error as { responseCode?: number }).responseCode;
      if (typeof responseCode === 'number') {
        throw new MailRejectedError(`SMTP ${responseCode}: ${(error as Error).message}`, responseCode >= 500, responseCode);
      }
      throw error;
    }
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
