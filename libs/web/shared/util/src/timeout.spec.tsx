import { describe, expect, it, jest } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { fakeTimersInEachTest } from '@aero/web-shared-testing';
import { useTimeout } from './timeout.js';

function Probe({ on, run }: { on: unknown; run: () => void }) {
  useTimeout(on, 2000, run);
  return null;
}

describe('useTimeout', () => {
  fakeTimersInEachTest();

  it('runs once, 2 s after the key is set; a new key waits again; an unset key cancels', () => {
    const run = jest.fn();
    const { rerender } = render(<Probe on={null} run={run} />);
    act(() => jest.advanceTimersByTime(5000));
    expect(run).not.toHaveBeenCalled();
    rerender(<Probe on="Ann" run={run} />);
    act(() => jest.advanceTimersByTime(1500));
    rerender(<Probe on="Bob" run={run} />);
    act(() => jest.advanceTimersByTime(1500));
    expect(run).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(500));
    expect(run).toHaveBeenCalledTimes(1);
    rerender(<Probe on="Cy" run={run} />);
    act(() => jest.advanceTimersByTime(1000));
    rerender(<Probe on={null} run={run} />);
    act(() => jest.advanceTimersByTime(5000));
    expect(run).toHaveBeenCalledTimes(1);
  });
});
