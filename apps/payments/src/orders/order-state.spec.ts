import { ORDER_STATUSES } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { canApply, isCancelable, isFinal, isPayable, ORDER_TRANSITIONS, sourcesOf, targetOf } from './order-state.js';

describe('order state machine', () => {
  it('lets a new order wait for a bank transfer, and only a new one', () => {
    expect(canApply('created', 'await_transfer')).toBe(true);
    expect(canApply('waiting_from_payment', 'await_transfer')).toBe(false);
    expect(canApply('payed', 'await_transfer')).toBe(false);
    expect(targetOf('await_transfer')).toBe('waiting_from_payment');
  });

  it('pays an order that is new or waiting for its transfer, never a paid or canceled one', () => {
    expect(sourcesOf('pay')).toEqual(['created', 'waiting_from_payment']);
    expect(isPayable('payed')).toBe(false);
    expect(isPayable('canceled')).toBe(false);
    expect(targetOf('pay')).toBe('payed');
  });

  it('lets the buyer cancel only while the order is not paid', () => {
    expect(isCancelable('created')).toBe(true);
    expect(isCancelable('waiting_from_payment')).toBe(true);
    expect(isCancelable('payed')).toBe(false);
    expect(isCancelable('canceled')).toBe(false);
  });

  it('expires unpaid orders into canceled', () => {
    expect(sourcesOf('expire')).toEqual(['created', 'waiting_from_payment']);
    expect(targetOf('expire')).toBe('canceled');
  });

  it('has payed and canceled as the only final states', () => {
    expect(ORDER_STATUSES.filter(isFinal)).toEqual(['payed', 'canceled']);
  });

  it('only ever targets known statuses', () => {
    for (const { from, to } of Object.values(ORDER_TRANSITIONS)) {
      expect(ORDER_STATUSES).toContain(to);
      for (const status of from) expect(ORDER_STATUSES).toContain(status);
    }
  });
});
