import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { createTestEnvironment, spawnPlatformApp, type SpawnedProcess, type TestEnvironment } from '@aero/backend-testing';
import { startGateway, type RunningGateway } from '../../src/gateway.bootstrap.js';
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

/** The notification tests' platform: its own environment, the catcher, the gateway and its address. */
export interface MailPlatform {
  env: TestEnvironment;
  smtp: MailCatcher;
  accounts: SpawnedProcess;
  notifications: SpawnedProcess;
  gateway: RunningGateway;
  /** `http://127.0.0.1:<port>` of the gateway. */
  url: string;
  stop(): Promise<void>;
}

export interface MailPlatformOptions {
  /** More environment for both services (e.g. where they send their spans). */
  appEnv?: Record<string, string>;
  /** More environment for notifications alone. */
  notificationsEnv?: Record<string, string>;
  /** false: notifications without its demo data. */
  seedNotifications?: boolean;
  gatewayEnv?: Record<string, string>;
}

/**
 * A lighter platform than `startPlatform` for what only accounts and notifications serve:
 * accounts-invitations and notifications (sending to a fresh catcher) as processes, the gateway
 * in-process, no catalog-cart.
 */
export async function startMailPlatform(options: MailPlatformOptions = {}): Promise<MailPlatform> {
  const env = await createTestEnvironment();
  const smtp = new MailCatcher();
  let apps: PromiseSettledResult<SpawnedProcess>[] = [];
  let gateway: RunningGateway | undefined;
  const stop = async () => {
    await gateway?.close();
    await Promise.all(apps.flatMap((app) => (app.status === 'fulfilled' ? [app.value.stop()] : [])));
    await smtp.stop();
    await env.destroy();
  };
  try {
    await smtp.start();
    apps = await Promise.allSettled([
      spawnPlatformApp('accounts-invitations', env, { extraEnv: options.appEnv, timeoutMs: 40_000 }),
      spawnPlatformApp('notifications', env, {
        seed: options.seedNotifications,
        extraEnv: { ...options.appEnv, ...options.notificationsEnv, SMTP_URL: smtp.url },
        timeoutMs: 40_000,
      }),
    ]);
    const failure = apps.find((app): app is PromiseRejectedResult => app.status === 'rejected');
    if (failure) throw failure.reason;
    gateway = await startGateway(env.env({ GATEWAY_PORT: '0', ...options.gatewayEnv }));
  } catch (error) {
    await stop();
    throw error;
  }
  const [accounts, notifications] = apps.map((app) => (app as PromiseFulfilledResult<SpawnedProcess>).value);
  return { env, smtp, accounts, notifications, gateway, url: `http://127.0.0.1:${gateway.port}`, stop };
}
