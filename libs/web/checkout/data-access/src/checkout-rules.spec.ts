import { cardFormSchema, formErrors } from '@aero/contracts';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { paymentPageProps } from '@aero/web-shared-testing';
import { cardFormBody, digitsOnly, formatCardNumber, type CardFormValues } from './card-validation.js';
import { readFlashNotice } from './checkout.api.js';
import { trackAddPaymentInfo } from './payment-analytics.js';
import { defaultPaymentMethod, isFreeOrder, visiblePaymentMethods } from './payment-methods.js';
import { appPaymentPagePath } from './payment-redirect.js';
import { payPalReturnPath, readPayPalReturn } from './paypal-return.js';
import { fillRoute, signInPath } from './sign-in.js';

describe('payment methods (shop §4)', () => {
  it('preselects mangopay when it is available', () => {
    expect(defaultPaymentMethod(['paypal', 'mangopay', 'bankwire'])).toBe('mangopay');
  });

  it('falls back to the first available method without mangopay, and to none without methods', () => {
    expect(defaultPaymentMethod(['bankwire', 'paypal'])).toBe('bankwire');
    expect(defaultPaymentMethod([])).toBeNull();
  });

  it('shows the wallet only when it is available and the balance is not zero', () => {
    expect(visiblePaymentMethods(paymentPageProps())).toContain('wallet');
    expect(visiblePaymentMethods(paymentPageProps({ wallet_balance: 0 }))).not.toContain('wallet');
    expect(visiblePaymentMethods(paymentPageProps({ available_methods: ['mangopay', 'paypal'], wallet_balance: 50 }))).toEqual(['mangopay', 'paypal']);
  });

  it('treats a price of 0 (or only the free method) as a free order, never a choice', () => {
    expect(isFreeOrder(paymentPageProps({ price: 0, available_methods: ['free'] }))).toBe(true);
    expect(visiblePaymentMethods(paymentPageProps({ price: 0, available_methods: ['free'] }))).toEqual([]);
    expect(isFreeOrder(paymentPageProps())).toBe(false);
  });
});

describe('card form', () => {
  const now = new Date(Date.UTC(2026, 5, 15)); // 15 June 2026
  const valid: CardFormValues = { number: '4242424242424242', expiration_month: '06', expiration_year: '2026', cvc: '123' };

  it('checks with the schema of the server (contracts): checksum, expiry, CVC, in its words', () => {
    jest.useFakeTimers({ now, doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'] });
    try {
      expect(formErrors(cardFormSchema, valid)).toBeNull();
      expect(formErrors(cardFormSchema, { number: '4242424242424241', expiration_month: '05', expiration_year: '2026', cvc: '12' })).toEqual({
        number: ['The card number is not valid.'],
        expiration_year: ['The card has expired.'],
        cvc: ['The CVC must be 3 or 4 digits.'],
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps only digits, shows them in groups of four and posts the digits', () => {
    expect(digitsOnly('4242-4242 abc 4242', 19)).toBe('424242424242');
    expect(formatCardNumber('4000000000003220')).toBe('4000 0000 0000 3220');
    expect(cardFormBody({ ...valid, number: '4242 4242 4242 4242' })).toEqual({ number: '4242424242424242', expiration_month: 6, expiration_year: 2026, cvc: '123' });
  });
});

describe('addresses', () => {
  it('follows payment screens of this origin in the app, everything else with a page load', () => {
    const origin = 'http://localhost:3000';
    expect(appPaymentPagePath('http://localhost:3000/sandbox/3ds/TX1', origin)).toBe('/sandbox/3ds/TX1');
    expect(appPaymentPagePath('/payment/bank-wire/abc', origin)).toBe('/payment/bank-wire/abc');
    expect(appPaymentPagePath('/payment/success/abc', origin)).toBe('/payment/success/abc');
    expect(appPaymentPagePath('/cart/credentials?payment_error=payment.canceled', origin)).toBe('/cart/credentials?payment_error=payment.canceled');
    expect(appPaymentPagePath('/payment-gateway/mango-pay-callback/abc?transactionId=1', origin)).toBeUndefined();
    expect(appPaymentPagePath('https://www.paypal.com/checkoutnow?token=1', origin)).toBeUndefined();
    expect(appPaymentPagePath('http://localhost:5173/sandbox/3ds/TX1', origin)).toBeUndefined();
  });

  it('builds the sign-in address, the PayPal return and fills route templates', () => {
    expect(signInPath('/cart/credentials')).toBe('/login?redirect=/cart/credentials');
    expect(fillRoute('/pay-pal-payment-gateway/capture-payment/{orderID}', { orderID: 'SBX 1' })).toBe('/pay-pal-payment-gateway/capture-payment/SBX%201');
    expect(payPalReturnPath('SBX1', 'approved')).toBe('/cart/credentials?paypal_approved=SBX1');
    expect(readPayPalReturn(new URLSearchParams('paypal_canceled=SBX2'))).toEqual({ orderID: 'SBX2', outcome: 'canceled' });
    expect(readPayPalReturn(new URLSearchParams(''))).toBeNull();
  });

  it('reads the one-time flash answer, or nothing', () => {
    expect(readFlashNotice({ data: { type: 'error', message: 'Payment canceled.', code: 'payment.canceled' } })).toEqual({ kind: 'error', text: 'Payment canceled.' });
    expect(readFlashNotice({ data: { type: 'success', message: 'Paid.' } })).toEqual({ kind: 'success', text: 'Paid.' });
    expect(readFlashNotice({ data: null })).toBeNull();
  });
});

describe('add-payment-info analytics (shop §4, §9)', () => {
  const page = globalThis as unknown as { dataLayer?: unknown[] };
  afterEach(() => {
    document.cookie = 'statistics_cookies_consent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    delete page.dataLayer;
  });

  it('sends nothing without statistics consent', () => {
    expect(trackAddPaymentInfo('paypal', 129.9)).toBe(false);
    expect(page.dataLayer ?? []).toEqual([]);
  });

  it('sends the event in EUR with the order value and the method once statistics consent exists', () => {
    document.cookie = 'statistics_cookies_consent=1; path=/';
    expect(trackAddPaymentInfo('bankwire', 129.9)).toBe(true);
    expect(page.dataLayer).toEqual([{ event: 'add_payment_info', currency: 'EUR', value: 129.9, payment_type: 'bankwire' }]);
  });
});
