import { describe, expect, it, jest } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { fakeTimersInEachTest } from '@aero/web-shared-testing';
import { useDelayedCheck, useTimeout } from './timeout.js';

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

function CheckProbe({ user, check, onAnswer }: { user: string | null; check: () => Promise<string>; onAnswer: (answer: string) => void }) {
  useDelayedCheck(user, 2000, check, onAnswer);
  return null;
}

describe('useDelayedCheck', () => {
  fakeTimersInEachTest();

  it('asks 2 s after the key is set and hands the answer over; a failed check hands nothing', async () => {
    const onAnswer = jest.fn<(answer: string) => void>();
    const check = jest.fn<() => Promise<string>>().mockResolvedValueOnce('one pending').mockRejectedValueOnce(new Error('offline'));
    const { rerender } = render(<CheckProbe user={null} check={check} onAnswer={onAnswer} />);
    rerender(<CheckProbe user="u1" check={check} onAnswer={onAnswer} />);
    await act(async () => {
      jest.advanceTimersByTime(1999);
      await Promise.resolve();
    });
    expect(check).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1);
      await Promise.resolve();
    });
    expect(onAnswer).toHaveBeenCalledWith('one pending');

    rerender(<CheckProbe user="u2" check={check} onAnswer={onAnswer} />);
    await act(async () => {
      jest.advanceTimersByTime(2000);
      await Promise.resolve();
    });
    expect(check).toHaveBeenCalledTimes(2);
    expect(onAnswer).toHaveBeenCalledTimes(1);
  });
});
