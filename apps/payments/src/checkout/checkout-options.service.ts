import {
  CartRpc,
  centsToEuros,
  formatEuros,
  PaymentRoutes,
  type PaymentKind,
  type PaymentPageProps,
} from '@aero/contracts';
import { ServiceUnavailableError } from '@aero/backend-errors';
import { RpcClient } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Inject, Injectable } from '@nestjs/common';
import { buyerIdOf } from '../orders/order-input.js';
import { OrderErrors } from '../orders/orders.errors.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider.js';
import { WalletService } from '../wallet/wallet.service.js';
import { buysWalletFunds } from '../wallet/wallet-rules.js';

/** The methods a buyer may use for a cart, in display order (see PaymentPageProps). */
export function availableMethods(
  enabled: readonly PaymentKind[],
  cart: { finalCents: number; buysWalletFunds: boolean },
  walletBalanceCents: number,
): PaymentKind[] {
  if (cart.finalCents === 0) return ['free'];
  return enabled.filter((method) => method !== 'free' && (method !== 'wallet' || (!cart.buysWalletFunds && walletBalanceCents >= cart.finalCents)));
}

/** mangopay when available, else the first available method (shop spec §4). */
export function defaultMethod(methods: readonly PaymentKind[]): PaymentKind | null {
  return methods.includes('mangopay') ? 'mangopay' : (methods[0] ?? null);
}

/** The payment page's props (`/cart/credentials`). */
@Injectable()
export class CheckoutOptionsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly wallet: WalletService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  /** The acting user's page for the cart of the context's client session. */
  async options(ctx: RequestContext): Promise<PaymentPageProps> {
    const userId = buyerIdOf(ctx);
    const [snapshot, balance] = await Promise.all([
      this.rpc.call(CartRpc.Snapshot, {}).catch((error: unknown) => {
        throw error instanceof ServiceUnavailableError ? OrderErrors.serviceUnavailable('catalog-cart') : error;
      }),
      this.wallet.balanceCents(userId),
    ]);
    if (!snapshot.lines.length) throw OrderErrors.cartEmpty();
    const finalCents = snapshot.totals.finalCents;
    const methods = availableMethods(this.config.PAYMENT_METHODS, { finalCents, buysWalletFunds: buysWalletFunds(snapshot.lines) }, balance);
    return {
      price: centsToEuros(finalCents),
      formatted_price: formatEuros(finalCents),
      currency: 'EUR',
      available_methods: methods,
      default_method: defaultMethod(methods),
      wallet_balance: centsToEuros(balance),
      formatted_wallet_balance: formatEuros(balance),
      paypal_client_id: this.provider.mode === 'sandbox' ? 'sandbox' : this.config.PAYPAL_CLIENT_ID,
      provider_mode: this.provider.mode,
      routes: {
        mangopay: PaymentRoutes.cardPay,
        paypal: PaymentRoutes.paypalPay,
        paypal_credit: PaymentRoutes.paypalCreateOrder,
        paypal_credit_capture: PaymentRoutes.paypalCapture,
        bankwire: PaymentRoutes.bankWirePay,
        wallet: PaymentRoutes.walletPay,
        free: PaymentRoutes.freePay,
      },
    };
  }
}
