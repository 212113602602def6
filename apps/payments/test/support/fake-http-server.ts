import { createServer, type IncomingMessage, type Server } from 'node:http';

/** One request the fake provider received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Raw body text. */
  body: string;
  /** Parsed JSON body, or the form fields, or undefined. */
  json?: unknown;
  form?: Record<string, string>;
}

export interface FakeReply {
  status?: number;
  json?: unknown;
  text?: string;
}

/**
 * A local HTTP server on port 0 that plays a payment provider: it records every request and
 * answers through `handler`, so an adapter test can check exactly what was sent.
 */
export class FakeHttpServer {
  readonly requests: RecordedRequest[] = [];
  private server?: Server;
  baseUrl = '';

  constructor(private readonly handler: (request: RecordedRequest, server: FakeHttpServer) => FakeReply) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const type = req.headers['content-type'] ?? '';
        const recorded: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
        if (type.includes('json') && body) recorded.json = JSON.parse(body);
        if (type.includes('x-www-form-urlencoded')) recorded.form = Object.fromEntries(new URLSearchParams(body));
        this.requests.push(recorded);
        let reply: FakeReply;
        try {
          reply = this.handler(recorded, this);
        } catch (error) {
          reply = { status: 599, text: String(error) };
        }
        if (reply.json !== undefined) {
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(reply.json));
        } else {
          res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain' });
          res.end(reply.text ?? '');
        }
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Requests with this method whose path starts with `prefix`. */
  sent(method: string, prefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(prefix));
  }
}
