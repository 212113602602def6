import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { ErrorBoundary } from './error-boundary.js';

function Broken(): never {
  throw new Error('boom');
}

describe('ErrorBoundary', () => {
  // React reports caught render errors on the console; keep the test output readable.
  let consoleError: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>All systems go</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('All systems go')).toBeTruthy();
  });

  it('shows "Something went wrong" and a reload button when a child throws', () => {
    const reload = jest.fn();
    const onError = jest.fn();
    render(
      <ErrorBoundary onReload={reload} onError={onError}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }), expect.anything());

    fireEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('forgets the error when its reset key changes (another page)', () => {
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(
      <ErrorBoundary resetKey="/b">
        <p>Another page</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Another page')).toBeTruthy();
  });
});
