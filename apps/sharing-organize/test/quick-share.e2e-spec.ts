import { SharingMessages, SharingRpc, type ShareSent } from '@aero/contracts';
import { inTransaction } from '@aero/backend-persistence';
import { testKit } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ShareLedger } from '../src/shares/share-ledger.js';
import { CATALOGUE, rejection, SharingKit, type TestActor } from './support/sharing-test-kit.js';

const PROGRAM = CATALOGUE.part145.programId;

describe('quick share: share, resend, cancel, recall, multiple recipients, the race for the last seat (issue 12)', () => {
  const kit = testKit(() => SharingKit.start(), 120_000);

  const available = async (actor: TestActor) => (await kit.as(actor, (rpc) => rpc.call(SharingRpc.AvailableForSharing, { programId: PROGRAM }))).count;
  const share = (actor: TestActor, email: string | undefined, shareType: string = 'email') =>
    kit.as(actor, (rpc) => rpc.call(SharingRpc.Share, { programId: PROGRAM, email, share_type: shareType }));
  const audit = (shareId: string) =>
    kit.db.query('SELECT sequence, transition, from_status, to_status, actor_user_id, reason FROM sharing_organize.share_transitions WHERE share_id = $1 ORDER BY sequence', [
      shareId,
    ]);

  it('shares a seat by e-mail: created then shared, each transition audited (who, when, why) and published', async () => {
    const company = await kit.companyWithSeats(3);
    const answer = await share(company, 'Pilot.One@Example.com');
    expect(answer.shared_to).toBe('pilot.one@example.com');
    expect(answer.data).toMatchObject({ status: 'shared', share_type: 'email', share_to: 'pilot.one@example.com', available_till: expect.stringMatching(/^\d{4}-06-30$/) });
    expect(await available(company)).toBe(2);
    expect(await audit(answer.data.id)).toEqual([
      { sequence: 1, transition: 'create', from_status: null, to_status: 'created', actor_user_id: company.userId, reason: 'shared by the owner' },
      { sequence: 2, transition: 'send', from_status: 'created', to_status: 'shared', actor_user_id: company.userId, reason: 'sent by e-mail' },
    ]);
    const sent = (await kit.outbox<ShareSent>('share.sent')).filter((e) => e.shareId === answer.data.id);
    expect(sent).toEqual([
      expect.objectContaining({ sendCount: 1, recipientEmail: 'pilot.one@example.com', shareType: 'email', ticket: null, actorUserId: company.userId, sequence: 2 }),
    ]);
    expect((await kit.outbox<{ shareId: string }>('share.created')).filter((e) => e.shareId === answer.data.id)).toHaveLength(1);
  });

  it('an address that fails the e-mail check is refused on its field and takes no seat', async () => {
    const company = await kit.companyWithSeats(1);
    expect(await rejection(share(company, 'not-an-address'))).toMatchObject({ status: 422, errors: { email: [SharingMessages.invalidEmail] } });
    expect(await rejection(share(company, 'a@b.c', 'fax'))).toMatchObject({ status: 422, errors: { share_type: [SharingMessages.shareTypeInvalid] } });
    expect(await available(company)).toBe(1);
  });

  it('a ticket has an unguessable code (its shared_to) and a password; e-mailed only when an address is given', async () => {
    const company = await kit.companyWithSeats(2);
    const printed = await share(company, undefined, 'ticket');
    expect(printed.shared_to).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(printed.data).toMatchObject({ share_type: 'ticket', status: 'shared', can_resend: false });
    const emailed = await share(company, 'mechanic@example.com', 'ticket');
    expect(emailed.shared_to).not.toBe(printed.shared_to);
    const events = await kit.outbox<ShareSent>('share.sent');
    expect(events.find((e) => e.shareId === printed.data.id)?.ticket).toBeNull();
    expect(events.find((e) => e.shareId === emailed.data.id)?.ticket).toEqual({ code: emailed.shared_to, password: expect.stringMatching(/^[A-Z2-9]{8}$/) });
  });

  it('resend: send_at becomes now and the e-mail goes again (share.sent with the next send count); only while shared', async () => {
    const company = await kit.companyWithSeats(1);
    const { data } = await share(company, 'resend@example.com');
    await kit.db.query(`UPDATE sharing_organize.share_items SET send_at = now() - interval '2 days' WHERE id = $1`, [data.id]);
    const resent = await kit.as(company, (rpc) => rpc.call(SharingRpc.Resend, { id: data.id }));
    expect(resent.message).toBe(SharingMessages.resent);
    expect(Date.now() - Date.parse(resent.data.send_at!)).toBeLessThan(60_000);
    const sends = (await kit.outbox<ShareSent>('share.sent')).filter((e) => e.shareId === data.id).map((e) => e.sendCount);
    expect(sends).toEqual([1, 2]);
    await kit.as(company, (rpc) => rpc.call(SharingRpc.Cancel, { id: data.id }));
    expect(await rejection(kit.as(company, (rpc) => rpc.call(SharingRpc.Resend, { id: data.id })))).toMatchObject({
      status: 422,
      message: SharingMessages.resendNotAllowed,
    });
  });

  it('cancel: a shared item leaves the list and its seat goes back to the pool; cancelling again is refused', async () => {
    const company = await kit.companyWithSeats(1);
    const { data } = await share(company, 'cancel@example.com');
    expect(await available(company)).toBe(0);
    const cancelled = await kit.as(company, (rpc) => rpc.call(SharingRpc.Cancel, { id: data.id }));
    expect(cancelled).toMatchObject({ message: SharingMessages.cancelled, data: { status: 'cancelled' } });
    expect(await available(company)).toBe(1);
    const list = await kit.as(company, (rpc) => rpc.call(SharingRpc.List, { programId: PROGRAM }));
    expect(list.data.map((i) => i.id)).not.toContain(data.id);
    expect(list.meta.counts).toEqual({ share: 1, sharing: 0 });
    expect(await rejection(kit.as(company, (rpc) => rpc.call(SharingRpc.Cancel, { id: data.id })))).toMatchObject({ message: SharingMessages.cancelNotAllowed });
    expect((await kit.outbox<{ shareId: string; fromStatus: string; recipientNotified: boolean }>('share.cancelled')).find((e) => e.shareId === data.id)).toMatchObject({
      fromStatus: 'shared',
      recipientNotified: true,
    });
  });

  it('recall of a shared (not accepted) item gives the seat back; a created item is always recalled', async () => {
    const company = await kit.companyWithSeats(2);
    const { data } = await share(company, 'recall@example.com');
    const recalled = await kit.as(company, (rpc) => rpc.call(SharingRpc.Recall, { id: data.id }));
    expect(recalled.data.status).toBe('recalled');
    expect(await available(company)).toBe(2);
    // A created item (a seat set aside, not sent yet), older than the recall window.
    const created = await setAside(company);
    await kit.db.query(`UPDATE sharing_organize.share_items SET purchased_at = now() - interval '400 days' WHERE id = $1`, [created]);
    expect(await available(company)).toBe(1);
    expect((await kit.as(company, (rpc) => rpc.call(SharingRpc.Recall, { id: created }))).data.status).toBe('recalled');
    expect(await available(company)).toBe(2);
  });

  it('bulk resend skips created items; bulk cancel recalls created items and cancels the others', async () => {
    const company = await kit.companyWithSeats(4);
    const a = (await share(company, 'bulk-a@example.com')).data.id;
    const b = (await share(company, 'bulk-b@example.com')).data.id;
    const created = await setAside(company);
    const resent = await kit.as(company, (rpc) => rpc.call(SharingRpc.BulkResend, { ids: [a, b, created] }));
    expect(resent.done.map((d) => d.id).sort()).toEqual([a, b].sort());
    expect(resent.skipped).toEqual([{ id: created, reason: SharingMessages.skippedCreated }]);
    const cancelled = await kit.as(company, (rpc) => rpc.call(SharingRpc.BulkCancel, { ids: [a, b, created] }));
    expect(Object.fromEntries(cancelled.done.map((d) => [d.id, d.status]))).toEqual({ [a]: 'cancelled', [b]: 'cancelled', [created]: 'recalled' });
    expect(await available(company)).toBe(4);
  });

  it('multiple recipients: split by comma or semicolon, whitespace removed, with the messages of the spec', async () => {
    const company = await kit.companyWithSeats(3);
    const many = (emails: unknown) => kit.as(company, (rpc) => rpc.call(SharingRpc.ShareMany, { programId: PROGRAM, emails, share_type: 'email' }));
    const refusal = async (emails: unknown) => (await rejection(many(emails))).errors?.emails;
    expect(await refusal('   ')).toEqual([SharingMessages.required]);
    expect(await refusal('a@x.com, b@x.com; c@x.com, d@x.com')).toEqual(['You have only 3 courses.']);
    expect(await refusal('a@x.com, not-mail')).toEqual([SharingMessages.incorrectEmails]);
    expect(await refusal(',;,')).toEqual([SharingMessages.incorrectEmails]);
    expect(await refusal('a@x.com; A@X.com')).toEqual([SharingMessages.duplicatedEmails]);
    expect(await available(company)).toBe(3);
    const shared = await many(' one@x.com ;two@x.com,\n three@x.com ');
    expect(shared.data.map((i) => i.share_to)).toEqual(['one@x.com', 'two@x.com', 'three@x.com']);
    expect(await available(company)).toBe(0);

    const big = await kit.companyWithSeats(60);
    const sixty = Array.from({ length: 51 }, (_, i) => `r${i}@x.com`).join(',');
    expect((await rejection(kit.as(big, (rpc) => rpc.call(SharingRpc.ShareMany, { programId: PROGRAM, emails: sixty })))).errors?.emails).toEqual([
      SharingMessages.tooMany,
    ]);
  });

  it("a learner who already holds the course gets 'Course already received: look for it in your profile' (409)", async () => {
    const student = await kit.student();
    await kit.pay(kit.paidOrder(student, [{ productId: CATALOGUE.part145.productId, quantity: 1, programId: PROGRAM }]));
    const company = await kit.companyWithSeats(1);
    expect(await rejection(share(company, student.email.toUpperCase()))).toMatchObject({
      status: 409,
      code: 'course.already_received',
      message: 'Course already received: look for it in your profile',
    });
    expect(await available(company)).toBe(1);
  });

  it('100 shares racing for the last seat: exactly one wins, 99 get a clear refusal, the pool never goes negative', async () => {
    const company = await kit.companyWithSeats(1);
    const started = Date.now();
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => share(company, `racer${i}@example.com`)));
    const elapsedMs = Date.now() - started;
    const won = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(99);
    for (const r of refused) expect((r.reason as { payload: unknown }).payload).toMatchObject({ status: 422, code: 'sharing.not_enough_seats', message: 'You have only 0 courses.' });
    const [grant] = await kit.db.query(
      `SELECT g.available, g.quantity, (SELECT count(*)::int FROM sharing_organize.share_items i WHERE i.grant_id = g.id) AS items
         FROM sharing_organize.seat_grants g WHERE g.owner_key = $1`,
      [`company:${company.companyId}`],
    );
    expect(grant).toEqual({ available: 0, quantity: 1, items: 1 });
    process.stdout.write(`seat race: 100 shares for 1 seat settled in ${elapsedMs} ms\n`);
  });

  it("one company never sees or touches another's shares by changing an id (404), nor lists them", async () => {
    const owner = await kit.companyWithSeats(1);
    const { data } = await share(owner, 'private@example.com');
    const other = await kit.companyWithSeats(1);
    for (const call of [SharingRpc.Resend, SharingRpc.Cancel, SharingRpc.Recall]) {
      expect(await rejection(kit.as(other, (rpc) => rpc.call(call, { id: data.id })))).toMatchObject({ status: 404, message: SharingMessages.shareNotFound });
    }
    const bulk = await kit.as(other, (rpc) => rpc.call(SharingRpc.BulkCancel, { ids: [data.id] }));
    expect(bulk.done).toEqual([]);
    expect((await kit.as(other, (rpc) => rpc.call(SharingRpc.List, {}))).data).toEqual([]);
    expect((await kit.as(owner, (rpc) => rpc.call(SharingRpc.List, {}))).data.map((i) => i.status)).toEqual(['shared']);
    // A company's employee (not an organizer) uses their own seats, not the company's.
    const employee = { userId: randomUUID(), companyId: owner.companyId, roles: ['employee'], status: null };
    expect((await kit.as(employee, (rpc) => rpc.call(SharingRpc.List, {}))).data).toEqual([]);
  });

  it('the Sharing list: search, sort by each column, pages of 10 to 50, default send_at descending', async () => {
    const company = await kit.companyWithSeats(12);
    const emails = Array.from({ length: 12 }, (_, i) => `list${String(i).padStart(2, '0')}@example.com`);
    for (const email of emails) await share(company, email);
    const list = (query: Record<string, unknown>) => kit.as(company, (rpc) => rpc.call(SharingRpc.List, { programId: PROGRAM, ...query }));
    const first = await list({});
    expect(first.data).toHaveLength(10);
    expect(first.data[0].share_to).toBe('list11@example.com');
    expect(first.meta).toEqual({ pagination: { total: 12, count: 10, per_page: 10, current_page: 1, total_pages: 2 }, counts: { share: 0, sharing: 12 } });
    expect((await list({ page: 2 })).data.map((i) => i.share_to)).toEqual(['list01@example.com', 'list00@example.com']);
    expect((await list({ sort: 'share_to', direction: 'asc', per_page: 20 })).data.map((i) => i.share_to)).toEqual(emails);
    expect((await list({ search: 'list0' })).meta.pagination.total).toBe(10);
    expect((await rejection(list({ per_page: 15 }))).errors?.per_page).toBeDefined();
  });

  /** A seat set aside for a recipient without sending it (the `created` state). */
  async function setAside(company: TestActor): Promise<string> {
    const ledger = kit.service.app.get(ShareLedger);
    const [grant]: { id: string; purchased_at: Date; available_till: string; course_name: string }[] = await kit.db.query(
      `WITH taken AS (
         UPDATE sharing_organize.seat_grants SET available = available - 1 WHERE id = (
           SELECT id FROM sharing_organize.seat_grants WHERE owner_key = $1 AND available > 0 LIMIT 1)
         RETURNING id, purchased_at, to_char(available_till, 'YYYY-MM-DD') AS available_till, course_name
       ) SELECT * FROM taken`,
      [`company:${company.companyId}`],
    );
    const id = randomUUID();
    await inTransaction(kit.db, { correlationId: randomUUID(), actor: company }, (tx) =>
      ledger.create(
        tx,
        [
          {
            id,
            grantId: grant.id,
            ownerKey: `company:${company.companyId}`,
            programId: PROGRAM,
            courseName: grant.course_name,
            shareType: 'email',
            shareTo: 'later@example.com',
            shareToName: null,
            recipientEmail: 'later@example.com',
            ticketCode: null,
            ticketPassword: null,
            purchasedAt: grant.purchased_at,
            availableTill: grant.available_till,
            fromCompany: true,
          },
        ],
        'set aside',
      ),
    );
    return id;
  }
});
