import { ReportsRpc, SharingRpc, type Actor, type ReceivedCourseRow } from '@aero/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CATALOGUE, rejection, SharingKit, type TestActor } from './support/sharing-test-kit.js';

const PROGRAM = CATALOGUE.part145.programId;

describe('received-courses report: the courses a company shared, for its admins and report viewers only', () => {
  let kit: SharingKit;
  let companyA: TestActor;
  let companyB: TestActor;
  let ticketCode: string;

  const report = (actor: Actor | null, request: Record<string, unknown> = {}) =>
    actor ? kit.as(actor, (rpc) => rpc.call(ReportsRpc.ReceivedCourses, request)) : kit.rpc.call(ReportsRpc.ReceivedCourses, request);
  const share = (actor: TestActor, email: string | undefined, shareType = 'email') =>
    kit.as(actor, (rpc) => rpc.call(SharingRpc.Share, { programId: PROGRAM, email, share_type: shareType }));
  const viewerOf = (company: TestActor): Actor => ({ userId: `${company.userId}-viewer`, companyId: company.companyId, roles: ['reports_viewer'], status: null });

  beforeAll(async () => {
    kit = await SharingKit.start();
    companyA = await kit.company();
    companyB = await kit.company();
    await kit.pay(kit.paidOrder(companyA, [{ productId: CATALOGUE.part145.productId, quantity: 5, programId: PROGRAM, name: CATALOGUE.part145.name }]));
    await kit.pay(kit.paidOrder(companyB, [{ productId: CATALOGUE.part145.productId, quantity: 2, programId: PROGRAM, name: CATALOGUE.part145.name }]));
    await share(companyA, 'anna@a.example');
    await share(companyA, 'berta@a.example');
    const cancelled = await share(companyA, 'carl@a.example');
    await kit.as(companyA, (rpc) => rpc.call(SharingRpc.Cancel, { id: cancelled.data.id }));
    ticketCode = (await share(companyA, undefined, 'ticket')).shared_to;
    await share(companyB, 'zed@b.example');
    // Spread the send dates so the default order (newest first) is known.
    await kit.db.query(
      `UPDATE sharing_organize.share_items SET send_at = CASE share_to
         WHEN 'anna@a.example' THEN now() - interval '4 days' WHEN 'berta@a.example' THEN now() - interval '3 days'
         WHEN 'carl@a.example' THEN now() - interval '2 days' ELSE now() - interval '1 day' END`,
    );
  }, 120_000);

  afterAll(async () => {
    await kit?.close();
  });

  it("shows a company admin every item of the company's seats, newest first, and nothing of another company", async () => {
    const page = await report(companyA);
    expect(page.meta.pagination).toEqual({ total: 4, count: 4, per_page: 10, current_page: 1, total_pages: 1 });
    expect(page.data).toEqual([
      { recipient_email: null, course_name: CATALOGUE.part145.name, shared_at: expect.any(String), expires: expect.stringMatching(/^\d{4}-06-30$/), status: 'shared' },
      expect.objectContaining({ recipient_email: 'carl@a.example', status: 'cancelled' }),
      expect.objectContaining({ recipient_email: 'berta@a.example', status: 'shared' }),
      expect.objectContaining({ recipient_email: 'anna@a.example', status: 'shared' }),
    ]);
    expect(page.data.some((row) => row.recipient_email === 'zed@b.example')).toBe(false);
    const other = await report(companyB);
    expect(other.data.map((row) => row.recipient_email)).toEqual(['zed@b.example']);
  });

  it("a report viewer of the company sees the company's rows; an administrator sees every company's", async () => {
    expect((await report(viewerOf(companyA))).data.map((r) => r.recipient_email)).toEqual((await report(companyA)).data.map((r) => r.recipient_email));
    const admin: Actor = { userId: 'admin-1', companyId: null, roles: ['administrator'], status: null };
    const all = await report(admin, { per_page: 50 });
    expect(all.data.map((r) => r.recipient_email)).toEqual(expect.arrayContaining(['anna@a.example', 'zed@b.example']));
    expect(all.meta.pagination.total).toBe(5);
    const limited: Actor = { userId: 'admin-2', companyId: null, roles: ['administrator_limited'], status: null };
    expect((await report(limited, { per_page: 50 })).meta.pagination.total).toBe(5);
  });

  it('refuses a visitor (401), a learner, a company organizer without reports.view and a viewer without a company (403)', async () => {
    expect(await rejection(report(null))).toMatchObject({ status: 401 });
    const learner = await kit.student();
    expect(await rejection(report(learner))).toMatchObject({ status: 403, message: 'You are not allowed to do this.' });
    expect(await rejection(report({ ...companyA, roles: ['training_manager'] }))).toMatchObject({ status: 403 });
    expect(await rejection(report({ ...viewerOf(companyA), companyId: null }))).toMatchObject({ status: 403 });
  });

  it('sorts by any column both ways and pages through every row', async () => {
    const emails = async (request: Record<string, unknown>) => (await report(companyA, request)).data.map((r: ReceivedCourseRow) => r.recipient_email);
    expect(await emails({ sort: 'recipient_email' })).toEqual(['anna@a.example', 'berta@a.example', 'carl@a.example', null]);
    expect(await emails({ sort: 'recipient_email', direction: 'desc' })).toEqual(['carl@a.example', 'berta@a.example', 'anna@a.example', null]);
    expect(await emails({ sort: 'shared_at', direction: 'asc' })).toEqual(['anna@a.example', 'berta@a.example', 'carl@a.example', null]);
    expect((await report(companyA, { sort: 'status' })).data.map((r) => r.status)).toEqual(['cancelled', 'shared', 'shared', 'shared']);
    const first = await report(companyA, { sort: 'recipient_email', per_page: 3 });
    const second = await report(companyA, { sort: 'recipient_email', per_page: 3, page: 2 });
    expect(first.meta.pagination).toEqual({ total: 4, count: 3, per_page: 3, current_page: 1, total_pages: 2 });
    expect(second.data.map((r) => r.recipient_email)).toEqual([null]);
  });

  it('refuses a sort outside the columns and a page outside the limits (422 on the field)', async () => {
    expect(await rejection(report(companyA, { sort: 'owner_key' }))).toMatchObject({ status: 422, errors: { sort: [expect.stringContaining('recipient_email')] } });
    expect(await rejection(report(companyA, { sort: 'i.id; DROP TABLE x' }))).toMatchObject({ status: 422 });
    expect(await rejection(report(companyA, { direction: 'sideways' }))).toMatchObject({ status: 422, errors: { direction: expect.any(Array) } });
    expect(await rejection(report(companyA, { per_page: 501 }))).toMatchObject({ status: 422, errors: { per_page: expect.any(Array) } });
  });

  it('names the recipient of a printed ticket once someone activated it', async () => {
    const [ticket] = (await kit.as(companyA, (rpc) => rpc.call(SharingRpc.Tickets, { shareTo: [ticketCode] }))).data;
    const learner = await kit.student();
    await kit.as(learner, (rpc) => rpc.call(SharingRpc.ActivateTicket, { code: ticketCode, password: ticket.password }));
    const rows = (await report(companyA, { sort: 'recipient_email' })).data;
    expect(rows).toContainEqual(expect.objectContaining({ recipient_email: learner.email, status: 'accepted' }));
  });

  it("names the company's learners: the shares of its seats someone accepted, in pages; only to who may read its reports", async () => {
    const learnerShares = (actor: Actor | null, after?: string) =>
      actor ? kit.as(actor, (rpc) => rpc.call(ReportsRpc.CompanyLearnerShares, { after })) : kit.rpc.call(ReportsRpc.CompanyLearnerShares, { after });
    const accepted: { id: string }[] = await kit.db.query(
      `SELECT id FROM sharing_organize.share_items WHERE owner_key = $1 AND learner_user_id IS NOT NULL ORDER BY id`,
      [`company:${companyA.companyId}`],
    );
    expect(accepted.length).toBeGreaterThan(0);
    expect(await learnerShares(companyA)).toEqual({ shareIds: accepted.map((r) => r.id), next: null });
    expect(await learnerShares(viewerOf(companyA))).toEqual({ shareIds: accepted.map((r) => r.id), next: null });
    expect(await learnerShares(companyA, accepted[accepted.length - 1].id)).toEqual({ shareIds: [], next: null });
    expect(await learnerShares(companyB)).toEqual({ shareIds: [], next: null });
    expect(await rejection(learnerShares(await kit.student()))).toMatchObject({ status: 403 });
    expect(await rejection(learnerShares(null))).toMatchObject({ status: 401 });
    expect(await rejection(learnerShares(companyA, 'not-an-id'))).toMatchObject({ status: 422 });
  });
});
