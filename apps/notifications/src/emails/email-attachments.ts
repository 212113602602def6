import { Injectable } from '@nestjs/common';
import type { MailMessage } from '../mail/mailer.js';

export type MailAttachment = NonNullable<MailMessage['attachments']>[number];

/**
 * The attachments of the e-mails of one kind, made when the e-mail is sent, from committed data.
 * Throwing makes the send fail for now (the job retries with backoff).
 */
export type AttachmentSource = (key: string) => Promise<MailAttachment[]>;

/** The kind of an e-mail: the part of its key before the first `:` (`order-confirmation`). */
export function emailKind(key: string): string {
  return key.split(':')[0];
}

/**
 * Attachments made by the sender rather than carried by the job. A document that belongs to
 * the database (an invoice) is rendered by the worker from its committed row, so a job that
 * started before (or without) the transaction that wrote the row never sends a document that
 * does not exist, and every retry or resend attaches the same bytes. Job payloads stay small.
 */
@Injectable()
export class EmailAttachments {
  private readonly sources = new Map<string, AttachmentSource>();

  /** The e-mails whose key starts with `<kind>:` carry what `source` makes for their key. */
  register(kind: string, source: AttachmentSource): void {
    if (this.sources.has(kind)) throw new Error(`attachments of ${kind} e-mails are registered twice`);
    this.sources.set(kind, source);
  }

  /** The attachments of the e-mail with this key (none for kinds without a source). */
  async for(key: string): Promise<MailAttachment[]> {
    const source = this.sources.get(emailKind(key));
    return source ? source(key) : [];
  }
}
