import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { FLASH_HIDE_AFTER_MS } from '@aero/web-shared-util';
import { fakeTimersInEachTest } from '@aero/web-shared-testing';
import { FlashMessages, type FlashItem } from './flash-messages.js';

function Harness({ initial }: { initial: FlashItem[] }) {
  const [messages, setMessages] = useState(initial);
  return <FlashMessages messages={messages} onDismiss={(id) => setMessages((all) => all.filter((m) => m.id !== id))} />;
}

describe('FlashMessages', () => {
  fakeTimersInEachTest();

  it('uses the spec delay of 3000 ms', () => {
    expect(FLASH_HIDE_AFTER_MS).toBe(3000);
  });

  it('hides a success flash 3000 ms after it appears, not before', () => {
    render(<Harness initial={[{ id: '1', kind: 'success', text: 'Product added to cart' }]} />);
    expect(screen.getByRole('status').textContent).toContain('Product added to cart');

    act(() => jest.advanceTimersByTime(FLASH_HIDE_AFTER_MS - 1));
    expect(screen.queryByText('Product added to cart')).not.toBeNull();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Product added to cart')).toBeNull();
  });

  it('announces errors as alerts and hides them after 3000 ms too', () => {
    render(<Harness initial={[{ id: '2', kind: 'error', text: 'Could not add product to cart.' }]} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not add product to cart.');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes at once with its close button', () => {
    render(<Harness initial={[{ id: '3', kind: 'success', text: 'Cart is empty' }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Cart is empty')).toBeNull();
  });
});
