// Quick share through the gateway, as a company admin signed in:
//   shares-bulk  one "Add multiple recipients" of 50 addresses (POST /quick-share/{course}/multiple)
//                after another: the time until the request is accepted (p50/p99; target p99 ≤ 300 ms)
//                and until all 50 invitations are in the SMTP catcher (maildev; target ≤ 10 s)
//   seat-race    single shares (POST /quick-share/{course}) over 20 connections at once on ONE pool
//                until it is empty: claims per second on one pool, and the refusals once empty
// The company and its seats are made for the run: registered over NATS, seats bought by card.
import { connect } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { Buyer, PASSWORD, SANDBOX_CARD } from './orders.mjs';

/** Part-145 Initial Training: product 201, course 2001 (demo catalogue). */
const PRODUCT = 201;
const COURSE = 2001;
const BULK = 50;

/** A new company account (its admin), registered straight over NATS. */
async function registerCompany(natsUrl, run) {
  const nc = await connect({ servers: natsUrl });
  const email = `bench-company-${run}@aeromaint.local`;
  const data = {
    nick: `bench-company-${run}`,
    first_name: 'Bench',
    last_name: 'Company',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms_and_conditions: true,
    type: 'company',
    company_name: `Bench Hangar ${run}`,
    company_country: 'FI',
    city: 'Helsinki',
    address: 'Hangar 1',
    zip: '00100',
  };
  const reply = await nc.request(
    'accounts-invitations.accounts.register',
    new TextEncoder().encode(JSON.stringify({ pattern: 'accounts-invitations.accounts.register', data, id: run })),
    { timeout: 10_000 },
  );
  await nc.close();
  const packet = JSON.parse(new TextDecoder().decode(reply.data));
  if (packet.err) throw new Error(`could not register the bench company: ${JSON.stringify(packet.err)}`);
  return email;
}

/** Buys `quantity` seats by card (cart → pay → callback) and waits until the pool holds them. */
async function buySeats(buyer, quantity) {
  await buyer.request('POST', '/api/cart/add', { product_id: PRODUCT, quantity, update: true });
  const pay = await buyer.request('POST', '/payment-gateway/mango-pay/pay', SANDBOX_CARD);
  if (pay.status !== 200 || !pay.json?.success) throw new Error(`bench: paying the seats answered ${pay.status} ${JSON.stringify(pay.json)}`);
  const { cart_id: cartId, transaction_id: transactionId } = pay.json;
  await buyer.request('GET', `/payment-gateway/mango-pay-callback/${cartId}?transactionId=${transactionId}`);
  for (let i = 0; i < 600; i++) {
    const count = (await buyer.request('GET', `/my-courses/available-for-sharing/${COURSE}`)).json?.count ?? 0;
    if (count >= quantity) return count;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('bench: the seats were not granted within 60 s');
}

/** How many of the run's round's recipients (`tag`, a part of each address) maildev has received (its REST API). */
async function caught(mailUrl, tag) {
  const res = await fetch(`${mailUrl}/api/email/summary?search=${encodeURIComponent(tag)}&limit=200`);
  if (!res.ok) throw new Error(`bench: maildev answered ${res.status} at ${mailUrl}/api/email/summary`);
  const seen = new Set();
  for (const mail of (await res.json()).items ?? []) for (const to of mail.to ?? []) if (to.address?.includes(tag)) seen.add(to.address);
  return seen.size;
}

function percentile(sorted, q) {
  if (!sorted.length) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
}

/**
 * `rounds` bulk shares of 50, one after the other (each waits for its 50 e-mails), then the seat
 * race with `raceSeats` seats and `racers` sessions.
 */
export async function benchShares({ baseUrl, natsUrl, mailUrl, rounds = 10, raceSeats = 300, racers = 20 }) {
  const run = randomUUID().slice(0, 8);
  const email = await registerCompany(natsUrl, run);
  const admin = new Buyer(baseUrl, 0);
  await admin.signIn(email);
  await buySeats(admin, rounds * BULK);

  const accepted = [];
  const drained = [];
  let failures = 0;
  for (let round = 0; round < rounds; round++) {
    const addresses = Array.from({ length: BULK }, (_, i) => `bench-share-${run}-${round}-${i}@example.com`);
    const started = performance.now();
    const res = await admin.request('POST', `/quick-share/${COURSE}/multiple`, { emails: addresses.join('; '), share_type: 'email' });
    if (res.status !== 200) {
      failures++;
      console.error(`bench: bulk share answered ${res.status} ${JSON.stringify(res.json)?.slice(0, 300)}`);
      continue;
    }
    accepted.push(performance.now() - started);
    let all = false;
    for (let i = 0; i < 600 && !all; i++) {
      all = (await caught(mailUrl, `bench-share-${run}-${round}-`)) === BULK;
      if (!all) await new Promise((r) => setTimeout(r, 50));
    }
    drained.push(all ? (performance.now() - started) / 1000 : null);
  }
  accepted.sort((a, b) => a - b);
  const drainedSorted = drained.filter((d) => d !== null).sort((a, b) => a - b);
  const bulk = {
    scenario: 'shares-bulk',
    p50_ms: percentile(accepted, 0.5),
    p99_ms: percentile(accepted, 0.99),
    emails_p50_s: drainedSorted.length ? Math.round(drainedSorted[Math.floor((drainedSorted.length - 1) / 2)] * 100) / 100 : null,
    emails_max_s: drainedSorted.length ? Math.round(drainedSorted[drainedSorted.length - 1] * 100) / 100 : null,
    errors: failures + drained.filter((d) => d === null).length,
    total: accepted.length,
  };

  // The race: one pool of `raceSeats` seats, `racers` sessions of its company sharing one seat
  // each, as fast as they can, until the pool says it has none left.
  await buySeats(admin, raceSeats);
  // One signed-in session used over `racers` connections (signing in 20 times would hit the
  // sign-in throttle of the account): each connection carries the admin's cookies.
  const sessions = Array.from({ length: racers }, (_, i) => {
    const connection = new Buyer(baseUrl, 1 + i);
    connection.cookies = new Map(admin.cookies);
    return connection;
  });
  let claimed = 0;
  let refused = 0;
  let errors = 0;
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    sessions.map(async (session) => {
      for (;;) {
        const t = performance.now();
        const res = await session.request('POST', `/quick-share/${COURSE}`, { email: `bench-race-${run}-${next++}@example.com`, share_type: 'email' });
        if (res.status === 200) {
          claimed++;
          latencies.push(performance.now() - t);
        } else if (res.status === 422 && res.json?.code === 'sharing.not_enough_seats') {
          refused++;
          return;
        } else {
          errors++;
          if (errors > 20) return;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const left = (await admin.request('GET', `/my-courses/available-for-sharing/${COURSE}`)).json?.count;
  latencies.sort((a, b) => a - b);
  const race = {
    scenario: 'seat-race',
    'claims/s': Math.round((claimed / seconds) * 10) / 10,
    p50_ms: percentile(latencies, 0.5),
    p99_ms: percentile(latencies, 0.99),
    claimed,
    refused_when_empty: refused,
    seats_left: left,
    errors,
  };
  for (const s of [admin, ...sessions]) s.agent.destroy();
  return [bulk, race];
}
