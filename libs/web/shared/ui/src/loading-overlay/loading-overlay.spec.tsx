import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { LOADER_HIDE_DELAY_MS } from '@aero/web-shared-util';
import { fakeTimersInEachTest } from '@aero/web-shared-testing';
import { LoadingOverlay } from './loading-overlay.js';

describe('LoadingOverlay', () => {
  fakeTimersInEachTest();

  it('uses the spec delay of 150 ms', () => {
    expect(LOADER_HIDE_DELAY_MS).toBe(150);
  });

  it('shows while active and hides 150 ms after dismissal', () => {
    const { rerender } = render(<LoadingOverlay active={false} />);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();

    rerender(<LoadingOverlay active />);
    expect(screen.getByTestId('loading-overlay')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading…');

    rerender(<LoadingOverlay active={false} />);
    act(() => jest.advanceTimersByTime(149));
    expect(screen.queryByTestId('loading-overlay')).not.toBeNull();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('stays when shown again before the delay ran out', () => {
    const { rerender } = render(<LoadingOverlay active />);
    rerender(<LoadingOverlay active={false} />);
    act(() => jest.advanceTimersByTime(100));
    rerender(<LoadingOverlay active />);
    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByTestId('loading-overlay')).toBeTruthy();
  });
});
