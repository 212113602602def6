import { PaymentRoutes, type PaymentRouteName } from '@aero/contracts';

/** A PaymentRoutes path in Nest's syntax (`{cart_id}` → `:cart_id`), so the constants stay the one source. */
export function routeOf(name: PaymentRouteName): string {
  return PaymentRoutes[name].replace(/\{(\w+)\}/g, ':$1');
}
