// The learning side through the gateway, as learners signed in (issue 14):
//   course-page      GET /api/course/{course_id} of a course whose syllabus has 200 chapters
//                    (three levels), for learners enrolled in it with part of it completed
//   course-progress  GET /api/course-progress/{uuid} of those learners' enrolments
// Each for --duration seconds at --connections connections: requests/s, p50/p99 (target p99 ≤ 50 ms
// at 50 connections) and the CPU milliseconds one request costs in each process of the product
// (its apps by their NATS_PREFIX, so test runs on the same machine do not count; Postgres, NATS and
// Redis are the machine's, shared).
// The course is imported for the run with `npm run syllabus:import` (DATABASE_URL); the learners
// are registered over NATS and enrolled with the `course.enrolled` sharing-organize would publish
// (NATS_PREFIX and DATABASE_URL as the product runs with).
//   npm run bench -- --only learning          (inside the whole bench)
//   node tools/bench/learning.mjs              (on its own, against the running product)
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuPerUnit, cpuSnapshot } from './cpu.mjs';
import { Buyer, PASSWORD } from './orders.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The bench's own course (not in the catalogue): 8 modules × 4 topics × 5 chapters + 40 sections = 200 chapters. */
const COURSE = 990200;
const LEARNERS = 5;
/** The product's NATS subject prefix (empty under `npm start`). */
const PREFIX = process.env.NATS_PREFIX ?? '';
const VIDEO = 'https://player.vimeo.com/video/76979871';

/** A syllabus file of 200 chapters on three levels (docs/syllabus-import.md). */
function syllabusFile() {
  const chapters = [];
  for (let m = 1; m <= 8; m++) {
    const topics = [];
    for (let t = 1; t <= 4; t++) {
      const leaves = [];
      for (let c = 1; c <= 5; c++) {
        const slug = `b${m}-${t}-${c}`;
        leaves.push(
          c === 5
            ? { slug, name: `Check ${m}.${t}`, quiz: [{ question: 'Ready?', A: 'Yes', B: 'No', C: 'Maybe', correct: 'A', explanation: 'Yes.' }], minutes: 2 }
            : c % 2
              ? { slug, name: `Video ${m}.${t}.${c}`, subtitle: 'A demo video', video_url: VIDEO, minutes: 5, seconds: 30, is_skippable: true }
              : { slug, name: `Reading ${m}.${t}.${c}`, subtitle: 'A short text', text: 'Text of the chapter.', minutes: 8 },
        );
      }
      topics.push({ slug: `b${m}-${t}`, name: `Topic ${m}.${t}`, children: leaves });
    }
    chapters.push({ slug: `b${m}`, name: `Module ${m}`, subtitle: `Module ${m} of the bench course`, children: topics });
  }
  return { course: { id: COURSE, name: 'Bench course: 200 chapters', demo_video_url: VIDEO }, chapters };
}

/** A student registered straight over NATS (Nest's packet format); answers their id and e-mail. */
async function registerLearner(nc, run, index) {
  const email = `bench-learner-${run}-${index}@aeromaint.local`;
  const data = {
    nick: `bench-learner-${run}-${index}`,
    first_name: 'Bench',
    last_name: 'Learner',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms_and_conditions: true,
  };
  const reply = await nc.request(`${PREFIX}accounts-invitations.accounts.register`, new TextEncoder().encode(JSON.stringify({ pattern: 'accounts-invitations.accounts.register', data, id: `${run}-${index}` })), {
    timeout: 10_000,
  });
  const packet = JSON.parse(new TextDecoder().decode(reply.data));
  if (packet.err) throw new Error(`bench: could not register a learner: ${JSON.stringify(packet.err)}`);
  return { userId: packet.response.data.id, email };
}

/** Publishes the `course.enrolled` sharing-organize would for a purchase of the bench course. */
async function enrol(nc, learner) {
  const enrolmentId = randomUUID();
  const envelope = {
    id: randomUUID(),
    type: 'course.enrolled',
    version: 1,
    occurredAt: new Date().toISOString(),
    producer: 'sharing-organize',
    correlationId: randomUUID(),
    data: {
      enrolmentId,
      userId: learner.userId,
      email: learner.email,
      programId: COURSE,
      courseName: 'Bench course: 200 chapters',
      source: 'purchase',
      orderId: randomUUID(),
      shareId: null,
      availableTill: `${new Date().getUTCFullYear() + 1}-06-30`,
      enrolledAt: new Date().toISOString(),
    },
  };
  await jetstream(nc).publish(`${PREFIX}evt.sharing-organize.course.enrolled.v1`, JSON.stringify(envelope), { msgID: envelope.id });
  return enrolmentId;
}

function cannon(options) {
  return new Promise((resolvePromise, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolvePromise(result))));
}

/** Runs one scenario, with the CPU each request cost in every process. */
async function measure(scenario, options, { connections, durationSeconds }) {
  const before = cpuSnapshot();
  const result = await cannon({ connections, duration: durationSeconds, ...options });
  const cpu = cpuPerUnit(before, cpuSnapshot(), result.requests.total);
  return {
    row: {
      scenario,
      'req/s': Math.round(result.requests.average),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      errors: result.errors + result.non2xx,
      total: result.requests.total,
    },
    cpu: cpu ? { scenario, ...cpu } : null,
  };
}

/**
 * Imports the 200-chapter course, enrols `LEARNERS` learners (each with a part of it completed),
 * then measures the course page and the course progress. Answers the rows and the CPU per request.
 */
export async function benchLearning({ baseUrl, natsUrl, connections = 50, durationSeconds = 10 }) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-syllabus-'));
  try {
    const file = join(dir, 'bench-course.json');
    writeFileSync(file, JSON.stringify(syllabusFile()));
    execFileSync(process.execPath, [join(ROOT, 'tools/dev/syllabus-import.mjs'), file], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const run = randomUUID().slice(0, 8);
  const nc = await connect({ servers: natsUrl });
  const learners = [];
  try {
    for (let i = 0; i < LEARNERS; i++) {
      const learner = await registerLearner(nc, run, i);
      const enrolmentId = await enrol(nc, learner);
      const browser = new Buyer(baseUrl, 100 + i);
      await browser.signIn(learner.email);
      learners.push({ browser, enrolmentId });
    }
  } finally {
    await nc.close();
  }
  // Wait for exams to enrol them, then each completes the first 10 × (i + 1) chapters.
  for (const { browser } of learners) {
    for (let i = 0; i < 200; i++) {
      const page = await browser.request('GET', `/api/course/${COURSE}`);
      if (page.json?.data?.enrolment) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const leaves = [];
  const walk = (nodes) => nodes.forEach((n) => (n.children.length ? walk(n.children) : leaves.push(n)));
  walk((await learners[0].browser.request('GET', `/api/course/${COURSE}`)).json.data.syllabus);
  for (const [index, { browser }] of learners.entries()) {
    for (const leaf of leaves.slice(0, 10 * (index + 1))) {
      if (leaf.kind === 'quiz') continue;
      await browser.request('POST', `/api/course/${COURSE}/chapter/${leaf.slug}/complete`, { reason: 'marked_done' });
    }
  }

  const headersOf = (browser) => ({
    cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-requested-with': 'XMLHttpRequest',
  });
  let next = 0;
  const setupClient = (client) => client.setHeaders(headersOf(learners[next++ % learners.length].browser));
  const page = await measure('course-page (200 chapters)', { url: `${baseUrl}/api/course/${COURSE}`, setupClient }, { connections, durationSeconds });
  // Each connection reads its own learner's progress.
  let nextProgress = 0;
  const progress = await measure(
    'course-progress',
    {
      url: baseUrl,
      setupClient: (client) => {
        const learner = learners[nextProgress++ % learners.length];
        client.setHeaders(headersOf(learner.browser));
        client.setRequests([{ method: 'GET', path: `/api/course-progress/${learner.enrolmentId}` }]);
      },
    },
    { connections, durationSeconds },
  );
  return { rows: [page.row, progress.row], cpu: [page.cpu, progress.cpu].filter(Boolean) };
}

// On its own: `node tools/bench/learning.mjs [--url] [--nats] [--connections 50] [--duration 10]`.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.BENCH_URL ?? 'http://127.0.0.1:3000' },
      nats: { type: 'string', default: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' },
      connections: { type: 'string', default: '50' },
      duration: { type: 'string', default: '10' },
    },
  });
  const { rows, cpu } = await benchLearning({ baseUrl: args.url, natsUrl: args.nats, connections: Number(args.connections), durationSeconds: Number(args.duration) });
  console.log(`\nLoad: ${args.connections} connections, ${args.duration} s per scenario`);
  console.table(rows);
  console.log('CPU per request (ms):');
  console.table(cpu);
}
