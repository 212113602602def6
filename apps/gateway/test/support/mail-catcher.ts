import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Platform, PlatformOptions } from './platform.js';

/** One message as the catcher received it: envelope, the headers tests look at, the raw source. */
export interface CaughtMessage {
  envelopeTo: string[];
  subject: string;
  messageId: string;
  /** The whole message (latin1), e.g. to check that an attachment is there. */
  raw: string;
}

/**
 * A real SMTP server on a free port for gateway tests that run notifications as a process
 * (`SMTP_URL: catcher.url`): it accepts and keeps every message. The message is recorded before
 * the server answers 250, so once notifications marks an e-mail sent, the catcher has it.
 */
export class MailCatcher {
  readonly messages: CaughtMessage[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => this.receive(stream, session, callback),
  });
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as { port: number }).port;
  }

  /** The SMTP_URL to give notifications. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The messages to this address whose subject is exactly `subject`. */
  find(address: string, subject: string): CaughtMessage[] {
    return this.messages.filter((m) => m.envelopeTo.includes(address) && m.subject === subject);
  }

  private receive(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void): void {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      const split = raw.indexOf('\r\n\r\n');
      // Unfolded header lines of the message itself (not of its parts).
      const head = (split === -1 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ').split('\r\n');
      const header = (name: string) =>
        head
          .find((line) => line.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim() ?? '';
      this.messages.push({
        envelopeTo: session.envelope.rcptTo.map((r) => r.address),
        subject: header('subject'),
        messageId: header('message-id'),
        raw,
      });
      callback();
    });
  }
}

/**
 * Starts a catcher, then the platform `start` gives with notifications among its services, sending
 * to the catcher. The platform's `stop` stops the catcher too, so a test file has one thing to stop.
 */
export async function startWithMailCatcher(
  start: (options: PlatformOptions) => Promise<Platform>,
  options: PlatformOptions = {},
): Promise<{ platform: Platform; smtp: MailCatcher }> {
  const smtp = new MailCatcher();
  await smtp.start();
  try {
    const platform = await start({
      ...options,
      apps: ['notifications', ...(options.apps ?? [])],
      appEnv: { ...options.appEnv, notifications: { ...options.appEnv?.notifications, SMTP_URL: smtp.url } },
    });
    const stopPlatform = platform.stop;
    platform.stop = async () => {
      await stopPlatform();
      await smtp.stop();
    };
    return { platform, smtp };
  } catch (error) {
    await smtp.stop();
    throw error;
  }
}
