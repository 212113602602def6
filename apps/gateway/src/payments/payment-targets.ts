import { ProfileRpc, type BillingInformationDto, type BillingSnapshot, type PaymentTarget, type RpcDefinition } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Injectable } from '@nestjs/common';
import { carryClientSession } from '../session/client-session.js';
import type { RequestSession } from '../session/request-session.js';
import { PROVIDER_CALL } from './payment-limits.js';

/**
 * What a pay route pays for: the order the buyer names (`order_id`, payments checks it is
 * theirs), or the session's cart placed now, with the buyer's billing information as it is at
 * this moment. The buyer is the signed-in user the guard read (the request context's actor) and
 * the cart the session's (carried in the context too), never anything of the body.
 */
@Injectable()
export class PaymentTargets {
  constructor(private readonly rpc: RpcClient) {}

  async of(session: RequestSession, orderId?: string): Promise<PaymentTarget> {
    if (orderId) return { orderId };
    const [, billing] = await Promise.all([carryClientSession(session), this.billingOf()]);
    return { place: { billing } };
  }

  /** Pays what the buyer names (or the session's cart) with a method of payments that takes only that. */
  async pay<Res>(session: RequestSession, orderId: string | undefined, method: RpcDefinition<PaymentTarget, Res>): Promise<Res> {
    return this.rpc.call(method, await this.of(session, orderId), PROVIDER_CALL);
  }

  /** The buyer's (the call's actor's) billing information. */
  private async billingOf(): Promise<BillingSnapshot> {
    const { data } = await this.rpc.call(ProfileRpc.GetBilling, {});
    return toBillingSnapshot(data);
  }
}

/** The invoice's copy of the billing form: empty fields are null. */
export function toBillingSnapshot(billing: BillingInformationDto): BillingSnapshot {
  const text = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);
  return {
    person: text(billing.person),
    email: text(billing.email),
    phone: text(billing.phone),
    country: text(billing.country),
    region: text(billing.region),
    city: text(billing.city),
    address: text(billing.address),
    zip: text(billing.zip),
    to_company: billing.to_company === true,
    company: text(billing.company),
    company_code: text(billing.company_code),
    vat: text(billing.vat),
  };
}
