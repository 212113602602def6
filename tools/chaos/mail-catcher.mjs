// An SMTP server that counts what the product sends: every accepted message by its Message-ID,
// recipient and subject. The chaos cases compare those counts with what was asked for.
import { SMTPServer } from 'smtp-server';

/** The header block of a message (up to the first empty line), unfolded, lower-case names. */
function headersOf(raw) {
  const end = raw.indexOf('\r\n\r\n');
  const head = (end === -1 ? raw : raw.slice(0, end)).replace(/\r\n[ \t]+/g, ' ');
  const headers = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export class MailCatcher {
  constructor() {
    /** @type {{ messageId: string, to: string[], subject: string, at: number }[]} */
    this.messages = [];
    /** How long each message waits for its answer (a slow mail server; 0: none). */
    this.delayMs = 0;
    /** Connections reset by a sender that died (see start). */
    this.connectionErrors = 0;
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      // The product's pool keeps up to EMAIL_WORKER_CONCURRENCY connections per process.
      maxClients: 200,
      onData: (stream, session, callback) => {
        let head = '';
        stream.on('data', (chunk) => {
          if (head.length < 16_384) head += chunk.toString('latin1');
        });
        stream.on('end', () => {
          const headers = headersOf(head);
          this.messages.push({
            messageId: headers['message-id'] ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: headers.subject ?? '',
            at: Date.now(),
          });
          if (this.delayMs) setTimeout(callback, this.delayMs);
          else callback();
        });
      },
    });
    this.port = 0;
  }

  async start() {
    await new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', resolve);
    });
    // A process killed while sending resets its connection (ECONNRESET), which smtp-server emits
    // on the server: part of the case, not a failure of the catcher. Counted, never thrown.
    this.server.on('error', () => this.connectionErrors++);
    this.port = this.server.server.address().port;
    return this;
  }

  stop() {
    return new Promise((resolve) => this.server.close(resolve));
  }

  /** Messages to recipients that `match` (a predicate on the address). */
  to(match) {
    return this.messages.filter((m) => m.to.some(match));
  }

  /**
   * How the messages to matching recipients compare with the `expected` recipients: how many
   * expected ones got none (lost); how many came as a second, different message (doubled: the
   * product composed the e-mail twice); and how many were the same message (same Message-ID)
   * delivered again (redelivered: the sender was killed after the server took the message and
   * before it could record so; a receiving mailbox shows the copies as one).
   */
  tally(expected, match = (address) => expected.includes(address)) {
    const messageIds = new Map();
    let received = 0;
    let redelivered = 0;
    for (const message of this.to(match)) {
      for (const address of message.to) {
        received++;
        const ids = messageIds.get(address) ?? new Set();
        if (ids.has(message.messageId)) redelivered++;
        ids.add(message.messageId);
        messageIds.set(address, ids);
      }
    }
    const lost = expected.filter((address) => !messageIds.has(address)).length;
    const doubled = [...messageIds.values()].reduce((sum, ids) => sum + (ids.size - 1), 0);
    return { expected: expected.length, received, lost, doubled, redelivered };
  }
}
