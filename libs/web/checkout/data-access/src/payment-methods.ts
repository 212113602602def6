import { PAYMENT_METHODS, type PaymentKind, type PaymentMethod, type PaymentPageProps } from '@aero/contracts';

/**
 * The methods the payment page offers (shop §4): the available ones, the wallet only when the
 * balance is not zero. `free` is no choice: a free order gets its own button.
 */
export function visiblePaymentMethods(props: Pick<PaymentPageProps, 'available_methods' | 'wallet_balance'>): PaymentMethod[] {
  return props.available_methods.filter(
    (method): method is PaymentMethod => method !== 'free' && (method !== 'wallet' || props.wallet_balance !== 0),
  );
}

/** The preselected method (shop §4): mangopay, falling back to the first available one. */
export function defaultPaymentMethod(methods: readonly PaymentMethod[]): PaymentMethod | null {
  return methods.includes('mangopay') ? 'mangopay' : (methods[0] ?? null);
}

/** A method named in the address (`?payment_method=`), or null for anything else. */
export function paymentMethodOf(text: string | null): PaymentMethod | null {
  return PAYMENT_METHODS.find((method) => method === text) ?? null;
}

/** An order whose total is 0 completes without a provider (the free route). */
export function isFreeOrder(props: Pick<PaymentPageProps, 'price' | 'available_methods'>): boolean {
  return props.price === 0 || (props.available_methods.length > 0 && props.available_methods.every((method: PaymentKind) => method === 'free'));
}
