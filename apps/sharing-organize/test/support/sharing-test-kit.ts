import { AccountsRpc, OrderPaidEvent, type Actor, type EventEnvelope, type OrderPaid } from '@aero/contracts';
import type { RpcClient } from '@aero/backend-messaging';
import { actingAs, ServiceKit, startServiceParts, studentForm } from '@aero/backend-testing';
import { expect } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { sharingOrganizeService } from '../../src/sharing-organize.service-definition.js';

export { rejection } from '@aero/backend-testing';

/** Demo catalogue ids (catalog-cart seed). */
export const CATALOGUE = {
  part145: { productId: 201, programId: 2001, name: 'Part-145 Initial Training' },
  part145Continuation: { productId: 202, programId: 2002, name: 'Part-145 Continuation Training' },
  module7: { productId: 107, programId: 1007, name: 'Part-66 Module 7: Maintenance Practices' },
  teamPackage: { productId: 402, name: 'Part-145 Team Package (5 seats)' },
  hardCopy: { productId: 301, name: 'Hard-copy certificate' },
} as const;

/** A user of accounts-invitations as this test acts for them. */
export interface TestActor extends Actor {
  email: string;
  name: string;
}

/**
 * A test file's slice of the platform (`ServiceKit`): catalog-cart and accounts-invitations as
 * real processes (demo data), sharing-organize in-process. Events other services would publish
 * (`order.paid`, `user.email_verified`) are published on the file's stream as their producer would.
 */
export class SharingKit extends ServiceKit {
  static async start(extraEnv: Record<string, string> = {}): Promise<SharingKit> {
    return new SharingKit(
      await startServiceParts(sharingOrganizeService, { platform: ['catalog-cart', 'accounts-invitations'], env: extraEnv, rpcTimeoutMs: 15_000 }),
    );
  }

  /** Runs `work` as `actor` (the gateway would have set it from the session). */
  as<T>(actor: Actor, work: (rpc: RpcClient) => Promise<T>): Promise<T> {
    return actingAs(actor, () => work(this.rpc));
  }

  /** A new student account (verified e-mail when asked). */
  async student(options: { verified?: boolean } = {}): Promise<TestActor> {
    const form = studentForm();
    const { data } = await this.rpc.call(AccountsRpc.Register, form);
    if (options.verified) {
      await this.db.query(
        `INSERT INTO sharing_organize.learners (user_id, email, email_verified) VALUES ($1, $2, true)
         ON CONFLICT (user_id) DO UPDATE SET email_verified = true`,
        [data.id, data.email.toLowerCase()],
      );
    }
    return { userId: data.id, companyId: null, roles: ['student'], status: null, email: data.email.toLowerCase(), name: 'Lena Berg' };
  }

  /** A new company account (its admin), with its own company. */
  async company(): Promise<TestActor> {
    const form = studentForm({ type: 'company', company_name: `Hangar ${randomUUID().slice(0, 6)}`, company_country: 'FI', city: 'Helsinki', address: 'Hangar 3', zip: '00100' });
    const { data } = await this.rpc.call(AccountsRpc.Register, form);
    const { data: user } = await this.rpc.call(AccountsRpc.GetUser, { userId: data.id });
    expect(user?.company_id).toBeTruthy();
    return { userId: data.id, companyId: user!.company_id, roles: user!.roles, status: null, email: data.email.toLowerCase(), name: 'Lena Berg' };
  }

  /** A new company account holding `seats` paid seats of a course (Part-145 unless told). */
  async companyWithSeats(seats: number, course: { productId: number; programId: number; name: string } = CATALOGUE.part145): Promise<TestActor> {
    const company = await this.company();
    await this.pay(this.paidOrder(company, [{ productId: course.productId, quantity: seats, programId: course.programId, name: course.name }]));
    return company;
  }

  /** An `order.paid` for `buyer` with these lines ([product, quantity], catalogue data filled in). */
  paidOrder(buyer: TestActor, lines: { productId: number; quantity: number; type?: OrderPaid['lines'][number]['productType']; programId?: number | null; name?: string }[], paidAt = new Date()): OrderPaid {
    const orderId = randomUUID();
    return {
      orderId,
      reference: `AM-${orderId.slice(0, 8)}`,
      buyer: { userId: buyer.userId, email: buyer.email, name: buyer.name, companyId: buyer.companyId },
      paymentKind: 'mangopay',
      lines: lines.map((l) => ({
        productId: l.productId,
        productType: l.type ?? 'course',
        name: l.name ?? `Product ${l.productId}`,
        quantity: l.quantity,
        programId: l.programId === undefined ? null : l.programId,
        unitPriceCents: 10_000,
        totalCents: 10_000 * l.quantity,
      })),
      totals: { beforeDiscountCents: 0, discountCents: 0, voucherDiscountCents: 0, finalCents: 0 },
      voucherCode: null,
      paidAt: paidAt.toISOString(),
    };
  }

  /** Publishes `order.paid` and waits until the seat consumer has handled it. */
  async pay(order: OrderPaid, id?: string): Promise<EventEnvelope<OrderPaid>> {
    const envelope = await this.publish(OrderPaidEvent, order, id);
    await this.handled('sharing-organize.seat-grants', envelope.id);
    return envelope;
  }
}
