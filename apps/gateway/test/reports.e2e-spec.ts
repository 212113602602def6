import {
  AccountsRpc,
  DEMO_ACCOUNTS,
  DEMO_COMPANY,
  PaymentRoutes,
  type CourseProgressByCourse,
  type CourseProgressRow,
  type ReceivedCourseRow,
  type ReportPage,
  type WalletMovementRow,
} from '@aero/contracts';
import { studentForm, waitFor } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createUser, signedIn, visitor, type AccountBrowser, type Refusal } from './support/accounts.js';
import { startWithMailCatcher } from './support/mail-catcher.js';
import { fillCart, waitForEmptyCart } from './support/payments.js';
import type { Platform } from './support/platform.js';
import { buyByCard, PART_145, queryDb, startSharingPlatform, waitForSeats } from './support/sharing.js';

const P = PART_145.programId;

/** The lines of a CSV answer (without the byte order mark), each split into its cells (no quoted commas in these tests). */
function csvLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split('\r\n').filter((line) => line !== '');
}

describe('gateway: reports with company isolation, paging, sorting and CSV (issue 14)', () => {
  jest.setTimeout(60_000);
  let platform: Platform;
  /** The demo company's admin (company A). */
  let companyA: AccountBrowser;
  let viewerA: AccountBrowser;
  let companyB: AccountBrowser;
  let student: AccountBrowser;
  let admin: AccountBrowser;
  /** Company A shares with the demo student (who accepts) and 11 addresses without an account. */
  const recipientsA = [
    DEMO_ACCOUNTS.student.email,
    ...Array.from({ length: 11 }, (_, i) => `learner-${String(i + 1).padStart(2, '0')}-${randomUUID().slice(0, 6)}@a.example`),
  ];
  /** Company B's one learner (an account of its own, who accepts). */
  let recipientB: string;
  let learnerB: AccountBrowser;
  let studentName: string;
  let learnerBName: string;
  /** Leaf chapters of Part-145 (the demo syllabus). */
  let chapters: number;

  beforeAll(async () => {
    // Every service a report reads: sharing-organize (shares), payments (wallet), exams (progress), accounts (names).
    ({ platform } = await startWithMailCatcher(startSharingPlatform, { apps: ['exams'] }));
    companyA = await signedIn(platform, DEMO_ACCOUNTS.companyAdmin.email);
    student = await signedIn(platform, DEMO_ACCOUNTS.student.email);
    admin = await signedIn(platform, DEMO_ACCOUNTS.administrator.email);

    // A report viewer of company A.
    const viewer = await createUser(platform, ['reports_viewer']);
    await queryDb(platform, 'UPDATE accounts_invitations.users SET company_id = $2 WHERE id = $1', [viewer.id, DEMO_COMPANY.id]);
    viewerA = await signedIn(platform, viewer.email, viewer.password);

    studentName = (await student.me())!.name;

    // Company B: its own account, one seat bought by card and shared with its learner.
    const b = await createUser(platform, undefined, { first_name: 'Bea', last_name: 'Borg' });
    await queryDb(platform, 'UPDATE accounts_invitations.users SET email_verified_at = now() WHERE id = $1', [b.id]);
    recipientB = b.email.toLowerCase();
    learnerB = await signedIn(platform, b.email, b.password);
    learnerBName = 'Bea Borg';
    const form = studentForm({ type: 'company', company_name: `Hangar ${randomUUID().slice(0, 6)}`, company_country: 'FI', city: 'Turku', address: 'Apron 1', zip: '20100' });
    const { data } = await platform.gateway.infra.rpc.call(AccountsRpc.Register, form);
    companyB = await signedIn(platform, data.email, form.password);
    await buyByCard(companyB, PART_145.productId, 1);
    await waitForSeats(companyB, P, 1);
    expect((await companyB.call('POST', `/quick-share/${P}`, { email: recipientB, share_type: 'email' })).status).toBe(200);

    // Company A: 12 seats paid from the demo wallet, all shared by e-mail.
    await fillCart(companyA, [[PART_145.productId, 12]]);
    expect((await companyA.call('POST', PaymentRoutes.walletPay)).status).toBe(200);
    await waitForEmptyCart(companyA);
    await waitForSeats(companyA, P, 12);
    for (const email of recipientsA) expect((await companyA.call('POST', `/quick-share/${P}`, { email, share_type: 'email' })).status).toBe(200);
    // The learners receive their courses: exams enrols them (course.enrolled), then the student studies two chapters.
    for (const learner of [student, learnerB]) expect((await learner.call<{ received: unknown[] }>('GET', '/api/quick-share/receive-pending')).body.received).toHaveLength(1);
    const enrolments = () => queryDb<{ id: string }>(platform, `SELECT id FROM exams.enrolments WHERE course_id = $1 AND email = ANY($2::text[])`, [P, [DEMO_ACCOUNTS.student.email, recipientB]]);
    await waitFor(async () => (await enrolments()).length === 2, { what: 'both learners enrolled by exams', timeoutMs: 20_000 });
    [{ chapters }] = await queryDb<{ chapters: number }>(platform, `SELECT count(*)::int AS chapters FROM exams.chapters WHERE course_id = $1 AND kind <> 'section'`, [P]);
    const [studentEnrolment] = await queryDb<{ id: string }>(platform, 'SELECT id FROM exams.enrolments WHERE course_id = $1 AND email = $2', [P, DEMO_ACCOUNTS.student.email]);
    await queryDb(
      platform,
      `INSERT INTO exams.chapter_progress (enrolment_id, chapter_id, reason)
       SELECT $1, ch.id, 'marked_done' FROM exams.chapters ch WHERE ch.course_id = $2 AND ch.kind <> 'section' ORDER BY ch.position LIMIT 2`,
      [studentEnrolment.id, P],
    );
    await queryDb(platform, `UPDATE exams.enrolments SET status = 'in-progress', started_at = now() WHERE id = $1`, [studentEnrolment.id]);
    // A movement whose description a spreadsheet would run as a formula.
    await queryDb(
      platform,
      `INSERT INTO payments.wallet_entries (user_id, kind, amount_cents, idempotency_key, description) VALUES ($1, 'adjustment', 100, $2, $3)`,
      [DEMO_ACCOUNTS.companyAdmin.id, randomUUID(), '=HYPERLINK("http://evil.example","refund")'],
    );
  }, 240_000);

  afterAll(async () => {
    await platform?.stop();
  });

  describe('received courses', () => {
    it("shows company A's admin its 12 shares, 10 to a page, newest first, and nothing of company B", async () => {
      const first = await companyA.call<ReportPage<ReceivedCourseRow>>('GET', '/api/reports/received-courses');
      expect(first.status).toBe(200);
      expect(first.body.meta.pagination).toEqual({ total: 12, count: 10, per_page: 10, current_page: 1, total_pages: 2 });
      expect(first.body.data[0]).toEqual({
        recipient_email: expect.stringMatching(/@a\.example$/),
        course_name: PART_145.name,
        shared_at: expect.any(String),
        expires: `${new Date().getUTCFullYear() + 1}-06-30`,
        status: 'shared',
      });
      const second = await companyA.call<ReportPage<ReceivedCourseRow>>('GET', '/api/reports/received-courses?page=2');
      const all = [...first.body.data, ...second.body.data].map((row) => row.recipient_email);
      expect([...all].sort()).toEqual([...recipientsA].sort());
      expect(all).not.toContain(recipientB);
    });

    it("company B sees only its own share; a report viewer of A sees A's rows; the administrator sees both", async () => {
      expect(learnerBName).toBe('Bea Borg');
      const b = await companyB.call<ReportPage<ReceivedCourseRow>>('GET', '/api/reports/received-courses');
      expect(b.body.data.map((row) => row.recipient_email)).toEqual([recipientB]);
      const viewer = await viewerA.call<ReportPage<ReceivedCourseRow>>('GET', '/api/reports/received-courses?per_page=50&sort=recipient_email');
      expect(viewer.status).toBe(200);
      expect(viewer.body.data.map((row) => row.recipient_email)).toEqual([...recipientsA].sort());
      const everyone = await admin.call<ReportPage<ReceivedCourseRow>>('GET', '/api/reports/received-courses?per_page=50');
      expect(everyone.body.data.map((row) => row.recipient_email)).toEqual(expect.arrayContaining([recipientB, ...recipientsA]));
    });

    it('sorts by a column both ways and pages by 10 to 50', async () => {
      const asc = await companyA.call<ReportPage<ReceivedCourseRow>>('GET', '/api/reports/received-courses?sort=recipient_email&direction=asc&per_page=20');
      expect(asc.body.data.map((row) => row.recipient_email)).toEqual([...recipientsA].sort());
      expect(asc.body.meta.pagination).toMatchObject({ per_page: 20, total_pages: 1 });
      const desc = await companyA.call<ReportPage<ReceivedCourseRow>>('GET', '/api/reports/received-courses?sort=recipient_email&direction=desc&per_page=10&page=2');
      expect(desc.body.data.map((row) => row.recipient_email)).toEqual([...recipientsA].sort().reverse().slice(10));
    });

    it('refuses a sort outside the columns, a direction, a page or a page size outside the rules (422 on the field)', async () => {
      const cases: [string, string][] = [
        ['sort=owner_key', 'sort'],
        ['sort=send_at%3BDROP', 'sort'],
        ['direction=up', 'direction'],
        ['page=0', 'page'],
        ['per_page=15', 'per_page'],
        ['per_page=100', 'per_page'],
      ];
      for (const [query, field] of cases) {
        const answer = await companyA.call<Refusal>('GET', `/api/reports/received-courses?${query}`);
        expect([query, answer.status, Object.keys(answer.body.errors ?? {})]).toEqual([query, 422, [field]]);
      }
      expect((await companyA.call<Refusal>('GET', '/api/reports/received-courses?per_page=15')).body.errors?.per_page).toEqual([
        'The page size must be one of 10, 20, 30, 40, 50.',
      ]);
    });

    it('exports every row as CSV (not only a page), in the order of the table', async () => {
      const res = await companyA.request('GET', '/api/reports/received-courses.csv?sort=recipient_email');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="received-courses-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = csvLines(await res.text());
      expect(lines[0]).toBe('recipient_email,course_name,shared_at,expires,status');
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([...recipientsA].sort());
      expect(lines[1].split(',').slice(1)).toEqual([PART_145.name, expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), `${new Date().getUTCFullYear() + 1}-06-30`, 'shared']);
      const b = csvLines(await (await companyB.request('GET', '/api/reports/received-courses.csv')).text());
      expect(b.slice(1).map((line) => line.split(',')[0])).toEqual([recipientB]);
    });
  });

  describe('wallet movements', () => {
    it("shows company A its wallet: the demo credit, the payment of its seats, the adjustment; never company B's", async () => {
      const page = await companyA.call<ReportPage<WalletMovementRow>>('GET', '/api/reports/wallet-movements');
      expect(page.status).toBe(200);
      expect(page.body.data.map((row) => [row.amount_cents, row.balance_after_cents])).toEqual([
        [100, 200_000 - 12 * 14_900 + 100],
        [-12 * 14_900, 200_000 - 12 * 14_900],
        [200_000, 200_000],
      ]);
      expect(page.body.data[1].description).toMatch(/^Payment of order AM-/);
      const b = await companyB.call<ReportPage<WalletMovementRow>>('GET', '/api/reports/wallet-movements');
      expect(b.body).toEqual({ data: [], meta: { pagination: { total: 0, count: 0, per_page: 10, current_page: 1, total_pages: 1 } } });
      const viewer = await viewerA.call<ReportPage<WalletMovementRow>>('GET', '/api/reports/wallet-movements');
      expect(viewer.body).toEqual(page.body);
    });

    it('sorts by amount', async () => {
      const asc = await companyA.call<ReportPage<WalletMovementRow>>('GET', '/api/reports/wallet-movements?sort=amount_cents&direction=asc');
      expect(asc.body.data.map((row) => row.amount_cents)).toEqual([-12 * 14_900, 100, 200_000]);
    });

    it('exports CSV with amounts as numbers and a formula-like description as text', async () => {
      const res = await companyA.request('GET', '/api/reports/wallet-movements.csv');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const bytes = Buffer.from(await res.arrayBuffer());
      // The UTF-8 byte order mark first (fetch's text() takes it away), then the header line.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString('utf8');
      expect(text.startsWith('date,description,amount_cents,balance_after_cents\r\n')).toBe(true);
      const lines = csvLines(text);
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(/^[^,]+,"'=HYPERLINK\(""http:\/\/evil\.example"",""refund""\)",100,\d+$/);
      expect(lines[2]).toMatch(/,Payment of order AM-[^,]+,-178800,21200$/);
    });
  });

  describe('course progress', () => {
    it("shows company A the progress of the learners of its shares, never company B's", async () => {
      const a = await companyA.call<ReportPage<CourseProgressRow>>('GET', '/api/reports/course-progress');
      expect(a.status).toBe(200);
      expect(a.body).toEqual({
        data: [
          {
            learner_name: studentName,
            learner_email: DEMO_ACCOUNTS.student.email,
            course_name: PART_145.name,
            status: 'in-progress',
            overall: Math.floor(200 / chapters),
            started_at: expect.any(String),
            completed_at: null,
          },
        ],
        meta: { pagination: { total: 1, count: 1, per_page: 10, current_page: 1, total_pages: 1 } },
      });
      const b = await companyB.call<ReportPage<CourseProgressRow>>('GET', '/api/reports/course-progress');
      expect(b.body.data.map((row) => [row.learner_name, row.learner_email, row.status, row.overall])).toEqual([[learnerBName, recipientB, 'shared', 0]]);
      expect((await viewerA.call<ReportPage<CourseProgressRow>>('GET', '/api/reports/course-progress')).body).toEqual(a.body);
      const all = await admin.call<ReportPage<CourseProgressRow>>('GET', '/api/reports/course-progress?sort=learner_name&direction=asc');
      expect(all.body.data.map((row) => row.learner_email).sort()).toEqual([DEMO_ACCOUNTS.student.email, recipientB].sort());
    });

    it('draws the chart by course for the company only', async () => {
      const chart = await companyA.call<{ data: CourseProgressByCourse[] }>('GET', '/api/reports/course-progress/by-course');
      expect(chart.status).toBe(200);
      expect(chart.body).toEqual({ data: [{ course_name: PART_145.name, learners: 1, completed: 0, average_overall: Math.floor(200 / chapters) }] });
      expect((await companyB.call<{ data: CourseProgressByCourse[] }>('GET', '/api/reports/course-progress/by-course')).body.data).toEqual([
        { course_name: PART_145.name, learners: 1, completed: 0, average_overall: 0 },
      ]);
    });

    it('exports the course progress as CSV and refuses an unknown sort', async () => {
      const res = await companyA.request('GET', '/api/reports/course-progress.csv?sort=learner_name');
      expect(res.status).toBe(200);
      const lines = csvLines(await res.text());
      expect(lines).toEqual([
        'learner_name,learner_email,course_name,status,overall,started_at,completed_at',
        expect.stringMatching(new RegExp(`^${studentName},${DEMO_ACCOUNTS.student.email},${PART_145.name},in-progress,${Math.floor(200 / chapters)},\\d{4}-[^,]+,$`)),
      ]);
      expect((await companyA.call<Refusal>('GET', '/api/reports/course-progress.csv?sort=user_id')).status).toBe(422);
    });
  });

  describe('who may open the reports', () => {
    const routes = [
      '/api/reports/received-courses',
      '/api/reports/received-courses.csv',
      '/api/reports/wallet-movements',
      '/api/reports/wallet-movements.csv',
      '/api/reports/course-progress',
      '/api/reports/course-progress.csv',
      '/api/reports/course-progress/by-course',
    ];

    it('a student gets 403 on every report and its CSV', async () => {
      for (const route of routes) {
        const answer = await student.call<Refusal>('GET', route);
        expect([route, answer.status, answer.body.message]).toEqual([route, 403, 'You are not allowed to do this.']);
      }
    });

    it('a visitor gets 401', async () => {
      const anonymous = await visitor(platform);
      for (const route of routes) expect([route, (await anonymous.call('GET', route)).status]).toEqual([route, 401]);
    });

    it('company staff without reports.view (a training manager of A) get 403', async () => {
      const manager = await createUser(platform, ['training_manager']);
      await queryDb(platform, 'UPDATE accounts_invitations.users SET company_id = $2 WHERE id = $1', [manager.id, DEMO_COMPANY.id]);
      const browser = await signedIn(platform, manager.email, manager.password);
      expect((await browser.call('GET', '/api/reports/received-courses')).status).toBe(403);
    });
  });
});
