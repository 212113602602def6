import { Module } from '@nestjs/common';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';
import { MangopayCardAdapter } from './mangopay/mangopay-card.adapter.js';
import { MangopayClient } from './mangopay/mangopay-client.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { PayPalClient } from './paypal/paypal-client.js';
import { PayPalOrdersAdapter } from './paypal/paypal-orders.adapter.js';
import { ProviderCustomersStore } from './provider-customers.store.js';
import { SandboxCardAdapter } from './sandbox/sandbox-card.adapter.js';
import { SandboxPayPalAdapter } from './sandbox/sandbox-paypal.adapter.js';
import { SandboxRpcController } from './sandbox/sandbox.rpc.controller.js';
import { SandboxService } from './sandbox/sandbox.service.js';
import { SandboxTransactionsStore } from './sandbox/sandbox-transactions.store.js';

/** The active payment provider, chosen by PAYMENT_PROVIDER: `sandbox` or `live` (Mangopay + PayPal). */
export function createPaymentProvider(
  config: PaymentsConfig,
  sandboxStore: SandboxTransactionsStore,
  customers: ProviderCustomersStore,
): PaymentProvider {
  const base = config.PUBLIC_BASE_URL;
  if (config.PAYMENT_PROVIDER === 'sandbox') {
    return {
      mode: 'sandbox',
      cardProvider: 'sandbox',
      paypalProvider: 'sandbox',
      card: new SandboxCardAdapter(sandboxStore, base),
      paypal: new SandboxPayPalAdapter(sandboxStore, base),
    };
  }
  const mangopay = new MangopayClient({
    baseUrl: config.MANGOPAY_BASE_URL,
    clientId: config.MANGOPAY_CLIENT_ID,
    apiKey: config.MANGOPAY_API_KEY,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
  });
  const paypal = new PayPalClient({
    baseUrl: config.PAYPAL_BASE_URL,
    clientId: config.PAYPAL_CLIENT_ID,
    clientSecret: config.PAYPAL_CLIENT_SECRET,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
  });
  return {
    mode: 'live',
    cardProvider: 'mangopay',
    paypalProvider: 'paypal',
    card: new MangopayCardAdapter(mangopay, customers, config.MANGOPAY_WALLET_ID),
    paypal: new PayPalOrdersAdapter(paypal),
  };
}

@Module({
  controllers: [SandboxRpcController],
  providers: [
    SandboxTransactionsStore,
    ProviderCustomersStore,
    SandboxService,
    {
      provide: PAYMENT_PROVIDER,
      inject: [PAYMENTS_CONFIG, SandboxTransactionsStore, ProviderCustomersStore],
      useFactory: createPaymentProvider,
    },
  ],
  exports: [PAYMENT_PROVIDER, SandboxService],
})
export class ProvidersModule {}
