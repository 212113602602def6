import { describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { loadPaymentsConfig } from '../payments.config.js';
import { MangopayCardAdapter } from './mangopay/mangopay-card.adapter.js';
import { PayPalOrdersAdapter } from './paypal/paypal-orders.adapter.js';
import { ProviderCustomersStore } from './provider-customers.store.js';
import { createPaymentProvider } from './providers.module.js';
import { SandboxCardAdapter } from './sandbox/sandbox-card.adapter.js';
import { SandboxPayPalAdapter } from './sandbox/sandbox-paypal.adapter.js';
import { SandboxTransactionsStore } from './sandbox/sandbox-transactions.store.js';

const dataSource = {} as DataSource;
const stores = [new SandboxTransactionsStore(dataSource), new ProviderCustomersStore(dataSource)] as const;

describe('payment provider choice', () => {
  it('is the sandbox by default', () => {
    const provider = createPaymentProvider(loadPaymentsConfig({}), ...stores);
    expect(provider.mode).toBe('sandbox');
    expect(provider.card).toBeInstanceOf(SandboxCardAdapter);
    expect(provider.paypal).toBeInstanceOf(SandboxPayPalAdapter);
  });

  it('is Mangopay and PayPal when PAYMENT_PROVIDER=live, by configuration only', () => {
    const config = loadPaymentsConfig({
      PAYMENT_PROVIDER: 'live',
      MANGOPAY_CLIENT_ID: 'client',
      MANGOPAY_API_KEY: 'key',
      MANGOPAY_WALLET_ID: 'wallet',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
    });
    const provider = createPaymentProvider(config, ...stores);
    expect(provider).toEqual(expect.objectContaining({ mode: 'live', cardProvider: 'mangopay', paypalProvider: 'paypal' }));
    expect(provider.card).toBeInstanceOf(MangopayCardAdapter);
    expect(provider.paypal).toBeInstanceOf(PayPalOrdersAdapter);
  });
});
