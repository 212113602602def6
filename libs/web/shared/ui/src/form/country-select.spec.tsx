import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { CountryDto } from '@aero/contracts';
import { COUNTRIES_FIXTURE } from '@aero/web-shared-testing';
import { COUNTRY_OPTIONS_LIMIT, CountrySelect, filterCountries } from './country-select.js';

/** 1200 made-up countries "Country 0001" … "Country 1200". */
const MANY: CountryDto[] = Array.from({ length: 1200 }, (_, index) => ({ id: `C${index}`, name: `Country ${String(index + 1).padStart(4, '0')}` }));

function renderSelect(countries: CountryDto[] | undefined = COUNTRIES_FIXTURE, value = '') {
  const onChange = jest.fn();
  render(<CountrySelect countries={countries} value={value} onChange={onChange} aria-label="Country" />);
  return { onChange, combo: screen.getByRole('combobox', { name: 'Country' }) };
}

describe('CountrySelect (shop §2, §8, §9; learning §2, §5, §9)', () => {
  it("shows at most 1000 options and '+N other countries' for the rest", () => {
    const { combo } = renderSelect(MANY);
    fireEvent.focus(combo);
    expect(COUNTRY_OPTIONS_LIMIT).toBe(1000);
    expect(screen.getAllByRole('option')).toHaveLength(1000);
    expect(screen.getByText('+200 other countries')).toBeTruthy();

    fireEvent.change(combo, { target: { value: 'Country 1' } });
    expect(screen.getAllByRole('option')).toHaveLength(201); // Country 1000 … Country 1200
    expect(screen.queryByText(/other countries/)).toBeNull();
  });

  it("says 'Oops! No countries found.' when nothing matches", () => {
    const { combo } = renderSelect();
    fireEvent.change(combo, { target: { value: 'Atlantis' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Oops! No countries found.')).toBeTruthy();
  });

  it('filters by name and by id, the country whose id is the query first', () => {
    expect(filterCountries(COUNTRIES_FIXTURE, 'us').map((country) => country.id)).toEqual(['US', 'AT']);
    expect(filterCountries(COUNTRIES_FIXTURE, 'united').map((country) => country.name)).toEqual(['United Kingdom', 'United States']);
    expect(filterCountries(COUNTRIES_FIXTURE, 'de').map((country) => country.id)).toEqual(['DE']);
  });

  it('chooses with a click or the keyboard and shows the chosen name', () => {
    const { combo, onChange } = renderSelect(COUNTRIES_FIXTURE, 'DE');
    expect((combo as HTMLInputElement).value).toBe('Germany');
    fireEvent.change(combo, { target: { value: 'nor' } });
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Norway' }));
    expect(onChange).toHaveBeenLastCalledWith('NO');

    fireEvent.change(combo, { target: { value: 'ca' } });
    fireEvent.keyDown(combo, { key: 'ArrowDown' });
    expect(combo.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Canada' }).id);
    fireEvent.keyDown(combo, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('CA');
    expect(combo.getAttribute('aria-expanded')).toBe('false');
  });
});
