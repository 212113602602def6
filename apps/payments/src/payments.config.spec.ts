import { ConfigError } from '@aero/backend-config';
import { describe, expect, it } from '@jest/globals';
import { loadPaymentsConfig } from './payments.config.js';

describe('payments configuration', () => {
  it('runs with no variables at all: sandbox provider, every method, one hour to pay', () => {
    const config = loadPaymentsConfig({});
    expect(config.PAYMENT_PROVIDER).toBe('sandbox');
    expect(config.PAYMENT_METHODS).toEqual(['mangopay', 'paypal_credit', 'paypal', 'bankwire', 'wallet']);
    expect(config.ORDER_EXPIRY_MINUTES).toBe(60);
  });

  it('names every missing credential when the live providers are chosen', () => {
    let error: unknown;
    try {
      loadPaymentsConfig({ PAYMENT_PROVIDER: 'live', PAYPAL_CLIENT_ID: 'id' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['MANGOPAY_CLIENT_ID', 'MANGOPAY_API_KEY', 'MANGOPAY_WALLET_ID', 'PAYPAL_CLIENT_SECRET']) expect(problems).toContain(name);
    expect(problems).not.toContain('PAYPAL_CLIENT_ID');
  });

  it('builds return addresses on PUBLIC_BASE_URL: an origin without a trailing slash, localhost:3000 by default', () => {
    expect(loadPaymentsConfig({}).PUBLIC_BASE_URL).toBe('http://localhost:3000');
    expect(loadPaymentsConfig({ PUBLIC_BASE_URL: 'https://academy.example/' }).PUBLIC_BASE_URL).toBe('https://academy.example');
    expect(() => loadPaymentsConfig({ PUBLIC_BASE_URL: 'https://academy.example/shop' })).toThrow(/PUBLIC_BASE_URL: must be an origin only/);
  });

  it('takes the offered methods from PAYMENT_METHODS and refuses unknown ones', () => {
    expect(loadPaymentsConfig({ PAYMENT_METHODS: 'bankwire, wallet' }).PAYMENT_METHODS).toEqual(['bankwire', 'wallet']);
    expect(() => loadPaymentsConfig({ PAYMENT_METHODS: 'mangopay,cash' })).toThrow(ConfigError);
  });
});
