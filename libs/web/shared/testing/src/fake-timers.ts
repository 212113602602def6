import { afterEach, beforeEach, jest } from '@jest/globals';

/**
 * Every test of the calling `describe` block runs on Jest's fake clock (delays, debounces and
 * auto-hides are stepped with `jest.advanceTimersByTime`); the real clock is back after each test,
 * so a later test's `waitFor` and `findBy…` are not left waiting on a clock that never moves.
 */
export function fakeTimersInEachTest(): void {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });
}
