import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from './confirm-dialog.js';
import { useConfirmedAction } from './confirmed-action.js';

function Harness({ act: run }: { act: (name: string) => Promise<unknown> }) {
  const removal = useConfirmedAction(run, false);
  return (
    <>
      <button type="button" onClick={() => removal.ask('Ada')}>
        Remove Ada
      </button>
      <ConfirmDialog {...removal.dialog} text={removal.subject ? `Remove ${removal.subject}?` : undefined} />
    </>
  );
}

/** Confirms, then lets the action's answer come in. */
async function confirm() {
  fireEvent.click(screen.getByRole('button', { name: 'Yes, continue' }));
  await act(() => Promise.resolve());
}

describe('useConfirmedAction', () => {
  it('acts on the subject asked about only once confirmed, and closes when done', async () => {
    const run = jest.fn((_name: string) => Promise.resolve());
    render(<Harness act={run} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ada' }));
    expect(screen.getByRole('dialog').textContent).toContain('Remove Ada?');
    expect(run).not.toHaveBeenCalled();
    await confirm();
    expect(run).toHaveBeenCalledWith('Ada');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("stays open on a failure with the server's message (else 'Please try again'); asking again starts without it", async () => {
    const run = jest.fn<(name: string) => Promise<unknown>>().mockRejectedValueOnce({ status: 409, data: { message: 'Still in a group' } }).mockRejectedValueOnce({ status: 500, data: {} });
    render(<Harness act={run} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ada' }));
    await confirm();
    expect(screen.getByRole('alert').textContent).toBe('Still in a group');
    await confirm();
    expect(screen.getByRole('alert').textContent).toBe('Please try again');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ada' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
