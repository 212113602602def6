import { describe, expect, it } from '@jest/globals';
import { balanceOf, buysWalletFunds, canDebit, walletTopUpCents } from './wallet-rules.js';

const course = { productType: 'course' as const, unitPriceCents: 19900, quantity: 2 };
const topUp = { productType: 'wallet' as const, unitPriceCents: 10000, quantity: 3 };

describe('wallet rules', () => {
  it('recognises an order that buys wallet funds (which the wallet may not pay)', () => {
    expect(buysWalletFunds([course])).toBe(false);
    expect(buysWalletFunds([course, topUp])).toBe(true);
  });

  it('credits the face value of the top-up lines only', () => {
    expect(walletTopUpCents([course, topUp])).toBe(30000);
    expect(walletTopUpCents([course])).toBe(0);
  });

  it('never lets a debit take the balance below zero', () => {
    expect(canDebit(10000, 10000)).toBe(true);
    expect(canDebit(9999, 10000)).toBe(false);
    expect(canDebit(0, 1)).toBe(false);
  });

  it('refuses empty, negative or fractional debits', () => {
    expect(canDebit(10000, 0)).toBe(false);
    expect(canDebit(10000, -500)).toBe(false);
    expect(canDebit(10000, 10.5)).toBe(false);
  });

  it('derives the balance from the ledger', () => {
    expect(balanceOf([{ amountCents: 20000 }, { amountCents: -14900 }, { amountCents: 5000 }])).toBe(10100);
    expect(balanceOf([])).toBe(0);
  });
});
