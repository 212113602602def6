import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One message as the catcher received it, decoded enough for assertions. */
export interface CaughtMail {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  text: string;
  /** The HTML alternative, when the message has one. */
  html?: string;
  /** Parts with `Content-Disposition: attachment`, decoded. */
  attachments: CaughtAttachment[];
}

export interface CaughtAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * A real SMTP server on a free port for the notifications tests: it keeps every message it
 * accepts, counts the connections clients open, can refuse the next message(s) for an address
 * with a given SMTP code, and can hold messages to an address unanswered (a slow server).
 */
export class SmtpCatcher {
  readonly messages: CaughtMail[] = [];
  readonly refused: { to: string[]; code: number }[] = [];
  /** Connections opened so far, and those still open. */
  connections = 0;
  openConnections = 0;
  private readonly refusals = new Map<string, number[]>();
  /** Addresses whose messages wait, unanswered, until `release()`. */
  private readonly held = new Set<string>();
  private releaseHeld: () => void = () => undefined;
  private heldReleased = Promise.resolve();
  /** Messages whose data arrived and wait for the hold to end; one whose client hung up meanwhile is not accepted. */
  heldMessages = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onConnect: (_session, callback) => {
      this.connections++;
      this.openConnections++;
      callback();
    },
    onClose: (session) => {
      this.openConnections--;
      this.closedSessions.add(session.id);
    },
    onData: (stream, session, callback) => this.receive(stream, session, callback),
  });
  port = 0;
  private readonly closedSessions = new Set<string>();

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as { port: number }).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Refuses the next message to `address` once per code given (e.g. 451 temporary, 550 permanent). */
  refuseNext(address: string, ...codes: number[]): void {
    this.refusals.set(address, [...(this.refusals.get(address) ?? []), ...codes]);
  }

  /**
   * Holds every message to `address` after its data arrived, without answering, until
   * `release()`: the sender sees a send that does not end. A message whose sender hangs up
   * (or dies) while it is held is not accepted.
   */
  hold(address: string): void {
    if (!this.held.size) this.heldReleased = new Promise((resolve) => (this.releaseHeld = resolve));
    this.held.add(address);
  }

  /** Answers the held messages (those whose sender is still connected are accepted). */
  release(): void {
    this.held.clear();
    this.releaseHeld();
  }

  to(address: string): CaughtMail[] {
    return this.messages.filter((m) => m.envelopeTo.includes(address));
  }

  refusedFor(address: string): number[] {
    return this.refused.filter((r) => r.to.includes(address)).map((r) => r.code);
  }

  private receive(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void): void {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address);
      if (!to.some((address) => this.held.has(address))) {
        this.accept(chunks, session, callback);
        return;
      }
      this.heldMessages++;
      void this.heldReleased.then(() => {
        this.heldMessages--;
        if (!this.closedSessions.has(session.id)) this.accept(chunks, session, callback);
      });
    });
  }

  private accept(chunks: Buffer[], session: SMTPServerSession, callback: (error?: Error | null) => void): void {
    const to = session.envelope.rcptTo.map((r) => r.address);
    const code = to.map((address) => this.refusals.get(address)?.shift()).find((c) => c !== undefined);
    if (code !== undefined) {
      this.refused.push({ to, code });
      const error = new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later') as Error & { responseCode: number };
      error.responseCode = code;
      callback(error);
      return;
    }
    const from = session.envelope.mailFrom;
    const { headers, text, html, attachments } = parseMessage(Buffer.concat(chunks).toString('latin1'));
    this.messages.push({ envelopeFrom: from ? from.address : '', envelopeTo: to, headers, text, ...(html ? { html } : {}), attachments });
    callback();
  }
}

/** Headers (unfolded, lower-case names) and the decoded text of a message or body part. */
interface ParsedPart {
  headers: Record<string, string>;
  text: string;
  html?: string;
  attachments: CaughtAttachment[];
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = (split === -1 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ');
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBytes(body: string, encodingHeader: string | undefined): Buffer {
  const encoding = (encodingHeader ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    return Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  }
  return Buffer.from(body, 'latin1');
}

function decodeBody(body: string, encodingHeader: string | undefined): string {
  return decodeBytes(body, encodingHeader).toString('utf8').replace(/\r\n/g, '\n');
}

/**
 * A single-part message as it is; a multipart one (text + HTML alternatives, attachments) with
 * `text` from its text/plain part, `html` from its text/html part and the attachments of all parts.
 */
function parseMessage(raw: string): ParsedPart {
  const { headers, body } = splitHeaders(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) {
    const disposition = headers['content-disposition'] ?? '';
    if (/^attachment/i.test(disposition)) {
      const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1] ?? '';
      const content = decodeBytes(body, headers['content-transfer-encoding']);
      return { headers, text: '', attachments: [{ filename, contentType: type.split(';')[0].trim(), content }] };
    }
    const decoded = decodeBody(body, headers['content-transfer-encoding']);
    return /^text\/html/i.test(type) ? { headers, text: '', html: decoded, attachments: [] } : { headers, text: decoded, attachments: [] };
  }
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => parseMessage(part.replace(/^\r\n/, '').replace(/\r\n$/, '')));
  return {
    headers,
    text: parts.map((p) => p.text).find((t) => t) ?? '',
    html: parts.map((p) => p.html).find((h) => h),
    attachments: parts.flatMap((p) => p.attachments),
  };
}
