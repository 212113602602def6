import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { FailureNotice } from './failure-notice.js';

describe('FailureNotice', () => {
  it("shows the server's message, else the generic one, and the not-found text for a 404 when given", () => {
    const { rerender, container } = render(<FailureNotice failure={undefined} />);
    expect(container.textContent).toBe('');
    rerender(<FailureNotice failure={{ status: 409, data: { message: 'Taken already' } }} />);
    expect(screen.getByRole('alert').textContent).toBe('Taken already');
    rerender(<FailureNotice failure={{ status: 500, data: {} }} />);
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong');
    rerender(<FailureNotice failure={{ status: 404, data: { message: 'No query results' } }} notFound="Employee not found" />);
    expect(screen.getByRole('alert').textContent).toBe('Employee not found');
  });
});
