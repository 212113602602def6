// Redis dies (SIGKILL) and comes back while e-mails are asked for and sent (BullMQ jobs) and
// buyers browse (sessions live in Redis). Every process must stay up, the jobs resume, and every
// e-mail asked for is received exactly once.
//   restart-redis        its data survives, as the product's Redis keeps an append-only file;
//   restart-redis-empty  it comes back empty (data lost, or a new server): the e-mail jobs that
//                        were queued are gone, and notifications' sweep must queue them again
//                        from the e-mail rows in PostgreSQL (within about two minutes).
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { call, signedInBuyers, waitUntil } from '../shop.mjs';

const SUBJECT = 'evt.accounts-invitations.user.password_changed.v1';

export const restartRedis = (context) => redisCase(context, { empty: false });
export const restartRedisEmpty = (context) => redisCase(context, { empty: true });

async function redisCase({ servers, product, mail, db, profile, log }, { empty }) {
  const run = randomUUID().slice(0, 8);
  const runsBefore = Object.fromEntries([...product.apps].map(([name, app]) => [name, app.supervised.run]));
  const { buyers } = await signedInBuyers(product, servers.urls.nats, profile.browsers);
  const nc = await connect({ servers: servers.urls.nats });
  const js = jetstream(nc);
  const recipients = [];
  const eventIds = [];
  let stopping = false;
  let phase = 'before';
  const answers = [];

  let asked = 0;
  /** Asks for one e-mail: a password-changed notice, as accounts-invitations would. */
  const ask = async () => {
    const i = asked++;
    const now = new Date().toISOString();
    const event = {
      id: randomUUID(),
      type: 'user.password_changed',
      version: 1,
      occurredAt: now,
      producer: 'accounts-invitations',
      correlationId: randomUUID(),
      data: { userId: randomUUID(), email: `redis-${run}-${i}@example.com`, name: `Redis ${i}`, reason: 'change', changedAt: now },
    };
    recipients.push(event.data.email);
    eventIds.push(event.id);
    await js.publish(SUBJECT, JSON.stringify(event), { msgID: event.id });
  };
  const keysOf = (ids) => ids.map((id) => `password-changed:${id}`);
  // E-mails asked for all along: `emailsPerSecond` a second.
  const asking = (async () => {
    while (!stopping) {
      await ask();
      await sleep(1000 / profile.emailsPerSecond);
    }
  })();
  // Buyers browsing and reading their carts (their sessions are in Redis).
  const browsing = Promise.all(
    buyers.map(async (buyer) => {
      while (!stopping) {
        const asked = phase;
        for (const path of ['/api/products', '/api/cart', '/api/me']) {
          const res = await call(buyer, 'GET', path);
          answers.push({ phase: asked, path, status: res.status, ms: res.ms, code: res.json?.code });
        }
        await sleep(100);
      }
    }),
  );

  await sleep(profile.warmSeconds * 1000);
  let owedAtKill = null;
  if (empty) {
    // A burst just before the kill, with a slow mail server, so that send jobs are waiting in
    // Redis when its data goes.
    mail.delayMs = 100;
    const from = eventIds.length;
    await Promise.all(Array.from({ length: profile.burstBeforeKill }, ask));
    const burst = keysOf(eventIds.slice(from, from + profile.burstBeforeKill));
    await waitUntil(
      async () => (await db.query(`SELECT count(*)::int AS n FROM notifications.emails WHERE key = ANY($1)`, [burst])).rows[0].n >= burst.length / 2,
      { timeoutMs: 30_000, intervalMs: 50 },
    );
  }
  const askedBefore = recipients.length;
  phase = 'down';
  await servers.redis.kill();
  const killedAt = performance.now();
  if (empty) {
    servers.redis.wipe();
    // E-mails recorded but not sent when their jobs went: only the sweep can send them now.
    owedAtKill = (
      await db.query(`SELECT count(*)::int AS n FROM notifications.emails WHERE key = ANY($1) AND status <> 'sent'`, [keysOf(eventIds)])
    ).rows[0].n;
  }
  log(`Redis killed (SIGKILL) with ${askedBefore} e-mails asked for; down for ${profile.downSeconds} s${empty ? ', its data thrown away' : ''}`);
  await sleep(profile.downSeconds * 1000);
  await servers.redis.start();
  mail.delayMs = 0;
  phase = 'after';
  const startedAt = performance.now();
  log('Redis started again');
  const sentAfter = () => mail.messages.filter((m) => m.at > Date.now() - (performance.now() - startedAt)).length;
  const resumed = await waitUntil(async () => sentAfter() > 0 && performance.now(), { timeoutMs: 120_000, intervalMs: 100 });
  await sleep(profile.afterSeconds * 1000);
  stopping = true;
  await Promise.all([asking, browsing]);
  await nc.close();

  const keys = keysOf(eventIds);
  const drained = await waitUntil(
    async () =>
      mail.tally(recipients).lost === 0 &&
      (await db.query(`SELECT count(*)::int AS n FROM notifications.emails WHERE key = ANY($1) AND status = 'sent'`, [keys])).rows[0].n === keys.length &&
      performance.now(),
    { timeoutMs: profile.drainTimeoutMs, intervalMs: 500 },
  );
  await sleep(3000);
  const smtp = mail.tally(recipients);
  const rows = (await db.query(`SELECT status, count(*)::int AS n FROM notifications.emails WHERE key = ANY($1) GROUP BY status`, [keys])).rows;
  const crashed = Object.entries(runsBefore)
    .filter(([name, runs]) => product.apps.get(name).supervised.run !== runs)
    .map(([name]) => name);
  const during = answers.filter((a) => a.phase === 'down');
  const statusesDuring = {};
  for (const a of during) statusesDuring[a.status] = (statusesDuring[a.status] ?? 0) + 1;
  const figures = {
    redis_data: empty ? 'lost' : 'kept',
    ...(empty ? { emails_owed_when_redis_data_lost: owedAtKill } : {}),
    emails_asked: recipients.length,
    emails_asked_before_kill: askedBefore,
    email_rows: Object.fromEntries(rows.map((r) => [r.status, r.n])),
    emails_received: smtp.received,
    emails_lost: smtp.lost,
    emails_doubled: smtp.doubled,
    emails_redelivered: smtp.redelivered,
    redis_down_s: Math.round((startedAt - killedAt) / 100) / 10,
    emails_flowing_again_after_restart_s: resumed ? Math.round((resumed - startedAt) / 100) / 10 : null,
    all_received_after_restart_s: drained ? Math.round((drained - startedAt) / 100) / 10 : null,
    processes_restarted: crashed,
    requests_while_down: during.length,
    statuses_while_down: statusesDuring,
    slowest_while_down_ms: Math.round(during.reduce((max, a) => Math.max(max, a.ms), 0)),
    answers_5xx_not_503: answers.filter((a) => a.status >= 500 && a.status !== 503).length,
  };
  const problems = [];
  if (!drained) problems.push(`not every e-mail was received and recorded sent within ${profile.drainTimeoutMs / 1000} s`);
  if (smtp.lost) problems.push(`${smtp.lost} e-mails never received`);
  if (smtp.doubled) problems.push(`${smtp.doubled} e-mails received twice`);
  // No process dies here, so not even the same message may arrive twice.
  if (smtp.redelivered) problems.push(`${smtp.redelivered} e-mails delivered twice`);
  if (crashed.length) problems.push(`processes died and were restarted: ${crashed.join(', ')}`);
  if (!resumed) problems.push('no e-mail went out within 120 s of the restart');
  if (figures.answers_5xx_not_503) problems.push(`${figures.answers_5xx_not_503} answers were 5xx other than 503`);
  return { figures, problems };
}
