// Exams held by the server's clock (issue 15), on an exams service of the bench's own:
//   exam-answers     500 learners, each in an attempt of 20 questions, answering at once (every
//                    learner sends its next answer as soon as the last one is answered): answers/s,
//                    p50/p99 of one answer (target p99 ≤ 100 ms) and the CPU milliseconds one answer
//                    costs in the exams process (and in the machine's Postgres, shared). The 500 are
//                    a closed loop (none waits between answers, as no learner would): p99 is then
//                    mostly the queue, about 500 / (answers/s); the throughput and the CPU per
//                    answer are the figures that tell the capacity
//   exam-deadlines   1,000 attempts whose deadlines fall in the same minute, left open: how late the
//                    deadline job completed each one after its deadline (p50, p99 target ≤ 1 s),
//                    read from the audit trail (the deadline is the recorded finish time)
// The calls go to exams over NATS as the gateway sends them (the learner in the x-actor header),
// so the figures are the exams service's own. The service runs from dist/ (npm run build -- exams)
// with a database, NATS prefix and Redis prefix of the run, removed afterwards; its courses,
// exams and enrolments are written straight into that database.
//   npm run bench -- --only exams          (inside the whole bench)
//   node tools/bench/exams.mjs             (on its own)
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, headers } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const ANSWER_COURSE = 990301;
const DEADLINE_COURSE = 990302;
const CLOCK_TICKS_PER_SECOND = 100;

function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** utime + stime of a process, in milliseconds. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU milliseconds of every Postgres process of the machine (shared with whatever else runs). */
function postgresCpuMs() {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('postgres')) total += cpuMs(pid) ?? 0;
    } catch {
      // gone, or not ours to read
    }
  }
  return total;
}

const percentile = (sorted, q) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10 : null);

/** The bench's slice of the machine's Postgres, NATS and Redis, and its own exams process. */
async function startExams({ natsUrl, databaseUrl, redisUrl }) {
  const main = join(ROOT, 'dist/apps/exams/src/main.js');
  if (!existsSync(main)) throw new Error(`${main} was not built: npm run build -- exams`);
  const id = randomBytes(4).toString('hex');
  const database = `aero_bench_exams_${id}`;
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  const slice = { id, database, databaseUrl: withDatabase(databaseUrl, database), natsPrefix: `bx${id}.`, redisPrefix: `bench:exams:${id}` };
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: slice.databaseUrl,
      NATS_URL: natsUrl,
      REDIS_URL: redisUrl,
      NATS_PREFIX: slice.natsPrefix,
      REDIS_PREFIX: slice.redisPrefix,
      EXAMS_HTTP_PORT: String(port),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return { ...slice, child };
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  child.kill('SIGKILL');
  throw new Error('the bench exams service did not come up within 2 minutes');
}

async function stopExams(slice, { natsUrl, databaseUrl, redisUrl }) {
  slice.child.kill('SIGINT');
  await new Promise((done) => {
    const timer = setTimeout(() => {
      slice.child.kill('SIGKILL');
      done();
    }, 10_000);
    slice.child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
  });
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${slice.database}" WITH (FORCE)`);
  await admin.end();
  const nc = await connect({ servers: natsUrl });
  const jsm = await jetstreamManager(nc);
  const stream = `${slice.natsPrefix.replace(/[^A-Za-z0-9_-]/g, '_').replace(/_+$/, '').toUpperCase()}_EVENTS`;
  await jsm.streams.delete(stream).catch(() => undefined);
  await nc.close();
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${slice.redisPrefix}:*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
}

/** A course, its exam (a bank of `bank` questions, `draw` drawn, `duration` seconds) and `learners` enrolments. */
async function seedExam(db, { courseId, bank, draw, duration, learners, run }) {
  await db.query(`INSERT INTO exams.courses (id, name) VALUES ($1, $2)`, [courseId, `Bench exam course ${courseId}`]);
  const [{ id: examId }] = (
    await db.query(
      `INSERT INTO exams.exams (course_id, title, draw_size, duration_seconds, pass_rate, max_attempts, grace_period_seconds, results_visible)
       VALUES ($1, 'Bench exam', $2, $3, 75, 3, 3600, true) RETURNING id`,
      [courseId, draw, duration],
    )
  ).rows;
  await db.query(
    `INSERT INTO exams.exam_questions (exam_id, position, question, choice_a, choice_b, choice_c, correct)
     SELECT $1, n - 1, 'Bench question ' || n, 'Answer A', 'Answer B', 'Answer C', (ARRAY['A','B','C'])[1 + n % 3] FROM generate_series(1, $2) n`,
    [examId, bank],
  );
  const users = Array.from({ length: learners }, (_, i) => `bench-${run}-${courseId}-${i}`);
  await db.query(
    `INSERT INTO exams.enrolments (id, user_id, email, course_id, course_name, source, order_id, status, available_till, enrolled_at)
     SELECT gen_random_uuid(), u, u || '@bench.local', $1, 'Bench exam course', 'purchase', gen_random_uuid(), 'created', current_date + 365, now()
       FROM unnest($2::text[]) u`,
    [courseId, users],
  );
  return { examId, users };
}

/** Calls an exams RPC over NATS as the gateway would for `userId` (Nest's packet format). */
function rpcCaller(nc, prefix) {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let next = 0;
  return async (pattern, userId, data) => {
    const h = headers();
    h.set('x-correlation-id', randomUUID());
    h.set('x-actor', JSON.stringify({ userId, companyId: null, roles: ['student'], status: null }));
    const reply = await nc.request(`${prefix}${pattern}`, encoder.encode(JSON.stringify({ pattern, data, id: String(++next) })), { timeout: 30_000, headers: h });
    const packet = JSON.parse(decoder.decode(reply.data));
    if (packet.err) throw new Error(`${pattern}: ${JSON.stringify(packet.err)}`);
    return packet.response;
  };
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool(items, concurrency, work) {
  let index = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (index < items.length) await work(items[index++]);
    }),
  );
}

/**
 * Starts the bench's exams, runs both scenarios and stops it. Answers the rows of the run table
 * and the CPU per answer.
 */
export async function benchExams({ natsUrl, databaseUrl, redisUrl, learners = 500, deadlines = 1000 }) {
  const infra = { natsUrl, databaseUrl, redisUrl };
  const slice = await startExams(infra);
  const db = new pg.Client({ connectionString: slice.databaseUrl });
  await db.connect();
  const nc = await connect({ servers: natsUrl });
  const call = rpcCaller(nc, slice.natsPrefix);
  const run = slice.id;
  const rows = [];
  const cpu = [];
  try {
    // exam-answers: every learner begins, then all answer at once, each its 20 questions in turn.
    const answering = await seedExam(db, { courseId: ANSWER_COURSE, bank: 40, draw: 20, duration: 3600, learners, run });
    const attempts = new Map();
    await pool(answering.users, 50, async (userId) => {
      const { data } = await call('exams.exam.begin', userId, { courseId: ANSWER_COURSE, examId: answering.examId });
      attempts.set(userId, data.questions.map((q) => q.id));
    });
    const latencies = [];
    let errors = 0;
    const exams0 = cpuMs(slice.child.pid);
    const pg0 = postgresCpuMs();
    const started = performance.now();
    await Promise.all(
      answering.users.map(async (userId) => {
        for (const questionId of attempts.get(userId)) {
          const t = performance.now();
          try {
            await call('exams.exam.answer', userId, { courseId: ANSWER_COURSE, examId: answering.examId, question_id: questionId, choice: 'B' });
            latencies.push(performance.now() - t);
          } catch {
            errors++;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const examsMs = cpuMs(slice.child.pid) - exams0;
    const pgMs = postgresCpuMs() - pg0;
    latencies.sort((a, b) => a - b);
    rows.push({
      scenario: `exam-answers (${learners} learners at once)`,
      'req/s': Math.round(latencies.length / seconds),
      p50_ms: percentile(latencies, 0.5),
      p99_ms: percentile(latencies, 0.99),
      errors,
      total: latencies.length,
    });
    cpu.push({ scenario: 'exam-answers', exams: Math.round((examsMs / Math.max(1, latencies.length)) * 100) / 100, 'postgres (machine)': Math.round((pgMs / Math.max(1, latencies.length)) * 100) / 100 });

    // exam-deadlines: 1,000 attempts begun as fast as they come, their deadlines in the same minute.
    const duration = 60;
    const timed = await seedExam(db, { courseId: DEADLINE_COURSE, bank: 8, draw: 5, duration, learners: deadlines, run });
    const beginStarted = Date.now();
    await pool(timed.users, 50, (userId) => call('exams.exam.begin', userId, { courseId: DEADLINE_COURSE, examId: timed.examId }));
    const beginSeconds = (Date.now() - beginStarted) / 1000;
    const {
      rows: [span],
    } = await db.query(`SELECT min(deadline) AS first, max(deadline) AS last FROM exams.exam_attempts WHERE exam_id = $1`, [timed.examId]);
    // Nobody reads the attempts: only the deadline jobs complete them.
    const waitUntil = new Date(span.last).getTime() + 120_000;
    for (;;) {
      const {
        rows: [{ open }],
      } = await db.query(`SELECT count(*)::int AS open FROM exams.exam_attempts WHERE exam_id = $1 AND status = 'in_progress'`, [timed.examId]);
      if (open === 0 || Date.now() > waitUntil) break;
      await sleep(500);
    }
    const { rows: late } = await db.query(
      `SELECT EXTRACT(EPOCH FROM (au.at - a.deadline)) * 1000 AS late_ms, a.finished_at = a.deadline AS at_deadline
         FROM exams.exam_attempts a JOIN exams.exam_audit au ON au.attempt_id = a.id AND au.action = 'auto_complete'
        WHERE a.exam_id = $1 ORDER BY 1`,
      [timed.examId],
    );
    const lateness = late.map((row) => Number(row.late_ms));
    rows.push({
      scenario: `exam-deadlines (${deadlines} due within ${Math.round((new Date(span.last) - new Date(span.first)) / 1000)} s; begun in ${Math.round(beginSeconds)} s)`,
      completed: late.length,
      at_deadline: late.filter((row) => row.at_deadline).length,
      late_p50_ms: percentile(lateness, 0.5),
      late_p99_ms: percentile(lateness, 0.99),
      late_max_ms: percentile(lateness, 1),
    });
  } finally {
    await nc.close();
    await db.end();
    await stopExams(slice, infra);
  }
  return { rows, cpu };
}

// On its own: `node tools/bench/exams.mjs [--learners 500] [--deadlines 1000]`.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: {
      nats: { type: 'string', default: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' },
      database: { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aeromaint' },
      redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
      learners: { type: 'string', default: '500' },
      deadlines: { type: 'string', default: '1000' },
    },
  });
  const { rows, cpu } = await benchExams({
    natsUrl: args.nats,
    databaseUrl: args.database,
    redisUrl: args.redis,
    learners: Number(args.learners),
    deadlines: Number(args.deadlines),
  });
  console.table(rows);
  console.log('CPU per answer (ms):');
  console.table(cpu);
}
