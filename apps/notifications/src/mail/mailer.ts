/** One e-mail as the domain code hands it to a Mailer; the sender is the Mailer's configuration. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `<...@domain>`; derived from the e-mail's key, so a resend carries the same id. */
  messageId: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailReceipt {
  messageId: string;
  /** The server's last answer, e.g. `250 OK: queued as 1234`. */
  response: string;
}

/**
 * Sends e-mail. Domain code depends on this abstraction only; which provider is behind it (SMTP
 * via nodemailer, the local catcher in development) is configuration.
 */
export abstract class Mailer {
  /** Resolves once the provider accepted the message; throws MailRejectedError or a transport error. */
  abstract send(message: MailMessage): Promise<MailReceipt>;
}
