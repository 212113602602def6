import { AccountsRpc, ReportsRpc, type Actor, type CourseProgressRow } from '@aero/contracts';
import { decodeActor } from '@aero/backend-observability';
import { studentForm, TEST_INFRA } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { COURSES, ExamsKit, rejection, type TestLearner } from '../../test/support/exams-test-kit.js';

/**
 * The course progress report against the real exams service: a company's learners are the
 * enrolments of the shares of its seats (sharing-organize names them: answered here by a stand-in
 * that knows which shares are whose), their names come from accounts-invitations.
 */
describe('course progress report: the progress of the company’s learners, and the chart by course', () => {
  let kit: ExamsKit;
  let nats: NatsConnection;
  const companyA: Actor = { userId: randomUUID(), companyId: randomUUID(), roles: ['company'], status: null };
  const companyB: Actor = { userId: randomUUID(), companyId: randomUUID(), roles: ['company'], status: null };
  const viewerA: Actor = { userId: randomUUID(), companyId: companyA.companyId, roles: ['reports_viewer'], status: null };
  const admin: Actor = { userId: randomUUID(), companyId: null, roles: ['administrator'], status: null };
  /** The shares of each company's seats that a learner accepted (what sharing-organize would answer). */
  const shares = new Map<string, string[]>();
  let anna: TestLearner;
  let bruno: TestLearner;
  let clara: TestLearner;
  let moduleTotal: number;

  const report = (actor: Actor | null, request: Record<string, unknown> = {}) =>
    actor ? kit.as(actor, (rpc) => rpc.call(ReportsRpc.CourseProgress, request)) : kit.rpc.call(ReportsRpc.CourseProgress, request);
  const byCourse = (actor: Actor) => kit.as(actor, (rpc) => rpc.call(ReportsRpc.CourseProgressByCourse, {}));

  async function learner(first: string, last: string): Promise<TestLearner> {
    const { data } = await kit.rpc.call(AccountsRpc.Register, studentForm({ first_name: first, last_name: last }));
    return { userId: data.id, companyId: null, roles: ['student'], status: null, email: data.email.toLowerCase() };
  }

  /** Enrols the learner through a share of `company`'s seats (or their own purchase when no company). */
  async function enrol(who: TestLearner, courseId: number, courseName: string, company: Actor | null): Promise<string> {
    const shareId = randomUUID();
    const data = company ? kit.enrolment(who, { courseId, courseName, source: 'share', shareId }) : kit.enrolment(who, { courseId, courseName });
    await kit.enrol(data);
    if (company) shares.set(company.companyId!, [...(shares.get(company.companyId!) ?? []), shareId]);
    return data.enrolmentId;
  }

  /** Marks the first `chapters` chapters of the enrolment's course done (as the learner's completions would). */
  async function progress(enrolmentId: string, chapters: number, status: 'in-progress' | 'completed', startedDaysAgo: number): Promise<void> {
    await kit.db.query(
      `INSERT INTO exams.chapter_progress (enrolment_id, chapter_id, reason)
       SELECT e.id, ch.id, 'marked_done' FROM exams.enrolments e JOIN exams.chapters ch ON ch.course_id = e.course_id AND ch.kind <> 'section'
        WHERE e.id = $1 ORDER BY ch.position LIMIT $2`,
      [enrolmentId, chapters],
    );
    await kit.db.query(
      `UPDATE exams.enrolments SET status = $2, started_at = now() - make_interval(days => $3), completed_at = CASE WHEN $2 = 'completed' THEN now() END WHERE id = $1`,
      [enrolmentId, status, startedDaysAgo],
    );
  }

  beforeAll(async () => {
    kit = await ExamsKit.start();
    // sharing-organize's answer: the shares of the caller's company (every share for administrators).
    nats = await connect({ servers: TEST_INFRA.nats });
    nats.subscribe(`${kit.env.natsPrefix}${ReportsRpc.CompanyLearnerShares.pattern}`, {
      callback: (_error, msg) => {
        const { id } = JSON.parse(new TextDecoder().decode(msg.data)) as { id: string };
        const actor = decodeActor(msg.headers?.get('x-actor'));
        const shareIds = actor?.roles.includes('administrator') ? [...shares.values()].flat() : (shares.get(actor?.companyId ?? '') ?? []);
        msg.respond(new TextEncoder().encode(JSON.stringify({ id, response: { shareIds, next: null }, isDisposed: true })));
      },
    });
    await nats.flush();

    [anna, bruno, clara] = [await learner('Anna', 'Zeller'), await learner('Bruno', 'Adams'), await learner('Clara', 'Moreau')];
    const [{ total }] = await kit.db.query(`SELECT count(*)::int AS total FROM exams.chapters WHERE course_id = $1 AND kind <> 'section'`, [COURSES.module7.id]);
    moduleTotal = total;
    const annaModule7 = await enrol(anna, COURSES.module7.id, COURSES.module7.name, companyA);
    await enrol(bruno, COURSES.module7.id, COURSES.module7.name, companyA);
    const claraPart145 = await enrol(clara, COURSES.part145.id, COURSES.part145.name, companyA);
    await enrol(anna, COURSES.part145.id, COURSES.part145.name, companyB);
    await enrol(bruno, COURSES.ewis.id, COURSES.ewis.name, null);
    const recalled = await enrol(clara, COURSES.ewis.id, COURSES.ewis.name, companyA);
    await kit.db.query('UPDATE exams.enrolments SET withdrawn_at = now() WHERE id = $1', [recalled]);
    await progress(annaModule7, 3, 'in-progress', 2);
    const [{ part145 }] = await kit.db.query(`SELECT count(*)::int AS part145 FROM exams.chapters WHERE course_id = $1 AND kind <> 'section'`, [COURSES.part145.id]);
    await progress(claraPart145, part145, 'completed', 5);
  }, 120_000);

  afterAll(async () => {
    await nats?.close();
    await kit?.close();
  });

  it("lists one row per learner and course of the company's shares, started newest first, with names and overall percent", async () => {
    const page = await report(companyA);
    expect(page.meta.pagination).toEqual({ total: 3, count: 3, per_page: 10, current_page: 1, total_pages: 1 });
    expect(page.data).toEqual([
      {
        learner_name: 'Anna Zeller',
        learner_email: anna.email,
        course_name: COURSES.module7.name,
        status: 'in-progress',
        overall: Math.floor(300 / moduleTotal),
        started_at: expect.any(String),
        completed_at: null,
      },
      expect.objectContaining({ learner_name: 'Clara Moreau', course_name: COURSES.part145.name, status: 'completed', overall: 100, completed_at: expect.any(String) }),
      expect.objectContaining({ learner_name: 'Bruno Adams', course_name: COURSES.module7.name, status: 'shared', overall: 0, started_at: null }),
    ]);
  });

  it("never shows another company's learners, a learner's own purchase or a recalled share; a viewer of the company sees the same; administrators everything", async () => {
    const b = await report(companyB);
    expect(b.data.map((r: CourseProgressRow) => [r.learner_name, r.course_name])).toEqual([['Anna Zeller', COURSES.part145.name]]);
    const a = await report(companyA, { per_page: 50 });
    expect(a.data.map((r) => r.course_name)).not.toContain(COURSES.ewis.name);
    expect((await report(viewerA)).data).toEqual((await report(companyA)).data);
    const all = await report(admin, { per_page: 50 });
    expect(all.meta.pagination.total).toBe(5);
    expect(all.data.map((r) => `${r.learner_name}: ${r.course_name}`)).toContain(`Bruno Adams: ${COURSES.ewis.name}`);
  });

  it('sorts by name, e-mail, overall and the dates, both ways, and pages', async () => {
    const names = async (request: Record<string, unknown>) => (await report(companyA, request)).data.map((r) => r.learner_name);
    expect(await names({ sort: 'learner_name' })).toEqual(['Anna Zeller', 'Bruno Adams', 'Clara Moreau']);
    expect(await names({ sort: 'learner_name', direction: 'desc' })).toEqual(['Clara Moreau', 'Bruno Adams', 'Anna Zeller']);
    expect(await names({ sort: 'overall' })).toEqual(['Clara Moreau', 'Anna Zeller', 'Bruno Adams']);
    expect(await names({ sort: 'started_at', direction: 'asc' })).toEqual(['Clara Moreau', 'Anna Zeller', 'Bruno Adams']);
    expect((await names({ sort: 'completed_at' }))[0]).toBe('Clara Moreau');
    const second = await report(companyA, { sort: 'learner_name', per_page: 2, page: 2 });
    expect(second.data.map((r) => r.learner_name)).toEqual(['Clara Moreau']);
    expect(second.meta.pagination).toEqual({ total: 3, count: 1, per_page: 2, current_page: 2, total_pages: 2 });
  });

  it('draws the chart by course: learners, completed, average overall', async () => {
    expect(await byCourse(companyA)).toEqual({
      // In the order of the course names.
      data: [
        { course_name: COURSES.part145.name, learners: 1, completed: 1, average_overall: 100 },
        { course_name: COURSES.module7.name, learners: 2, completed: 0, average_overall: Math.round(Math.floor(300 / moduleTotal) / 2) },
      ],
    });
    expect(await byCourse(companyB)).toEqual({ data: [{ course_name: COURSES.part145.name, learners: 1, completed: 0, average_overall: 0 }] });
    const nobody: Actor = { ...viewerA, companyId: randomUUID() };
    expect(await byCourse(nobody)).toEqual({ data: [] });
    expect(await report(nobody)).toEqual({ data: [], meta: { pagination: { total: 0, count: 0, per_page: 10, current_page: 1, total_pages: 1 } } });
  });

  it('refuses a visitor (401), a learner (403) and a sort outside the columns (422)', async () => {
    expect(await rejection(report(null))).toMatchObject({ status: 401 });
    expect(await rejection(report(anna))).toMatchObject({ status: 403 });
    expect(await rejection(kit.as(anna, (rpc) => rpc.call(ReportsRpc.CourseProgressByCourse, {})))).toMatchObject({ status: 403 });
    expect(await rejection(report(companyA, { sort: 'user_id' }))).toMatchObject({ status: 422, errors: { sort: [expect.stringContaining('learner_name')] } });
    // accounts-invitations names learners only to someone who may read reports, 1,000 at most at once.
    expect(await rejection(kit.as(anna, (rpc) => rpc.call(ReportsRpc.LearnerNames, { userIds: [bruno.userId] })))).toMatchObject({ status: 403 });
    expect(await kit.as(viewerA, (rpc) => rpc.call(ReportsRpc.LearnerNames, { userIds: [bruno.userId, 'not-an-id'] }))).toEqual({ data: [{ id: bruno.userId, name: 'Bruno Adams' }] });
    const tooMany = Array.from({ length: 1001 }, () => randomUUID());
    expect(await rejection(kit.as(viewerA, (rpc) => rpc.call(ReportsRpc.LearnerNames, { userIds: tooMany })))).toMatchObject({ status: 422 });
  });
});
