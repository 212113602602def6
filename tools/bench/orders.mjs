// Order placement and payment through the gateway, each connection a signed-in buyer of its own:
//   free   the cart (one course + FREE100) becomes a paid order with POST /payment-gateway/free/complete
//   card   the cart becomes an order paid with the sandbox card 4242 4242 4242 4242 (no 3-D Secure):
//          POST /payment-gateway/mango-pay/pay, then the callback GET that verifies and marks it paid
// Between two orders a buyer waits until order.paid has emptied the cart (the event is handled
// asynchronously by catalog-cart), so every measured order is a real, separate order.
import { connect } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { cpuPerUnit, cpuSnapshot } from './cpu.mjs';

export const PASSWORD = 'Bench-Buyer-2026';

/**
 * Registers buyers straight over NATS (the HTTP route is rate limited per address, rightly),
 * `concurrency` at a time (each registration hashes a password).
 */
export async function registerBuyers(natsUrl, count, { concurrency = 1 } = {}) {
  const nc = await connect({ servers: natsUrl });
  const run = randomUUID().slice(0, 8);
  const emails = [];
  const register = async (i) => {
    const email = `bench-${run}-${i}@aeromaint.local`;
    const data = {
      nick: `bench-${run}-${i}`,
      first_name: 'Bench',
      last_name: `Buyer ${i}`,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms_and_conditions: true,
    };
    const reply = await nc.request(
      'accounts-invitations.accounts.register',
      new TextEncoder().encode(JSON.stringify({ pattern: 'accounts-invitations.accounts.register', data, id: String(i) })),
      { timeout: 10_000 },
    );
    const packet = JSON.parse(new TextDecoder().decode(reply.data));
    if (packet.err) throw new Error(`could not register a bench buyer: ${JSON.stringify(packet.err)}`);
    emails[i] = email;
  };
  let next = 0;
  const registerNext = async () => {
    for (let i = next++; i < count; i = next++) await register(i);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, registerNext));
  await nc.close();
  return { run, emails };
}

/**
 * Waits until every confirmation e-mail of the run's buyers is sent (the e-mails, with their
 * invoice PDFs, are sent in the background after each order); answers the seconds it took.
 */
async function emailsDrained(databaseUrl, run, expected) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    for (let i = 0; i < 1200; i++) {
      // Order confirmations only: the buyers' sign-up e-mails go to the same addresses.
      const { rows } = await client.query(
        `SELECT count(*)::int AS sent FROM notifications.emails
          WHERE recipient LIKE $1 AND key LIKE 'order-confirmation:%' AND status = 'sent'`,
        [`bench-${run}-%`],
      );
      if (rows[0].sent >= expected) return Math.round((performance.now() - started) / 100) / 10;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await client.end();
  }
  console.error(`bench: the run's ${expected} confirmation e-mails were not all sent within 120 s`);
  return null;
}

/**
 * A buyer as the gateway sees one: its own cookies and XSRF header, and its own address. Each
 * buyer connects from its own loopback address (127.0.0.2, .3, ...), so per-address limits such
 * as voucher attempts count each buyer separately, as they do for real customers.
 */
export class Buyer {
  /** `timeoutMs`: a request not answered by then fails (none by default). */
  constructor(baseUrl, index, { timeoutMs } = {}) {
    this.url = new URL(baseUrl);
    this.timeoutMs = timeoutMs;
    this.cookies = new Map();
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.0.${2 + index}` });
  }

  request(method, path, body) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = {
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? ''),
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
    };
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: this.url.hostname, port: this.url.port, path, method, headers, agent: this.agent },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const i = pair.indexOf('=');
            this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
          }
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => {
            let json = null;
            try {
              json = text ? JSON.parse(text) : null;
            } catch {
              /* not JSON */
            }
            resolve({ status: res.statusCode, json });
          });
        },
      );
      req.on('error', reject);
      if (this.timeoutMs) req.setTimeout(this.timeoutMs, () => req.destroy(new Error(`no answer within ${this.timeoutMs} ms`)));
      req.end(payload);
    });
  }

  async signIn(email) {
    await this.request('GET', '/api/me');
    const res = await this.request('POST', '/login', { email, password: PASSWORD });
    if (res.status !== 200) throw new Error(`bench sign-in failed: ${res.status} ${JSON.stringify(res.json)}`);
  }

  /** One course in the cart, optionally with a voucher; waits for the previous order's cleanup. */
  async fillCart(voucher) {
    for (let i = 0; i < 200; i++) {
      const cart = await this.request('GET', '/api/cart');
      if (cart.json?.data?.length === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await this.request('POST', '/api/cart/add', { product_id: 107, quantity: 1, update: true });
    if (voucher) await this.request('POST', `/voucher/apply/${voucher}`);
  }
}

export const SANDBOX_CARD = { number: '4242424242424242', expiration_month: '12', expiration_year: String(new Date().getUTCFullYear() + 3), cvc: '123' };

/** The first failure of each kind is printed once, so a broken scenario explains itself. */
const reported = new Set();
function failure(step, res) {
  const key = `${step}:${res.status}:${res.json?.code ?? ''}`;
  if (!reported.has(key)) {
    reported.add(key);
    console.error(`bench: ${step} answered ${res.status} ${JSON.stringify(res.json)?.slice(0, 300)}`);
  }
  return false;
}

async function payFree(buyer) {
  const res = await buyer.request('POST', '/payment-gateway/free/complete', {});
  return res.status === 200 || failure('free/complete', res);
}

async function payByCard(buyer) {
  const pay = await buyer.request('POST', '/payment-gateway/mango-pay/pay', SANDBOX_CARD);
  if (pay.status !== 200 || !pay.json?.success) return failure('mango-pay/pay', pay);
  const { cart_id: cartId, transaction_id: transactionId } = pay.json;
  const callback = await buyer.request('GET', `/payment-gateway/mango-pay-callback/${cartId}?transactionId=${transactionId}`);
  return (callback.status === 200 && callback.json?.status === 'paid') || failure('mango-pay-callback', callback);
}

function percentile(sorted, q) {
  if (!sorted.length) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
}

/**
 * Runs one order scenario with `connections` buyers for `durationSeconds`; the measured request is
 * the payment (free: one call; card: pay + callback), so p50/p99 are the time a buyer waits for
 * the order to be paid, and orders/s counts paid orders.
 */
export async function benchOrders({ baseUrl, natsUrl, databaseUrl, connections, durationSeconds, method }) {
  const { run, emails } = await registerBuyers(natsUrl, connections);
  const buyers = emails.map((_, i) => new Buyer(baseUrl, i));
  await Promise.all(buyers.map((b, i) => b.signIn(emails[i])));
  const latencies = [];
  let failures = 0;
  const cpuBefore = cpuSnapshot();
  const end = Date.now() + durationSeconds * 1000;
  await Promise.all(
    buyers.map(async (buyer) => {
      while (Date.now() < end) {
        await buyer.fillCart(method === 'free' ? 'FREE100' : null);
        const started = performance.now();
        const ok = method === 'free' ? await payFree(buyer) : await payByCard(buyer);
        if (ok) latencies.push(performance.now() - started);
        else failures++;
      }
    }),
  );
  for (const buyer of buyers) buyer.agent.destroy();
  // The CPU of an order includes its background work (events, invoice, e-mail): measured once
  // the run's e-mails are all out.
  const drainSeconds = await emailsDrained(databaseUrl, run, latencies.length);
  const cpu = cpuPerUnit(cpuBefore, cpuSnapshot(), latencies.length);
  latencies.sort((a, b) => a - b);
  return {
    scenario: `orders-${method}`,
    'req/s': Math.round((latencies.length / durationSeconds) * 10) / 10,
    p50_ms: percentile(latencies, 0.5),
    p99_ms: percentile(latencies, 0.99),
    errors: failures,
    total: latencies.length,
    emails_drained_s: drainSeconds,
    cpu_ms_per_order: cpu,
  };
}
