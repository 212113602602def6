import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { CART_QUANTITY_DEBOUNCE_MS } from '@aero/web-shared-util';
import { fakeTimersInEachTest } from '@aero/web-shared-testing';
import { QuantityInput } from './quantity-input.js';

function Harness({ onCommit, arrows = false, initial = 2 }: { onCommit: (quantity: number) => void; arrows?: boolean; initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <QuantityInput
      value={value}
      label="Quantity of Part-145 Initial Training"
      arrows={arrows}
      onCommit={(quantity) => {
        onCommit(quantity);
        setValue(quantity);
      }}
    />
  );
}

const field = () => screen.getByLabelText<HTMLInputElement>('Quantity of Part-145 Initial Training');

/** Whether the input lets a key press through (a prevented keydown types nothing). */
const accepts = (key: string, modifiers: { ctrlKey?: boolean } = {}) => fireEvent.keyDown(field(), { key, ...modifiers });

describe('QuantityInput', () => {
  fakeTimersInEachTest();

  it('accepts only digits, Backspace, Delete and the arrow keys (shop §5)', () => {
    render(<Harness onCommit={() => undefined} />);
    for (const key of ['0', '5', '9', 'Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
      expect([key, accepts(key)]).toEqual([key, true]);
    }
    for (const key of ['a', 'e', 'E', '-', '+', '.', ',', ' ', 'Home']) {
      expect([key, accepts(key)]).toEqual([key, false]);
    }
  });

  it('still lets Tab move focus and keyboard shortcuts work (they type nothing)', () => {
    render(<Harness onCommit={() => undefined} />);
    expect(accepts('Tab')).toBe(true);
    expect(accepts('v', { ctrlKey: true })).toBe(true);
  });

  it('sends the new quantity only after a 500 ms pause, once, with the last value typed', () => {
    const onCommit = jest.fn();
    render(<Harness onCommit={onCommit} />);
    expect(CART_QUANTITY_DEBOUNCE_MS).toBe(500);

    fireEvent.change(field(), { target: { value: '3' } });
    act(() => jest.advanceTimersByTime(300));
    fireEvent.change(field(), { target: { value: '4' } });
    act(() => jest.advanceTimersByTime(499));
    expect(onCommit).not.toHaveBeenCalled();

    act(() => jest.advanceTimersByTime(1));
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith(4);
  });

  it('never sends a quantity below the minimum of 1, and restores the cart quantity on leaving the field', () => {
    const onCommit = jest.fn();
    render(<Harness onCommit={onCommit} />);
    fireEvent.change(field(), { target: { value: '0' } });
    act(() => jest.advanceTimersByTime(1000));
    fireEvent.change(field(), { target: { value: '' } });
    act(() => jest.advanceTimersByTime(1000));
    expect(onCommit).not.toHaveBeenCalled();

    fireEvent.blur(field());
    expect(field().value).toBe('2');
    expect(field().min).toBe('1');
  });

  it('does not send the quantity the cart already has', () => {
    const onCommit = jest.fn();
    render(<Harness onCommit={onCommit} />);
    fireEvent.change(field(), { target: { value: '5' } });
    fireEvent.change(field(), { target: { value: '2' } });
    act(() => jest.advanceTimersByTime(500));
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('caps a line at 999', () => {
    const onCommit = jest.fn();
    render(<Harness onCommit={onCommit} />);
    fireEvent.change(field(), { target: { value: '1500' } });
    act(() => jest.advanceTimersByTime(500));
    expect(onCommit).toHaveBeenCalledWith(999);
    expect(field().value).toBe('999');
  });

  it('has up/down arrows that change the quantity, sent after the same pause', () => {
    const onCommit = jest.fn();
    render(<Harness onCommit={onCommit} arrows initial={1} />);
    const up = screen.getByRole('button', { name: 'Increase quantity' });
    const down = screen.getByRole('button', { name: 'Decrease quantity' });
    expect(down).toHaveProperty('disabled', true);

    fireEvent.click(up);
    fireEvent.click(up);
    expect(field().value).toBe('3');
    act(() => jest.advanceTimersByTime(499));
    expect(onCommit).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onCommit).toHaveBeenCalledWith(3);

    fireEvent.click(down);
    act(() => jest.advanceTimersByTime(500));
    expect(onCommit).toHaveBeenLastCalledWith(2);
  });

  it('shows the cart quantity again when the cart changes (e.g. a rolled-back update)', () => {
    const { rerender } = render(<QuantityInput value={2} label="Quantity of Part-145 Initial Training" onCommit={() => undefined} />);
    fireEvent.change(field(), { target: { value: '7' } });
    rerender(<QuantityInput value={3} label="Quantity of Part-145 Initial Training" onCommit={() => undefined} />);
    expect(field().value).toBe('3');
  });
});
