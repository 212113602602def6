import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { formatDateInput } from './date-input.js';
import { firstMessages } from './form-field.js';
import { RichText } from './rich-text.js';

describe('date input (shop §5: pattern YYYY-MM-DD with a dash delimiter)', () => {
  it('shapes typed digits to YYYY-MM-DD', () => {
    expect(formatDateInput('20250915')).toBe('2025-09-15');
    expect(formatDateInput('2025')).toBe('2025');
    expect(formatDateInput('2025-')).toBe('2025-');
    expect(formatDateInput('202509')).toBe('2025-09');
    expect(formatDateInput('2025/09/15 extra 1')).toBe('2025-09-15');
  });
});

describe('form helpers', () => {
  it('keeps the first server message of each field (shop §5)', () => {
    expect(firstMessages({ email: ['The email is required.', 'Invalid email'], name: [] })).toEqual({ email: 'The email is required.' });
  });

  it('renders link markers of a translated text as components, the rest as text', () => {
    render(<RichText text="I accept the <terms>terms and conditions</terms> & <b>more</b>" components={{ terms: (text) => <a href="/articles/terms-and-conditions">{text}</a> }} />);
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/articles/terms-and-conditions');
    expect(document.body.textContent).toBe('I accept the terms and conditions & <b>more</b>');
  });
});
