import { describe, expect, it } from '@jest/globals';
import { availableMethods, defaultMethod } from './checkout-options.service.js';

const all = ['mangopay', 'paypal_credit', 'paypal', 'bankwire', 'wallet'] as const;

describe('payment page methods', () => {
  it('offers every enabled method when the wallet covers the price', () => {
    expect(availableMethods(all, { finalCents: 10000, buysWalletFunds: false }, 10000)).toEqual([...all]);
  });

  it('hides the wallet when its balance does not cover the price', () => {
    expect(availableMethods(all, { finalCents: 10000, buysWalletFunds: false }, 9999)).not.toContain('wallet');
  });

  it('never offers the wallet to buy wallet funds', () => {
    expect(availableMethods(all, { finalCents: 10000, buysWalletFunds: true }, 50000)).not.toContain('wallet');
  });

  it('offers only the free completion when the order costs nothing', () => {
    expect(availableMethods(all, { finalCents: 0, buysWalletFunds: false }, 0)).toEqual(['free']);
  });

  it('defaults to mangopay, else to the first available method', () => {
    expect(defaultMethod([...all])).toBe('mangopay');
    expect(defaultMethod(['bankwire', 'wallet'])).toBe('bankwire');
    expect(defaultMethod([])).toBeNull();
  });
});
