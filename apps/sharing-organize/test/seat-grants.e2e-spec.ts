import { OrderPaidEvent, SharingRpc, type CourseEnrolled, type SeatGranted } from '@aero/contracts';
import { actingAs } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CATALOGUE, rejection, SharingKit, type TestActor } from './support/sharing-test-kit.js';

describe('seat pools: order.paid grants seats per course to the buyer (issue 12)', () => {
  let kit: SharingKit;
  let company: TestActor;

  beforeAll(async () => {
    kit = await SharingKit.start();
    company = await kit.company();
  }, 120_000);

  afterAll(async () => {
    await kit?.close();
  });

  const availability = (actor: TestActor, programId: number) => kit.as(actor, (rpc) => rpc.call(SharingRpc.AvailabilityList, { programId }));
  const count = async (actor: TestActor, programId: number) => (await kit.as(actor, (rpc) => rpc.call(SharingRpc.AvailableForSharing, { programId }))).count;

  it("a company's course line becomes that many seats of the company, with purchase date and available-till (purchase year + 6 months)", async () => {
    const paidAt = new Date('2026-05-04T09:30:00Z');
    const order = kit.paidOrder(company, [{ productId: CATALOGUE.part145.productId, quantity: 5, programId: CATALOGUE.part145.programId, name: CATALOGUE.part145.name }], paidAt);
    await kit.pay(order);
    const list = await availability(company, CATALOGUE.part145.programId);
    expect(list).toEqual({ data: [{ qty: 5, created_at: paidAt.toISOString(), available_till: '2027-06-30' }], meta: { total: 5 } });
    expect(await count(company, CATALOGUE.part145.programId)).toBe(5);
    const granted = (await kit.outbox<SeatGranted>('seat.granted')).filter((e) => e.orderId === order.orderId);
    expect(granted).toEqual([
      expect.objectContaining({
        owner: { kind: 'company', userId: company.userId, companyId: company.companyId, name: company.name },
        kind: 'course',
        programId: CATALOGUE.part145.programId,
        quantity: 5,
        availableTill: '2027-06-30',
      }),
    ]);
    // A company's purchase is all seats: nobody was enrolled.
    expect((await kit.outbox<CourseEnrolled>('course.enrolled')).filter((e) => e.orderId === order.orderId)).toEqual([]);
  });

  it('a package gives each contained course times the line quantity; hard-copy certificates become certificate credits', async () => {
    const buyer = await kit.company();
    const order = kit.paidOrder(buyer, [
      { productId: CATALOGUE.teamPackage.productId, quantity: 2, type: 'package', name: CATALOGUE.teamPackage.name },
      { productId: CATALOGUE.hardCopy.productId, quantity: 3, type: 'certificate', name: CATALOGUE.hardCopy.name },
    ]);
    await kit.pay(order);
    expect(await count(buyer, CATALOGUE.part145.programId)).toBe(10);
    expect(await count(buyer, CATALOGUE.part145Continuation.programId)).toBe(10);
    const grants: { kind: string; program_id: number | null; quantity: number; available: number }[] = await kit.db.query(
      'SELECT kind, program_id, quantity, available FROM sharing_organize.seat_grants WHERE order_id = $1 ORDER BY kind, program_id NULLS LAST',
      [order.orderId],
    );
    expect(grants).toEqual([
      { kind: 'certificate', program_id: null, quantity: 3, available: 3 },
      { kind: 'course', program_id: CATALOGUE.part145.programId, quantity: 10, available: 10 },
      { kind: 'course', program_id: CATALOGUE.part145Continuation.programId, quantity: 10, available: 10 },
    ]);
  });

  it('a student buying one course is enrolled at once (course.enrolled) and gets no seat; extra quantity becomes seats', async () => {
    const student = await kit.student();
    const single = kit.paidOrder(student, [{ productId: CATALOGUE.module7.productId, quantity: 1, programId: CATALOGUE.module7.programId, name: CATALOGUE.module7.name }]);
    await kit.pay(single);
    expect(await count(student, CATALOGUE.module7.programId)).toBe(0);
    expect((await kit.outbox<CourseEnrolled>('course.enrolled')).filter((e) => e.orderId === single.orderId)).toEqual([
      expect.objectContaining({ userId: student.userId, email: student.email, programId: CATALOGUE.module7.programId, source: 'purchase', shareId: null }),
    ]);

    const three = kit.paidOrder(student, [{ productId: CATALOGUE.part145.productId, quantity: 3, programId: CATALOGUE.part145.programId }]);
    await kit.pay(three);
    expect(await count(student, CATALOGUE.part145.programId)).toBe(2);

    // Holding Module 7 already, a second purchase of it is all seats.
    const again = kit.paidOrder(student, [{ productId: CATALOGUE.module7.productId, quantity: 2, programId: CATALOGUE.module7.programId }]);
    await kit.pay(again);
    expect(await count(student, CATALOGUE.module7.programId)).toBe(2);
    expect((await kit.outbox<CourseEnrolled>('course.enrolled')).filter((e) => e.orderId === again.orderId)).toEqual([]);
  });

  it('a redelivered or republished order.paid grants nothing twice (even two copies at the same moment)', async () => {
    const buyer = await kit.company();
    const order = kit.paidOrder(buyer, [{ productId: CATALOGUE.part145.productId, quantity: 4, programId: CATALOGUE.part145.programId }]);
    const first = await kit.pay(order);
    // The same event again (JetStream's duplicate window drops it), then the order republished
    // under new event ids, twice at once: the inbox sees new ids, the grant sees the same order.
    await kit.publish(OrderPaidEvent, order, first.id);
    await Promise.all([kit.pay(order), kit.pay(order)]);
    expect(await count(buyer, CATALOGUE.part145.programId)).toBe(4);
    const [{ n }] = await kit.db.query('SELECT count(*)::int AS n FROM sharing_organize.seat_grants WHERE order_id = $1', [order.orderId]);
    expect(n).toBe(1);
    expect((await kit.outbox<SeatGranted>('seat.granted')).filter((e) => e.orderId === order.orderId)).toHaveLength(1);
  });

  it('expired seats are not available for sharing and leave the availability list', async () => {
    const buyer = await kit.company();
    const order = kit.paidOrder(buyer, [{ productId: CATALOGUE.part145.productId, quantity: 2, programId: CATALOGUE.part145.programId }]);
    await kit.pay(order);
    await kit.db.query(`UPDATE sharing_organize.seat_grants SET available_till = (now() AT TIME ZONE 'UTC')::date - 1 WHERE order_id = $1`, [order.orderId]);
    expect(await count(buyer, CATALOGUE.part145.programId)).toBe(0);
    expect(await availability(buyer, CATALOGUE.part145.programId)).toEqual({ data: [], meta: { total: 0 } });
    // The last day itself is still usable.
    await kit.db.query(`UPDATE sharing_organize.seat_grants SET available_till = (now() AT TIME ZONE 'UTC')::date WHERE order_id = $1`, [order.orderId]);
    expect(await count(buyer, CATALOGUE.part145.programId)).toBe(2);
  });

  it('the CHECK constraint keeps a pool from going negative or above what was bought', async () => {
    const buyer = await kit.company();
    const order = kit.paidOrder(buyer, [{ productId: CATALOGUE.part145.productId, quantity: 1, programId: CATALOGUE.part145.programId }]);
    await kit.pay(order);
    await expect(kit.db.query('UPDATE sharing_organize.seat_grants SET available = available - 2 WHERE order_id = $1', [order.orderId])).rejects.toThrow(
      /seat_grants_available_in_range/,
    );
    await expect(kit.db.query('UPDATE sharing_organize.seat_grants SET available = available + 1 WHERE order_id = $1', [order.orderId])).rejects.toThrow(
      /seat_grants_available_in_range/,
    );
  });

  it("one company never sees another's seats; a visitor is refused (401) and a KYC user too (403)", async () => {
    const other = await kit.company();
    expect(await count(other, CATALOGUE.part145.programId)).toBe(0);
    expect(await availability(other, CATALOGUE.part145.programId)).toEqual({ data: [], meta: { total: 0 } });
    expect(await rejection(actingAs(null, () => kit.rpc.call(SharingRpc.AvailableForSharing, { programId: CATALOGUE.part145.programId })))).toMatchObject({ status: 401 });
    const kyc = { userId: company.userId, companyId: null, roles: ['kyc'], status: null };
    expect(await rejection(kit.as(kyc, (rpc) => rpc.call(SharingRpc.AvailabilityList, { programId: CATALOGUE.part145.programId })))).toMatchObject({
      status: 403,
    });
  });
});
