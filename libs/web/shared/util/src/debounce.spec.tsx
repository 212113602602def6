import { describe, expect, it, jest } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { fakeTimersInEachTest } from '@aero/web-shared-testing';
import { useDebouncedCallback, useDebouncedValue } from './debounce.js';

describe('debounce hooks', () => {
  fakeTimersInEachTest();

  it('useDebouncedValue gives the value once it stopped changing for the delay', () => {
    const seen: string[] = [];
    function Probe({ value }: { value: string }) {
      const debounced = useDebouncedValue(value, 300);
      useEffect(() => {
        seen.push(debounced);
      }, [debounced]);
      return null;
    }
    const { rerender } = render(<Probe value="a" />);
    rerender(<Probe value="ab" />);
    act(() => jest.advanceTimersByTime(299));
    rerender(<Probe value="abc" />);
    act(() => jest.advanceTimersByTime(299));
    expect(seen).toEqual(['a']);
    act(() => jest.advanceTimersByTime(1));
    expect(seen).toEqual(['a', 'abc']);
  });

  it('useDebouncedCallback calls once with the last arguments, and drops the call on unmount', () => {
    const calls: number[] = [];
    let debounced: ((value: number) => void) | undefined;
    function Probe() {
      debounced = useDebouncedCallback((value: number) => calls.push(value), 500);
      return null;
    }
    const { unmount } = render(<Probe />);
    debounced!(1);
    debounced!(2);
    act(() => jest.advanceTimersByTime(500));
    expect(calls).toEqual([2]);

    debounced!(3);
    unmount();
    act(() => jest.advanceTimersByTime(1000));
    expect(calls).toEqual([2]);
  });
});
