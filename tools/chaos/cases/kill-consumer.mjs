// SIGKILL a consumer service while events flow to it; its supervisor starts it again. Every
// event must be handled exactly once: the consumer here is notifications (durable consumer
// `notifications.password-changed`), each `user.password_changed` event asks for one e-mail, so
// "handled" is checked in its inbox, in its e-mail rows and at the SMTP server.
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { waitUntil } from '../shop.mjs';

// How many e-mails one notifications process sends at once (its EMAIL_WORKER_CONCURRENCY, the
// default the chaos product runs with): the most that can be between "the mail server took it"
// and "the row says sent" when the process is killed.
const SENDS_IN_FLIGHT = 4;

const SUBJECT = 'evt.accounts-invitations.user.password_changed.v1';
const CONSUMER = 'notifications.password-changed';

function passwordChanged(run, i) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    type: 'user.password_changed',
    version: 1,
    occurredAt: now,
    producer: 'accounts-invitations',
    correlationId: randomUUID(),
    data: { userId: randomUUID(), email: `chaos-${run}-${i}@example.com`, name: `Chaos ${i}`, reason: 'change', changedAt: now },
  };
}

export async function killConsumer({ servers, product, mail, db, profile, log }) {
  const count = profile.events;
  const run = randomUUID().slice(0, 8);
  const events = Array.from({ length: count }, (_, i) => passwordChanged(run, i));
  const ids = events.map((e) => e.id);
  const recipients = events.map((e) => e.data.email);
  const handled = async () =>
    (await db.query(`SELECT count(*)::int AS n FROM notifications.inbox WHERE consumer = $1 AND event_id = ANY($2::uuid[])`, [CONSUMER, ids])).rows[0].n;

  const nc = await connect({ servers: servers.urls.nats });
  const js = jetstream(nc);
  const started = performance.now();
  // Published as the outbox relay does (Nats-Msg-Id = event id), 250 awaiting their acks at a time.
  const publishing = (async () => {
    for (let i = 0; i < count; i += 250) {
      await Promise.all(events.slice(i, i + 250).map((e) => js.publish(SUBJECT, JSON.stringify(e), { msgID: e.id })));
    }
  })();

  // Killed once about a third of the events are handled, while the rest still flow in.
  await waitUntil(async () => (await handled()) >= count / 3, { timeoutMs: 120_000, intervalMs: 100 });
  const handledBeforeKill = await handled();
  const killedAt = performance.now();
  product.kill('notifications');
  log(`notifications killed (SIGKILL) with ${handledBeforeKill} of ${count} events handled`);
  await publishing;
  const publishedAt = performance.now();
  await product.waitHealthy('notifications');
  const backAt = performance.now();
  log(`notifications healthy again ${((backAt - killedAt) / 1000).toFixed(1)} s after the kill`);

  const drained = await waitUntil(
    async () => {
      const n = await handled();
      const sent = (await db.query(`SELECT count(*)::int AS n FROM notifications.emails WHERE key = ANY($1) AND status = 'sent'`, [ids.map((id) => `password-changed:${id}`)])).rows[0].n;
      return n === count && sent === count && mail.tally(recipients).lost === 0;
    },
    { timeoutMs: profile.drainTimeoutMs, intervalMs: 500 },
  );
  const doneAt = performance.now();
  await nc.close();

  const inbox = await db.query(
    `SELECT count(*)::int AS rows, count(DISTINCT event_id)::int AS events FROM notifications.inbox WHERE consumer = $1 AND event_id = ANY($2::uuid[])`,
    [CONSUMER, ids],
  );
  const emails = await db.query(
    `SELECT count(*)::int AS rows, count(*) FILTER (WHERE status = 'sent')::int AS sent FROM notifications.emails WHERE key = ANY($1)`,
    [ids.map((id) => `password-changed:${id}`)],
  );
  const deadLetters = (await db.query(`SELECT count(*)::int AS n FROM notifications.dead_letters WHERE consumer = $1`, [CONSUMER])).rows[0].n;
  const smtp = mail.tally(recipients);
  const eventsLost = count - inbox.rows[0].events;
  const eventsDoubled = inbox.rows[0].rows - inbox.rows[0].events + Math.max(0, emails.rows[0].rows - inbox.rows[0].events);
  const figures = {
    events: count,
    handled_before_kill: handledBeforeKill,
    events_handled: inbox.rows[0].events,
    events_lost: eventsLost,
    events_doubled: eventsDoubled,
    dead_letters: deadLetters,
    emails_sent_rows: emails.rows[0].sent,
    emails_received: smtp.received,
    emails_lost: smtp.lost,
    emails_doubled: smtp.doubled,
    emails_redelivered: smtp.redelivered,
    publish_s: round((publishedAt - started) / 1000),
    back_healthy_after_kill_s: round((backAt - killedAt) / 1000),
    all_handled_and_sent_after_kill_s: drained ? round((doneAt - killedAt) / 1000) : null,
  };
  const problems = [];
  if (!drained) problems.push(`not everything handled and sent within ${profile.drainTimeoutMs / 1000} s`);
  if (eventsLost) problems.push(`${eventsLost} events lost`);
  if (eventsDoubled) problems.push(`${eventsDoubled} events handled twice`);
  if (smtp.lost) problems.push(`${smtp.lost} e-mails never received`);
  if (smtp.doubled) problems.push(`${smtp.doubled} e-mails received twice`);
  // SMTP cannot tell a sender whether a message it was killed in the middle of handing over
  // was taken: those few go again, with the same Message-ID, so the mailbox shows them once.
  // More than one per send in flight would mean a claim or a record went wrong.
  if (smtp.redelivered > SENDS_IN_FLIGHT) problems.push(`${smtp.redelivered} e-mails delivered again (at most ${SENDS_IN_FLIGHT} may be)`);
  return { figures, problems };
}

const round = (n) => Math.round(n * 10) / 10;
