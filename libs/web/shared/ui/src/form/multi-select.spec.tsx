import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MULTISELECT_OPTIONS_LIMIT, MultiSelect, type MultiSelectItem } from './multi-select.js';

const GROUPS: MultiSelectItem[] = ['Line maintenance', 'Base maintenance', 'Stores', 'Planning', 'Quality'].map((name, index) => ({ id: index + 1, name }));

function Harness({ items, initial = [] }: { items: MultiSelectItem[]; initial?: (string | number)[] }) {
  const [value, setValue] = useState(initial);
  return <MultiSelect items={items} value={value} onChange={setValue} aria-label="Groups" />;
}

describe('MultiSelect (shop §2, §8, §9)', () => {
  it("shows the first 3 selections and then 'and N other items'", () => {
    render(<Harness items={GROUPS} initial={[1, 2, 3, 4, 5]} />);
    const selection = document.querySelector('.multiselect__selection')!;
    expect([...selection.querySelectorAll('.multiselect__chip')].map((chip) => chip.firstChild!.textContent)).toEqual(['Line maintenance', 'Base maintenance', 'Stores']);
    expect(screen.getByText('and 2 other items')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Stores' }));
    expect(screen.getByText('and 1 other items')).toBeTruthy();
  });

  it('offers at most 300 options', () => {
    const many = Array.from({ length: 450 }, (_, index) => ({ id: index, name: `Employee ${index}` }));
    render(<Harness items={many} />);
    fireEvent.focus(screen.getByRole('combobox', { name: 'Groups' }));
    expect(MULTISELECT_OPTIONS_LIMIT).toBe(300);
    expect(screen.getAllByRole('option')).toHaveLength(300);
  });

  it("says 'Oops! No items found. Consider changing the search query.' for a search without results", () => {
    render(<Harness items={GROUPS} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Groups' }), { target: { value: 'hangar' } });
    expect(screen.getByText('Oops! No items found. Consider changing the search query.')).toBeTruthy();
  });

  it('toggles items from the list', () => {
    render(<Harness items={GROUPS} />);
    const combo = screen.getByRole('combobox', { name: 'Groups' });
    fireEvent.change(combo, { target: { value: 'plan' } });
    fireEvent.click(screen.getByRole('option', { name: /Planning/ }));
    expect(screen.getByRole('option', { name: /Planning/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Remove Planning' })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: /Planning/ }));
    expect(screen.queryByRole('button', { name: 'Remove Planning' })).toBeNull();
  });
});
